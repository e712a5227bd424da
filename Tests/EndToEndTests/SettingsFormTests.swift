import Foundation
import Testing

extension EndToEnd {
  @Suite struct SettingsFormTests {
    /// A hand-written file (unusual spacing, keys out of order): the program must not rewrite it
    /// unless the form is submitted.
    static let handWritten = """
      {"protectMyPosts": true,
         "displayName" : "Blob",   "digest": "weekly" }

      """

    @Test func startsWithTheSavedValuesOnScreen() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.writeSettings(Self.handWritten)
      try session.start([])

      let screen = try await session.waitFor(text: "Protect my posts")
      #expect(screen.lines.first == " Settings", "\(screen)")
      #expect(screen.contains(" › Digest                ( ) Daily"), "\(screen)")
      #expect(screen.contains("                         (•) Weekly"), "\(screen)")
      #expect(screen.contains("                         ( ) Off"), "\(screen)")
      #expect(screen.contains("   Display name          Blob"), "\(screen)")
      #expect(screen.contains("   Notifications         [ ] Off"), "\(screen)")
      #expect(screen.contains("   Email notifications   [ ] Off"), "\(screen)")
      #expect(screen.contains("   Mobile notifications  [ ] Off"), "\(screen)")
      #expect(screen.contains("   Protect my posts      [x] On"), "\(screen)")
      #expect(screen.contains("[ Save ]  [ Cancel ]"), "\(screen)")
      #expect(screen.lines.last?.contains("Esc cancel") == true, "\(screen)")

      try session.press("Escape")
      #expect(try await session.waitForExit() == 1)
    }

    @Test func tabVisitsEveryEnabledFieldAndShiftTabComesBack() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.writeSettings(Self.handWritten)
      try session.start([])
      try await session.waitForFocus(on: "Digest")

      // Forward: the two channel toggles are disabled while notifications are off: skipped.
      for label in ["Display name", "Notifications", "Protect my posts"] {
        try session.press("Tab")
        try await session.waitForFocus(on: label)
      }
      try session.press("Tab")
      try await session.waitForButton("Save")
      #expect(try session.screen().focused?.contains("[ Save ]  [ Cancel ]") == true)
      try session.press("Tab")
      try await session.waitForButton("Cancel")
      #expect(try session.screen().focused?.contains("[ Save ]  [ Cancel ]") == true)

      // Back again with Shift-Tab, every stop in reverse order.
      try session.press("BTab")
      try await session.waitForButton("Save")
      for label in ["Protect my posts", "Notifications", "Display name", "Digest"] {
        try session.press("BTab")
        let screen = try await session.waitForFocus(on: label)
        #expect(screen.focusedRows.count == 1, "\(screen)")
        #expect(try session.focusedButton() == nil, "\(screen)")
      }

      try session.press("Escape")
      #expect(try await session.waitForExit() == 1)
    }

    /// Screen readers and braille displays follow the terminal's cursor: on a control that
    /// takes no typing it rests, hidden, on the focused option or value; in a text field it
    /// shows where typing goes.
    @Test func theCursorFollowsFocusHiddenWhereNothingIsTyped() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.writeSettings(Self.handWritten)
      try session.start([])
      var screen = try await session.waitForFocus(on: "Digest")
      func cursor() throws -> (column: Int, row: Int, isVisible: Bool) {
        let parts = try session.display("#{cursor_x} #{cursor_y} #{cursor_flag}").split(separator: " ")
        return (Int(parts[0]) ?? -1, Int(parts[1]) ?? -1, parts[2] == "1")
      }
      let chosen = try #require(screen.lines.firstIndex { $0.contains("(•)") })
      var place = try cursor()
      #expect(place.row == chosen && place.column == 25 && !place.isVisible, "\(place)\n\(screen)")

      try session.press("Down")
      try await session.waitFor("the highlight to move") { _ in (try? cursor().row) == chosen + 1 }

      try session.press("Tab")
      screen = try await session.waitForFocus(on: "Display name")
      place = try cursor()
      let textRow = try #require(screen.lines.firstIndex { $0.hasPrefix(" › Display name") })
      #expect(place.row == textRow && place.isVisible, "\(place)\n\(screen)")

      try session.press("Tab")
      screen = try await session.waitForFocus(on: "Notifications")
      place = try cursor()
      let toggleRow = try #require(screen.lines.firstIndex { $0.hasPrefix(" › Notifications") })
      #expect(place.row == toggleRow && place.column == 25 && !place.isVisible, "\(place)\n\(screen)")

      // NB: Tab left the digest list with the option Down moved to: a change to discard.
      try session.press("Escape")
      try await session.waitFor(text: "Discard changes?")
      try session.type("y")
      #expect(try await session.waitForExit() == 1)
    }

    @Test func turningNotificationsOnIsDeniedWithoutADesktopAndTurnsBackOff() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.start([])
      try await session.waitForFocus(on: "Digest")
      try session.press("Tab", "Tab")
      try await session.waitForFocus(on: "Notifications")

      try session.press("Space")
      let screen = try await session.waitFor("the permission's denial") { $0.contains("✗ No desktop") }
      #expect(screen.contains(" › Notifications         [ ] Off"), "\(screen)")
      // Still off, so the channels stay disabled and Tab skips them.
      try session.press("Tab")
      try await session.waitForFocus(on: "Protect my posts")

      // Turned back off, every value is what the form opened with: Esc asks nothing.
      try session.press("Escape")
      #expect(try await session.waitForExit() == 1)
      #expect(!FileManager.default.fileExists(atPath: session.settingsFile.path))
    }

    @Test func submittingSavesExactlyTheNewValues() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.writeSettings(Self.handWritten)
      try session.start([])
      try await session.waitForFocus(on: "Digest")

      // The list: Weekly -> Off.
      try session.press("Down", "Space")
      try await session.waitFor(text: "(•) Off")
      // The name: clear it and type another.
      try session.press("Tab")
      try await session.waitForFocus(on: "Display name")
      try session.press("C-u")
      try await session.waitFor("the name cleared, its hint shown") { $0.focused == "Display name          How others see you" }
      try session.type("Blob Jr.")
      try await session.waitFor(text: " › Display name          Blob Jr.")
      // Protect my posts: on -> off.
      try session.press("Tab", "Tab")
      try await session.waitForFocus(on: "Protect my posts")
      try session.press("Space")
      try await session.waitFor(text: " › Protect my posts      [ ] Off")
      // Save.
      try session.press("Tab")
      try await session.waitForButton("Save")
      try session.press("Enter")

      #expect(try await session.waitForExit() == 0)
      let text = try String(contentsOf: session.settingsFile, encoding: .utf8)
      #expect(
        try SavedSettings.parse(text)
          == SavedSettings(digest: "off", displayName: "Blob Jr.", protectMyPosts: false))
      #expect(session.stdout == "Settings saved to \(session.settingsFile.path)\n")
      let terminal = try session.terminalState()
      #expect(terminal.isRestored, "\(terminal)")
    }

    @Test func escapeCancelsAndLeavesTheFileByteForByte() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.writeSettings(Self.handWritten)
      let before = try Data(contentsOf: session.settingsFile)
      try session.start([])
      try await session.waitForFocus(on: "Digest")

      try session.press("Up", "Space")
      try await session.waitFor(text: " › Digest                (•) Daily")
      try session.press("Tab")
      try await session.waitForFocus(on: "Display name")
      try session.type(" changed")
      try await session.waitFor(text: "Blob changed")
      // Esc on a changed form asks first; No goes back with everything kept.
      try session.press("Escape")
      var screen = try await session.waitFor("the whole question") {
        $0.contains("Discard changes?") && $0.contains("[ No ]") && $0.lines.last?.contains("n no") == true
      }
      #expect(screen.contains("[ Yes ]  [ No ]"), "\(screen)")
      #expect(screen.lines.last?.contains("y yes  n no") == true, "\(screen)")
      try session.type("n")
      screen = try await session.waitForQuestionGone("Discard changes?", answer: "n no")
      #expect(screen.contains(" › Display name          Blob changed"), "\(screen)")
      try session.type("!")
      try await session.waitFor(text: "Blob changed!")
      try await session.discardChanges()

      #expect(try await session.waitForExit() == 1)
      #expect(try Data(contentsOf: session.settingsFile) == before)
      #expect(session.stdout.isEmpty)
      let terminal = try session.terminalState()
      #expect(terminal.isRestored, "\(terminal)")
    }

    @Test func controlCQuitsWith130AndRestoresTheTerminal() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.writeSettings(Self.handWritten)
      let before = try Data(contentsOf: session.settingsFile)
      try session.start([])
      try await session.waitForFocus(on: "Digest")
      try session.press("Tab")
      try await session.waitForFocus(on: "Display name")
      try session.type("X")
      try await session.waitFor(text: "BlobX")
      #expect(try session.display("#{alternate_on}") == "1")

      try session.press("C-c")

      #expect(try await session.waitForExit() == 130)
      let terminal = try session.terminalState()
      #expect(!terminal.alternateScreen, "\(terminal)")
      #expect(terminal.cursorVisible, "\(terminal)")
      #expect(terminal.saneModes, "\(terminal)")
      #expect(try Data(contentsOf: session.settingsFile) == before)
    }
  }
}
