import ComposableForms
import ComposableFormsTesting
import TerminalUI
import Testing

// NB: Public API only, as in a user's package.

/// A form with a text area between two fields.
struct Letter: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var to = ""
    @BindingState var body = ""
    @BindingState var urgent = false
    var form = FormState<Field>()
    enum Field: FormField { case to, body, urgent }
    static let rules = FormRules<Self, Field>(
      Validate(.body, \.$body, .required("Please write something"))
    )
  }
  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { _ in {} }
  }
  @MainActor static let layout = FormLayout<State, Action>("Letter") { field in
    switch field {
    case .to: TextField("To", \.$to)
    case .body: TextArea("Body", \.$body, rows: 3, placeholder: "Dear …", maxLength: 60)
    case .urgent: Toggle("Urgent", \.$urgent)
    }
  }
}

@MainActor
struct TextAreaTests {
  func run(
    _ keys: [Key], state: Letter.State = Letter.State(), editor: ((String) -> String?)? = nil
  ) async -> (FormRuntime<Letter.State, Letter.Action>.Outcome, Letter.State, HeadlessBackend) {
    let store = Store(initialState: state) { Letter() }
    let backend = HeadlessBackend(size: Size(columns: 40, rows: 14))
    let events = ScriptedEventSource(keys.map { .key($0) }, idleLimit: .milliseconds(100))
    let runtime = FormRuntime(
      store: store, layout: Letter.layout, terminal: Terminal(backend: backend), events: events)
    runtime.externalEditor = editor
    let outcome = await runtime.run()
    return (outcome, store.state, backend)
  }

  func type(_ text: String) -> [Key] { text.map { .character($0) } }

  @Test func theRuleOfATextAreaIsTheFormEnginesAsForAnyField() async {
    var state = Letter.State()
    state.form.focus = .field(.body)
    let store = TestStore(initialState: state) { Letter() }
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.urgent)
      $0.form.validated = [.body]
      $0.form.errors = [.body: "Please write something"]
    }
    await store.send(.set(\.$body, "Hi\nthere")) {
      $0.body = "Hi\nthere"
      $0.form.hasEdits = true
      $0.form.errors = [:]
    }
  }

  @Test func enterStartsANewLineAndTabLeaves() async {
    let keys: [Key] = [.tab] + type("Dear Ada,") + [.enter] + type("thanks for the notes on the engine")
      + [.tab, .character(" "), .escape, .character("y")]
    let (outcome, state, backend) = await run(keys)
    #expect(outcome == .cancelled)
    #expect(state.body == "Dear Ada,\nthanks for the notes on the engine")
    #expect(state.urgent, "Tab left the area for the toggle")
    _ = backend
  }

  @Test func theAreaWrapsItsTextShowsItsKeysAndPlacesTheCursor() async {
    let keys: [Key] = [.tab] + type("Dear Ada,") + [.enter] + type("thanks for the notes on the engine")
    let (_, _, backend) = await run(keys)
    let lines = backend.lines
    #expect(lines[4] == " › Body    Dear Ada,", "\(lines.joined(separator: "\n"))")
    #expect(lines[5] == "           thanks for the notes on")
    #expect(lines[6] == "           the engine")
    #expect(backend.cursor == Position(column: 21, row: 6))
    #expect(lines.last?.contains("Enter new line") == true, "\(lines.last ?? "")")
  }

  /// A tab (pasted, or from the editor) shows as `␉`, one column, as control characters do
  /// in a text field: it was drawn as nothing, and the cursor stood still stepping over it.
  @Test func aTabShowsAsItsPictureAndTheCursorStepsOverIt() async {
    var state = Letter.State()
    state.body = "a\tb\n\tc"
    let keys: [Key] = [.tab, .up, .control("a"), .right, .right]
    let (_, _, backend) = await run(keys, state: state)
    let lines = backend.lines
    #expect(lines[4] == " › Body    a␉b", "\(lines.joined(separator: "\n"))")
    #expect(lines[5] == "           ␉c")
    #expect(backend.cursor == Position(column: 13, row: 4), "after a and the tab")
  }

  @Test func ctrlEHandsTheTextToTheEditorAndTakesItBack() async {
    var handed: String?
    let keys: [Key] = [.tab] + type("draft") + [.control("e")]
    let (_, state, backend) = await run(keys) { text in
      handed = text
      return "edited\nin vi\n\u{1B}[31m\n"
    }
    #expect(handed == "draft")
    #expect(state.body == "edited\nin vi\n", "an escape sequence dropped whole, the last line break removed")
    #expect(backend.clears > 0, "the screen was drawn afresh after the editor")
    #expect(
      backend.lines.joined().contains("Control characters from the editor were left out"),
      "said, since the file cannot be seen: \(backend.lines.joined(separator: "\n"))")
    let (_, _, clean) = await run(keys) { _ in "plain\n" }
    #expect(!clean.lines.joined().contains("left out"), "\(clean.lines.joined(separator: "\n"))")
  }

  /// Tabs the editor was given or wrote stay tabs: an editor closed without a change changes
  /// nothing (they became spaces, silently).
  @Test func theEditorKeepsTabs() async {
    var state = Letter.State()
    state.body = "x\ty"
    let (_, unchanged, _) = await run([.tab, .control("e")], state: state) { $0 }
    #expect(unchanged.body == "x\ty")
    let (_, written, _) = await run([.tab, .control("e")], state: state) { _ in "first\n\tsecond\n" }
    #expect(written.body == "first\n\tsecond")
  }

  /// After the editor the cursor is at the end of the new text, not at the old text's offset
  /// somewhere inside it: typing goes on where the text ends.
  @Test func typingAfterTheEditorGoesOnAtTheEndOfTheNewText() async {
    let keys: [Key] = [.tab] + type("draft") + [.control("e")] + type("!")
    let (_, state, _) = await run(keys) { _ in "a longer\nletter" }
    #expect(state.body == "a longer\nletter!")
  }

  @Test func anEditorThatFailsKeepsTheTextAndNoEditorMeansNothingHappens() async {
    let keys: [Key] = [.tab] + type("draft") + [.control("e")]
    let (_, failed, failedScreen) = await run(keys) { _ in nil }
    #expect(failed.body == "draft")
    // NB: The editor's own message went to the screen the form drew over: the form says it.
    #expect(failedScreen.lines.joined().contains("The editor gave no text back"), "\(failedScreen.lines.joined(separator: "\n"))")
    let (_, none, _) = await run(keys)
    #expect(none.body == "draft")
  }

  @Test func theLimitHoldsForTheEditorsTextToo() async {
    let keys: [Key] = [.tab, .control("e")]
    let (_, state, screen) = await run(keys) { _ in String(repeating: "x", count: 100) }
    #expect(state.body.count == 60)
    #expect(screen.lines.joined().contains("At most 60 characters: the rest was left out"), "\(screen.lines.joined(separator: "\n"))")
  }

  @Test func lineModeAsksATextAreaOnOneLine() async {
    let store = Store(initialState: Letter.State()) { Letter() }
    let channel = ScriptedLineChannel(["Ada", "Dear Ada,\\nthanks", "n"])
    let outcome = await Letter.layout.runLines(store, channel: channel)
    #expect(outcome == .submitted, "\(channel.transcript)")
    #expect(store.state.body == "Dear Ada,\nthanks")
    #expect(channel.transcript.contains("Body (one line; \\n starts a new one, \\\\ is a backslash): "))
  }

  /// A backslash before `n` that is meant as one is written doubled: `C:\\new` stays a path.
  @Test func lineModeTellsALiteralBackslashNFromALineBreak() async {
    let store = Store(initialState: Letter.State()) { Letter() }
    let channel = ScriptedLineChannel(["Ada", #"C:\\new\table\nnext \q"#, "n"])
    let outcome = await Letter.layout.runLines(store, channel: channel)
    #expect(outcome == .submitted, "\(channel.transcript)")
    #expect(store.state.body == "C:\\new\\table\nnext \\q")
  }
}
