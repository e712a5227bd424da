import ComposableForms
import SettingsFeatures
import TerminalUI
import Testing

@MainActor
struct SettingsScreenTests {
  @Test func initialScreenShowsSavedValuesWithFocusOnTheFirstField() {
    let state = SettingsForm.State(
      settings: UserSettings(digest: .weekly, displayName: "Blob", protectMyPosts: true))
    let (lines, cursor) = screen(SettingsForm.layout, state)
    #expect(
      lines == [
        " Settings",
        String(repeating: "─", count: 80),
        "",
        " › Digest                ( ) Daily",
        "                         (•) Weekly",
        "                         ( ) Off",
        "   Display name          Blob",
        "   Notifications         [ ] Off",
        "   Email notifications   [ ] Off",
        "   Mobile notifications  [ ] Off",
        "   Protect my posts      [x] On",
        "",
        "                         [ Save ]  [ Cancel ]",
      ] + Array(repeating: "", count: 10) + [
        " ↑/↓ move  Space choose  Tab next  Shift-Tab back  Enter next  Esc cancel"
      ])
    #expect(cursor == nil)
  }

  @Test func aFocusedTextFieldHasTheCursorAtTheEndOfItsText() {
    var state = SettingsForm.State(settings: UserSettings(displayName: "Blob"))
    state.form.focus = .field(.displayName)
    let (lines, cursor) = screen(SettingsForm.layout, state)
    #expect(lines[3] == "   Digest                (•) Daily")
    #expect(lines[6] == " › Display name          Blob")
    #expect(cursor == Position(column: 29, row: 6))
  }

  /// A control character in a saved value (a hand-edited file) is shown as its picture, so the
  /// error's "control characters" can be found and deleted; the cursor counts it as a column.
  @Test func aControlCharacterInAValueShowsAsItsPicture() {
    var state = SettingsForm.State(settings: UserSettings(displayName: "Bl\u{7}o\u{202E}b"))
    #expect(screen(SettingsForm.layout, state).lines[6] == "   Display name          Bl␇o�b")
    state.form.focus = .field(.displayName)
    let (lines, cursor) = screen(SettingsForm.layout, state)
    #expect(lines[6] == " › Display name          Bl␇o�b")
    #expect(cursor == Position(column: 31, row: 6), "after the sixth character shown")
  }

  @Test func anInlineErrorSitsDirectlyUnderItsField() {
    var state = SettingsForm.State()
    state.form.focus = .field(.enableNotifications)
    state.form.errors[.displayName] = "Please enter a display name"
    let lines = screen(SettingsForm.layout, state).lines
    #expect(lines[6] == "   Display name          How others see you")
    #expect(lines[7] == "                         ! Please enter a display name")
    #expect(lines[8] == " › Notifications         [ ] Off")
  }

  @Test func askingForPermissionShowsALoadingNoteBesideTheToggle() {
    var state = SettingsForm.State()
    state.enableNotifications = true
    state.isLoading = true
    let line = screen(SettingsForm.layout, state).lines[7]
    #expect(line == "   Notifications         [x] On        ⠋ Asking for permission…")
  }

  @Test func aDeniedPermissionSaysWhyBesideTheToggle() {
    var state = SettingsForm.State()
    state.notificationsDenial = "No desktop session to deliver notifications to"
    let lines = screen(SettingsForm.layout, state).lines
    #expect(lines[7] == "   Notifications         [ ] Off")
    #expect(lines[8] == "                         ✗ No desktop session to deliver notifications to")
    #expect(lines[9] == "   Email notifications   [ ] Off")
  }

  @Test func aTooSmallTerminalShowsAMessageInsteadOfTheForm() {
    let lines = screen(SettingsForm.layout, SettingsForm.State(), columns: 30, rows: 8).lines
    #expect(
      lines == [
        "",
        "",
        "      Terminal too small",
        "    Need 40×10, have 30×8",
        "      Enlarge the window",
      ])
  }

  @Test func aShortTerminalScrollsToKeepTheFocusedFieldVisible() {
    var state = SettingsForm.State()
    state.form.focus = .field(.protectMyPosts)
    let (lines, _) = screen(SettingsForm.layout, state, columns: 60, rows: 10)
    #expect(
      lines == [
        " Settings",
        String(repeating: "─", count: 52) + "↑ more──",
        "                         ( ) Off",
        "   Display name          How others see you",
        "   Notifications         [ ] Off",
        "   Email notifications   [ ] Off",
        "   Mobile notifications  [ ] Off",
        " › Protect my posts      [ ] Off",
        "                                                    ↓ more",
        " Space toggle  Tab next  Shift-Tab back  Esc cancel",
      ])
  }
}
