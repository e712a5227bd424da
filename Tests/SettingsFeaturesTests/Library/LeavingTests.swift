import ComposableForms
import SettingsFeatures
import Testing
import TerminalUI

/// A port and a host: the stepper's digits on their way into its range are no number yet.
/// Its save fails where `savesFail` says.
struct Listener: Reducer {
  struct DiskFull: Error, CustomStringConvertible {
    var description: String { "The disk is full" }
  }
  var savesFail = false

  struct State: Equatable, FormFeatureState {
    @BindingState var port = 8080
    @BindingState var host = ""
    var form = FormState<Field>()

    enum Field: FormField { case port, host }
    static let rules = FormRules<Self, Field>()
  }
  enum Action: BindableFormAction {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { [savesFail] _ in { if savesFail { throw DiskFull() } } }
  }

  @MainActor static let layout = FormLayout<State, Action>("Listener") { field in
    switch field {
    case .port: Stepper("Port", \.$port, range: 1024...65535)
    case .host: TextField("Host", \.$host)
    }
  }
}

/// Focus leaving a control by a key or a click: what the control says as it goes
/// (`FormControl.onLeave`).
@MainActor
struct LeavingTests {
  /// `store`'s form on a headless screen, drawn once.
  private func running<State, Action>(
    _ store: Store<State, Action>, _ layout: FormLayout<State, Action>, size: Size
  ) -> (FormRuntime<State, Action>, HeadlessBackend) {
    let backend = HeadlessBackend(size: size)
    let runtime = FormRuntime(
      store: store, layout: layout, terminal: Terminal(backend: backend), events: ScriptedEventSource([]))
    runtime.render()
    return (runtime, backend)
  }

  private func listener(savesFail: Bool = false) -> (FormRuntime<Listener.State, Listener.Action>, HeadlessBackend) {
    running(Store(initialState: Listener.State()) { Listener(savesFail: savesFail) }, Listener.layout, size: Size(columns: 90, rows: 12))
  }

  /// 80 typed over 8080 in 1024...65535 is no number yet: Tab, Enter and clicks elsewhere keep
  /// focus and say why (they left with 8080, unsaid, and Enter on the last field submitted
  /// it); taking the digits back lets focus go with the number as it was.
  @Test func digitsOnTheirWayIntoAStepperRangeKeepFocusUntilFinishedOrTakenBack() throws {
    let (runtime, backend) = listener()
    _ = runtime.handle(.character("8"))
    _ = runtime.handle(.character("0"))
    let why = "80 is not from 1024 to 65535 yet: type more digits, or Backspace to keep 8080"
    for key in [Key.tab, .enter] {
      _ = runtime.handle(key)
      runtime.render()
      #expect(runtime.store.state.form.focusedField == .port, "\(key)")
      #expect(backend.lines.contains { $0.contains(why) }, "\(key): \(backend.lines)")
    }
    _ = runtime.handle(try clickOn("Host", in: backend))
    _ = runtime.handle(try clickOn("Save", in: backend))
    #expect(runtime.store.state.form.focusedField == .port)
    #expect(runtime.store.state.form.outcome == nil, "Save did not submit 8080")
    runtime.render()
    #expect(backend.lines.contains { $0.contains("‹ 80… ›") }, "the digits are still there: \(backend.lines)")
    _ = runtime.handle(.backspace)
    _ = runtime.handle(.backspace)
    _ = runtime.handle(.tab)
    #expect(runtime.store.state.form.focusedField == .host)
    #expect(runtime.store.state.port == 8080)
  }

  /// A form never traps focus: Shift-Tab goes back, dropping the digits.
  @Test func shiftTabLeavesAStepperWithDigitsOnTheirWay() {
    let (runtime, _) = listener()
    _ = runtime.handle(.tab)
    _ = runtime.handle(.backTab)
    #expect(runtime.store.state.form.focusedField == .port)
    _ = runtime.handle(.character("8"))
    _ = runtime.handle(.backTab)
    #expect(runtime.store.state.form.focusedField != .port)
    #expect(runtime.store.state.port == 8080)
  }

  /// Why focus stayed shows even after a failed save, whose reason held the status line until
  /// the next save: under it, Tab did nothing without a word.
  @Test func whyFocusStaysShowsOverAFailedSavesReason() async throws {
    let (runtime, backend) = listener(savesFail: true)
    _ = runtime.handle(.tab)
    _ = runtime.handle(.enter)  // the last field: saves
    for _ in 0..<50 where runtime.store.state.form.submitError == nil { await Task.yield() }
    runtime.render()
    #expect(backend.lines.contains { $0.contains("The disk is full") }, "\(backend.lines)")
    _ = runtime.handle(.backTab)
    _ = runtime.handle(.character("8"))
    _ = runtime.handle(.tab)
    runtime.render()
    #expect(runtime.store.state.form.focusedField == .port)
    #expect(backend.lines.contains { $0.contains("8 is not from 1024 to 65535 yet") }, "\(backend.lines)")
  }

  /// A click on a list that follows the select being left, after moving in that select: the
  /// select takes its highlighted option, and the click only focuses the list, which was drawn
  /// for the old choice (handed the click, it chose an option the new list lacks).
  @Test func aClickOnAListThatFollowsTheSelectLeftOnlyFocusesIt() throws {
    SpecForm.install(try FormSpec.parse(Array("""
      {"fields": [
        {"key": "provider", "kind": "select", "options": ["aws", "hetzner"]},
        {"key": "region", "kind": "select", "optionsBy": "provider", "options": {
          "aws": ["us-east-1", "us-west-2"], "hetzner": ["fsn1", "nbg1"]}}
      ]}
      """.utf8)))
    let store = Store(initialState: SpecForm.State()) { SpecForm() }
    let (runtime, backend) = running(store, SpecForm.layout(), size: Size(columns: 60, rows: 16))
    _ = runtime.handle(.down)
    _ = runtime.handle(try clickOn("us-west-2", in: backend))
    #expect(store.state.texts[0].wrappedValue == "hetzner")
    #expect(store.state.texts[1].wrappedValue == "fsn1", "the new list's first option, not the old list's us-west-2")
    #expect(store.state.form.focusedField == SpecForm.Field(index: 1))
    _ = runtime.handle(.tab)
    #expect(store.state.texts[1].wrappedValue == "fsn1", "the click moved no highlight")
  }

  @Test func digitsThatMakeANumberInTheRangeLeaveWithIt() {
    let (runtime, _) = listener()
    for digit in "8081" { _ = runtime.handle(.character(digit)) }
    _ = runtime.handle(.tab)
    #expect(runtime.store.state.form.focusedField == .host)
    #expect(runtime.store.state.port == 8081)
  }

  private func unlock(focus: Unlock.State.Field = .vault) -> (FormRuntime<Unlock.State, Unlock.Action>, HeadlessBackend) {
    var state = Unlock.State()
    state.form.focus = .field(focus)
    return running(Store(initialState: state) { Unlock() }, Unlock.layout, size: Size(columns: 60, rows: 16))
  }

  /// Tab (or Shift-Tab, or a click elsewhere) after moving in a one-choice list leaves with the
  /// option moved to, as Enter does and as huh's select does.
  @Test func leavingAOneChoiceListAfterMovingChoosesTheHighlightedOption() throws {
    let (tabbed, _) = unlock()
    _ = tabbed.handle(.down)
    _ = tabbed.handle(.tab)
    #expect(tabbed.store.state.vault == .south)
    #expect(tabbed.store.state.form.focusedField == .pin)

    let (backed, _) = unlock()
    _ = backed.handle(.end)
    _ = backed.handle(.backTab)
    #expect(backed.store.state.vault == .east)

    let (clicked, backend) = unlock()
    _ = clicked.handle(.down)
    _ = clicked.handle(try clickOn("____", in: backend))
    #expect(clicked.store.state.vault == .south)
    #expect(clicked.store.state.form.focusedField == .pin)
  }

  /// Passing through a list without moving chooses nothing.
  @Test func passingThroughAOneChoiceListChoosesNothing() {
    let (runtime, _) = unlock()
    _ = runtime.handle(.tab)
    #expect(runtime.store.state.vault == .north)
    #expect(runtime.store.state.form.focusedField == .pin)
  }

  /// A filter typed down to one option and Tab choose it (`zur` and Tab for Zürich).
  @Test func leavingAFilteredListChoosesItsHighlightedMatch() {
    var state = Survey.State()
    state.form.focus = .field(.city)
    let store = Store(initialState: state) { Survey() }
    let (runtime, _) = running(store, Survey.layout, size: Size(columns: 70, rows: 30))
    for character in "999" { _ = runtime.handle(.character(character)) }
    _ = runtime.handle(.tab)
    #expect(store.state.city == "City 999")
    #expect(store.state.form.focusedField == .topics)
  }

  /// A filter that matches nothing is a choice not made yet: Enter and Tab keep focus and say
  /// how to go on (Enter on the last field saved the old value); Esc clears the filter.
  @Test func aFilterThatMatchesNothingKeepsFocus() {
    var state = Survey.State()
    state.form.focus = .field(.city)
    let store = Store(initialState: state) { Survey() }
    let (runtime, backend) = running(store, Survey.layout, size: Size(columns: 90, rows: 30))
    for character in "zzz" { _ = runtime.handle(.character(character)) }
    for key in [Key.enter, .tab] {
      _ = runtime.handle(key)
      runtime.render()
      #expect(store.state.form.focusedField == .city, "\(key)")
      #expect(backend.lines.contains { $0.contains("No option matches what is typed: Backspace or Esc clears the filter") }, "\(key): \(backend.lines)")
    }
    _ = runtime.handle(.escape)
    _ = runtime.handle(.tab)
    #expect(store.state.form.focusedField == .topics)
    #expect(store.state.city == "City 1")
  }

  /// A control of your own keeps focus while what was typed into it is no value yet, with
  /// `onLeave`, and says why; a click elsewhere is held too.
  @Test func aControlOfYourOwnKeepsFocusWithOnLeave() throws {
    let (runtime, backend) = unlock(focus: .pin)
    _ = runtime.handle(.character("1"))
    _ = runtime.handle(.character("2"))
    _ = runtime.handle(.tab)
    runtime.render()
    #expect(runtime.store.state.form.focusedField == .pin)
    #expect(backend.lines.contains { $0.contains("Type all four digits") }, "\(backend.lines)")
    _ = runtime.handle(try clickOn("south", in: backend))
    #expect(runtime.store.state.form.focusedField == .pin)
    #expect(runtime.store.state.vault == .north)
    _ = runtime.handle(.character("3"))
    _ = runtime.handle(.character("4"))
    #expect(runtime.store.state.pin == "1234")
  }
}
