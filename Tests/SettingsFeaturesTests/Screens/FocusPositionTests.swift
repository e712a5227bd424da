import ComposableForms
import SettingsFeatures
import TerminalUI
import Testing

/// Where focus is on screen, for the cursor that rests there hidden when nothing is typed:
/// screen readers and braille displays follow the cursor, shown or not.
@MainActor
struct FocusPositionTests {
  /// A list's focus is its highlighted option, which starts on the chosen one and follows the
  /// arrows.
  @Test func aListsFocusIsItsHighlightedOption() {
    let state = SettingsForm.State(settings: UserSettings(digest: .weekly))
    // " › Digest                ( ) Daily" is row 3; Weekly, the chosen option, row 4.
    #expect(focusPosition(SettingsForm.layout, state) == Position(column: 25, row: 4))
    #expect(
      focusPosition(SettingsForm.layout, state, input: ControlInput(highlight: 2))
        == Position(column: 25, row: 5))
  }

  @Test func aToggleAndAStepperAreFocusedWhereTheirValueStarts() {
    var settings = SettingsForm.State()
    settings.form.focus = .field(.protectMyPosts)
    #expect(focusPosition(SettingsForm.layout, settings) == Position(column: 25, row: 10))
    var client = ClientForm.State()
    client.form.focus = .field(.age)
    let lines = screen(ClientForm.layout, client).lines
    let position = focusPosition(ClientForm.layout, client)
    #expect(position.map { lines[$0.row].hasPrefix(" › Age") } == true, "\(lines)")
    // The number, past the arrow: what a reader reads out is the value.
    #expect(position.map { Array(lines[$0.row])[$0.column...].starts(with: "18 ›") } == true, "\(lines)")
  }

  /// A confirm's focus is its answer: on No when No is chosen (it stayed on Yes).
  @Test func aConfirmIsFocusedOnItsChosenAnswer() {
    var state = Survey.State()
    state.form.focus = .field(.subscribes)
    for subscribes in [true, false] {
      state.subscribes = subscribes
      let lines = screen(Survey.layout, state).lines
      let position = focusPosition(Survey.layout, state)
      let answer = subscribes ? "[ Yes ]" : "[ No ]"
      #expect(position.map { Array(lines[$0.row])[$0.column...].starts(with: answer) } == true, "\(lines)")
    }
  }

  @Test func aFocusedButtonIsWhereItStarts() {
    var state = SettingsForm.State()
    state.form.focus = .cancel
    let lines = screen(SettingsForm.layout, state).lines
    let position = focusPosition(SettingsForm.layout, state)
    let row = lines.firstIndex { $0.contains("[ Save ]") }
    #expect(position?.row == row)
    #expect(position.map { Array(lines[$0.row])[$0.column...].starts(with: "[ Cancel ]") } == true)
  }

  /// Discard changes? starts on No, the answer that loses nothing.
  @Test func aPromptsFocusIsItsSelectedAnswer() {
    var state = ClientForm.State()
    state.name = "Ada"
    state.form.hasEdits = true
    state.form.prompt = .discardChanges
    let lines = screen(ClientForm.layout, state).lines
    let position = focusPosition(ClientForm.layout, state)
    #expect(position.map { Array(lines[$0.row])[$0.column...].starts(with: "[ No ]") } == true, "\(lines)")
  }

  @Test func theTooSmallScreenHasNoFocus() {
    #expect(focusPosition(SettingsForm.layout, SettingsForm.State(), columns: 20, rows: 5) == nil)
  }
}
