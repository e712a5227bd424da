import ComposableForms
import ComposableFormsTesting
import TerminalUI
import Testing

// NB: Public API only, as in a user's package.

/// On the narrowest screen a form is drawn on (40 columns), every control and both buttons
/// are whole: a control takes the whole column rather than leaving room for a note beside it.
@MainActor
struct NarrowFormTests {
  static let longSubmit = FormLayout<Letter.State, Letter.Action>(
    "Letter", submitTitle: "Send the letter to everyone now"
  ) { field in
    switch field {
    case .to: TextField("To", \.$to, placeholder: "someone@example.com")
    case .body: TextArea("Body", \.$body, rows: 3)
    case .urgent: Toggle("Urgent", \.$urgent)
    }
  }

  func screen<State, Action>(
    _ layout: FormLayout<State, Action>, _ state: State, columns: Int = 40
  ) -> [String] where Action.State == State {
    return layout.renderedLines(state, size: Size(columns: columns, rows: 30))
  }

  @Test func aConfirmKeepsBothAnswers() {
    let lines = screen(Survey.layout, Survey.State())
    #expect(lines.contains("   Subscribe?  [ Yes ]  [ No ]"), "\(lines.joined(separator: "\n"))")
  }

  @Test func aTextFieldTakesTheWholeColumn() {
    var state = Letter.State()
    state.form.focus = .field(.urgent)
    let lines = screen(Self.longSubmit, state)
    #expect(lines[3] == "   To      someone@example.com", "\(lines.joined(separator: "\n"))")
  }

  @Test func aLongSubmitTitleLeavesCancelOnScreenAndAClickOnItCancels() async {
    var state = Letter.State()
    state.form.focus = .cancel
    let lines = screen(Self.longSubmit, state)
    let buttons = lines.first { $0.contains("[ Cancel ]") }
    #expect(buttons == " › [ Send the letter to… ]  [ Cancel ]", "\(lines.joined(separator: "\n"))")

    let row = lines.firstIndex { $0.contains("[ Cancel ]") } ?? 0
    let store = Store(initialState: Letter.State()) { Letter() }
    let backend = HeadlessBackend(size: Size(columns: 40, rows: 30))
    let click = Key.mouse(MouseEvent(.press, at: Position(column: 30, row: row)))
    let events = ScriptedEventSource([.key(click)], idleLimit: .milliseconds(100))
    let runtime = FormRuntime(store: store, layout: Self.longSubmit, terminal: Terminal(backend: backend), events: events)
    #expect(await runtime.run() == .cancelled)
  }

  /// A title wider than the screen ends in "…", as labels and buttons do, so it does not look
  /// whole.
  @Test func aLongTitleIsCutWithAnEllipsis() {
    let layout = FormLayout<Letter.State, Letter.Action>("A letter to everyone who ever wrote to us") { field in
      switch field {
      case .to: TextField("To", \.$to)
      case .body: TextArea("Body", \.$body, rows: 3)
      case .urgent: Toggle("Urgent", \.$urgent)
      }
    }
    let lines = screen(layout, Letter.State())
    #expect(lines[0] == " A letter to everyone who ever wrote t…", "\(lines[0])")
  }

  @Test func atEightyColumnsTheButtonsStayUnderTheControls() {
    let lines = screen(Letter.layout, Letter.State(), columns: 80)
    #expect(lines.contains("           [ Save ]  [ Cancel ]"), "\(lines.joined(separator: "\n"))")
  }
}
