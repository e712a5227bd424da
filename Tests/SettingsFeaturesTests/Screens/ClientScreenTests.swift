import ComposableForms
import SettingsFeatures
import TerminalUI
import Testing

@MainActor
struct ClientScreenTests {
  @Test func inlineErrorsShowUnderTheirFieldsAndSaveIsDimmed() {
    var state = ClientForm.State(email: "blob", age: 10)
    state.form.focus = .field(.email)
    state.form.errors = [
      .email: "Please enter a valid email", .age: "You must be 18 to create an account",
    ]
    let (lines, cursor) = screen(ClientForm.layout, state)
    #expect(
      Array(lines.prefix(11)) == [
        " New client",
        String(repeating: "─", count: 80),
        "",
        "   Name   Ada Lovelace",
        " › Email  blob",
        "          ! Please enter a valid email",
        "   Age    10",
        "          ! You must be 18 to create an account",
        "",
        "          [ Save ]  [ Cancel ]",
        "",
      ])
    #expect(cursor == Position(column: 14, row: 4))
  }

  @Test func aRunningUniquenessCheckSaysCheckingBesideTheEmail() {
    var state = ClientForm.State(email: "blob@example.com")
    state.form.checks[.email] = FieldCheck(value: "blob@example.com", generation: 1)
    let line = screen(ClientForm.layout, state).lines[4]
    #expect(line.hasPrefix("   Email  blob@example.com"))
    #expect(line.hasSuffix("Checking…"))
  }

  @Test func aFailedSaveIsShownOnTheStatusLine() {
    var state = ClientForm.State()
    state.form.submitError = "A client with this email already exists"
    let lines = screen(ClientForm.layout, state).lines
    #expect(lines[22].contains("A client with this email already exists"))
  }
}
