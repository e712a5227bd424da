import ComposableForms
import ComposableFormsTesting
import TerminalUI
import Testing

// NB: Public API only, as in a user's package.

/// Clicks and the wheel, on the survey form (every list kind, a confirm) and the letter form (a
/// toggle and the buttons).
@MainActor
struct MouseTests {
  func click(_ column: Int, _ row: Int) -> Key { .mouse(MouseEvent(.press, at: Position(column: column, row: row))) }

  func run<State: FormFeatureState, Action: BindableFormAction>(
    _ layout: FormLayout<State, Action>, _ store: Store<State, Action>, _ keys: [Key], rows: Int = 30
  ) async -> (FormRuntime<State, Action>.Outcome, HeadlessBackend) where Action.State == State {
    let backend = HeadlessBackend(size: Size(columns: 70, rows: rows))
    let events = ScriptedEventSource(keys.map { .key($0) }, idleLimit: .milliseconds(100))
    let runtime = FormRuntime(store: store, layout: layout, terminal: Terminal(backend: backend), events: events)
    let outcome = await runtime.run()
    return (outcome, backend)
  }

  @Test func aClickChoosesAnOptionTogglesChoicesAndAnswersAConfirm() async {
    // Rows as drawn (see FieldKindTests): Language's options on rows 5 to 8, Topics' on 13 to
    // 16, Subscribe? on 19; the controls start at column 15.
    let store = Store(initialState: Survey.State()) { Survey() }
    let keys: [Key] = [
      click(17, 7),  // Language: Rust
      click(17, 13), click(17, 15),  // Topics: Forms, Testing
      click(26, 19),  // Subscribe?: No
      click(16, 19),  // Subscribe?: Yes
      click(4, 18),  // the Secret label: focus only
      .escape, .character("y"),
    ]
    let (outcome, backend) = await run(Survey.layout, store, keys)
    #expect(outcome == .cancelled)
    let state = store.state
    #expect(state.language == .rust, "\(backend.lines.joined(separator: "\n"))")
    #expect(state.topics == ["Forms", "Testing"])
    #expect(state.subscribes)
  }

  @Test func aClickFocusesATextAreaFlipsAToggleAndPressesSave() async {
    let store = Store(initialState: Letter.State()) { Letter() }
    // Letter at 70 columns: To on row 3, Body on rows 4 to 6, Urgent on 7, the buttons on 9.
    let keys: [Key] = [click(20, 5)] + "Hi".map { .character($0) } + [click(13, 7), click(12, 9)]
    let (outcome, backend) = await run(Letter.layout, store, keys)
    #expect(outcome == .submitted, "\(backend.lines.joined(separator: "\n"))")
    #expect(store.state.body == "Hi")
    #expect(store.state.urgent)
  }

  @Test func aClickOnCancelAsksFirstWhenSomethingChanged() async {
    var state = Letter.State()
    state.form.hasEdits = true
    let store = Store(initialState: state) { Letter() }
    let (outcome, backend) = await run(Letter.layout, store, [click(23, 9), .character("y")])
    #expect(outcome == .cancelled, "\(backend.lines.joined(separator: "\n"))")
  }

  @Test func theWheelScrollsTheFormUntilAKeyBringsFocusBack() async {
    let store = Store(initialState: Survey.State()) { Survey() }
    let backend = HeadlessBackend(size: Size(columns: 70, rows: 12))
    let events = ScriptedEventSource([], idleLimit: .milliseconds(100))
    let runtime = FormRuntime(store: store, layout: Survey.layout, terminal: Terminal(backend: backend), events: events)
    runtime.render()
    #expect(backend.lines.joined().contains("Language"))
    _ = runtime.handle(.mouse(MouseEvent(.wheelDown, at: Position(column: 5, row: 5))))
    _ = runtime.handle(.mouse(MouseEvent(.wheelDown, at: Position(column: 5, row: 5))))
    runtime.render()
    var text = backend.lines.joined(separator: "\n")
    #expect(!text.contains("Language"), "scrolled past the focused field: \(text)")
    #expect(text.contains("Topics"))
    _ = runtime.handle(.down)
    runtime.render()
    text = backend.lines.joined(separator: "\n")
    #expect(text.contains("› Language"), "a key shows focus again: \(text)")
  }

  @Test func keymapsHandEveryMouseEventToTheLayout() {
    let event = MouseEvent(.press, at: Position(column: 1, row: 2))
    for focused in ControlKind.allCases {
      #expect(Keymap.standard.command(for: .mouse(event), focused: focused) == .mouse(event))
    }
  }
}

extension MouseTests {
  /// The discard question's box at 70x30 (see the key help): [ Yes ] at columns 20 to 26 of
  /// row 15, [ No ] at 29 to 34.
  @Test func aClickOnAQuestionsButtonAnswersIt() async {
    var state = Letter.State()
    state.form.hasEdits = true
    let yes = Store(initialState: state) { Letter() }
    let (answered, _) = await run(Letter.layout, yes, [click(23, 9), click(22, 15)])
    #expect(answered == .cancelled)

    let no = Store(initialState: state) { Letter() }
    let (kept, backend) = await run(Letter.layout, no, [click(23, 9), click(30, 15)])
    #expect(kept != .cancelled)
    #expect(!backend.lines.joined().contains("Discard changes?"), "\(backend.lines.joined(separator: "\n"))")

    let beside = Store(initialState: state) { Letter() }
    let (_, stays) = await run(Letter.layout, beside, [click(23, 9), click(40, 15), click(22, 13)])
    #expect(stays.lines.joined().contains("Discard changes?"), "a click beside the buttons answers nothing")
  }
}
