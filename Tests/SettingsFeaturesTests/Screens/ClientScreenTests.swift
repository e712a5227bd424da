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
      .email: "Please enter a valid email", .age: "A client must be 18 or older",
    ]
    let (lines, cursor) = screen(ClientForm.layout, state)
    #expect(
      Array(lines.prefix(11)) == [
        " New client",
        String(repeating: "─", count: 80),
        "",
        "   Name   e.g. Ada Lovelace",
        " › Email  blob",
        "          ! Please enter a valid email",
        "   Age    10",
        "          ! A client must be 18 or older",
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

  static let longError = """
    Cannot save the client to the clients database at /home/someone/.local/share/settings-tui/clients.sqlite: \
    attempt to write a readonly database
    """

  @Test func aLongErrorWrapsAboveTheKeyHelpInsteadOfBeingCut() {
    var state = ClientForm.State()
    state.form.submitError = Self.longError
    var view = FormViewState<ClientForm.Field>()
    let lines = ClientForm.layout.render(state, size: Size(columns: 80, rows: 24), theme: .color, view: &view).buffer.lines
    #expect(Array(lines[19...23]) == [
      "",
      " ✗ Cannot save the client to the clients database at",
      " /home/someone/.local/share/settings-tui/clients.sqlite: attempt to write a",
      " readonly database",
      " Tab next  Shift-Tab back  Enter next  Esc cancel",
    ])
    #expect(view.bodyRows == 18, "the fields gave the status two rows")
  }

  /// An error longer than the rows it may take keeps its start (what failed) and its end
  /// (why), and leaves out the middle, a long path, with "…".
  @Test func anErrorTooLongForTheScreenKeepsItsStartAndItsEnd() throws {
    var state = ClientForm.State()
    let folder = "/tmp/" + String(repeating: "a-rather-long-directory-name/", count: 6)
    state.form.submitError = "Cannot save the client to \(folder)clients.sqlite: could not create the folder \(folder) (Not a directory)."
    let lines = screen(ClientForm.layout, state, columns: 40, rows: 10).lines
    let start = try #require(lines.firstIndex { $0.hasPrefix(" ✗ Cannot save the client") }, "\(lines)")
    let status = Array(lines[start...8])
    #expect(status.contains { $0.contains("…") }, "the middle gives way: \(lines)")
    #expect(status.last?.contains("directory).") == true, "the reason shows, at the end: \(lines)")
  }

  @Test func onASmallScreenTheErrorWrapsBesideMoreAndTheFieldsScroll() throws {
    var state = ClientForm.State()
    state.form.submitError = Self.longError
    let lines = screen(ClientForm.layout, state, columns: 40, rows: 10).lines
    // The whole reason shows, the path in it too: the fields keep a row (and scroll).
    let start = try #require(lines.firstIndex { $0.hasPrefix(" ✗ Cannot save") }, "\(lines)")
    #expect(start == 4, "\(lines)")
    let status = lines[start...8].map { $0.replacingOccurrences(of: "↓ more", with: "").trimmingCharacters(in: .whitespaces) }
    #expect(status.joined().filter { !$0.isWhitespace } == ("✗ " + Self.longError).filter { !$0.isWhitespace }, "\(lines)")
    #expect(!lines.joined().contains("…"), "nothing is cut: \(lines)")
    #expect(lines[8].hasSuffix("↓ more"), "\(lines)")
    #expect(lines[start...8].allSatisfy { !$0.dropLast(8).contains("↓") })
    #expect(lines[9].hasPrefix(" Tab next"))
  }
}
