import ComposableForms
import SettingsFeatures
import TerminalUI
import ComposableFormsTesting
import Testing

@Suite(.mainSerialExecutor)
@MainActor
struct RuntimeTests {
  func type(_ text: String) -> [TerminalEvent] { text.map { .key(.character($0)) } }

  @Test func aScriptedSessionFillsAndSubmitsTheClientForm() async {
    let saved = LockIsolated<[Client]>([])
    let store = Store(initialState: ClientForm.State()) { ClientForm() } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.clientStorage.emailExists = { _ in false }
      $0.clientStorage.add = { client in saved.withValue { $0.append(client) } }
    }
    let backend = HeadlessBackend(size: Size(columns: 80, rows: 24))
    let events = ScriptedEventSource(
      type("Ada") + [.key(.tab)] + type("ada@example.com") + [.key(.tab)]
        + [.key(.right), .key(.right), .key(.enter)])
    let runtime = FormRuntime(
      store: store, layout: ClientForm.layout, terminal: Terminal(backend: backend), events: events)
    let outcome = await runtime.run()
    #expect(outcome == .submitted)
    #expect(saved.value == [Client(name: "Ada", email: "ada@example.com", age: 20)])
  }

  /// Left and Right go between Save and Cancel, as between a question's answers (and huh's
  /// buttons); past either end they do nothing.
  @Test func leftAndRightGoBetweenSaveAndCancel() {
    let store = Store(initialState: ClientForm.State(name: "Ada")) { ClientForm() }
    let runtime = FormRuntime(
      store: store, layout: ClientForm.layout,
      terminal: Terminal(backend: HeadlessBackend(size: Size(columns: 80, rows: 24))), events: ScriptedEventSource())
    store.send(.form(.focus(.submit)))
    _ = runtime.handle(.left)
    #expect(store.state.form.focus == .submit)
    _ = runtime.handle(.right)
    #expect(store.state.form.focus == .cancel)
    _ = runtime.handle(.right)
    #expect(store.state.form.focus == .cancel)
    _ = runtime.handle(.left)
    #expect(store.state.form.focus == .submit)
  }

  @Test func tabbingOffABadEmailShowsItsErrorAndTheFixClearsIt() async {
    let store = Store(initialState: ClientForm.State(name: "Blob")) { ClientForm() } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.clientStorage.emailExists = { _ in false }
    }
    let backend = HeadlessBackend(size: Size(columns: 80, rows: 24))
    let events = ScriptedEventSource([.key(.tab)] + type("blob") + [.key(.tab)])
    let runtime = FormRuntime(
      store: store, layout: ClientForm.layout, terminal: Terminal(backend: backend), events: events)
    for _ in 0..<6 {
      if case let .key(key) = events.nextEvent(timeout: .zero) { _ = runtime.handle(key) }
    }
    runtime.render()
    #expect(backend.lines[5] == "          ! Please enter a valid email")
    _ = runtime.handle(.backTab)
    for character in "@x.io" { _ = runtime.handle(.character(character)) }
    runtime.render()
    #expect(backend.lines[4].hasPrefix(" › Email  blob@x.io"))
    #expect(backend.lines[5] == "   Age    18")
  }

  /// The client form drawn once, focus on the age stepper.
  func clientFormOnAge() -> (
    Store<ClientForm.State, ClientForm.Action>, HeadlessBackend,
    FormRuntime<ClientForm.State, ClientForm.Action>
  ) {
    var state = ClientForm.State()
    state.form.focus = .field(.age)
    let store = Store(initialState: state) { ClientForm() }
    let backend = HeadlessBackend(size: Size(columns: 80, rows: 24))
    let runtime = FormRuntime(
      store: store, layout: ClientForm.layout, terminal: Terminal(backend: backend),
      events: ScriptedEventSource())
    runtime.render()
    return (store, backend, runtime)
  }

  @Test func digitsTypedIntoTheAgeStepperComposeANumberAcrossFrames() {
    let (store, backend, runtime) = clientFormOnAge()
    _ = runtime.handle(.character("1"))
    runtime.render()
    _ = runtime.handle(.character("0"))
    runtime.render()
    #expect(store.state.age == 10)
    #expect(backend.lines[5] == " › Age    ‹ 10 ›")
  }

  /// Backspace takes a digit back, from what was typed or from the number shown, and a pasted
  /// number in the range sets the stepper; one out of it, or not a number, changes nothing.
  @Test func backspaceAndPasteEditTheAgeStepper() {
    let (store, backend, runtime) = clientFormOnAge()
    _ = runtime.handle(.backspace)
    #expect(store.state.age == 1, "18 loses its last digit")
    _ = runtime.handle(.character("9"))
    #expect(store.state.age == 19)
    _ = runtime.handle(.backspace)
    #expect(store.state.age == 1)
    _ = runtime.handle(.paste("37\n"))
    #expect(store.state.age == 37, "a copied line's break is no part of the number")
    _ = runtime.handle(.paste(" 42 "))
    #expect(store.state.age == 42)
    _ = runtime.handle(.paste("4 2"))
    #expect(store.state.age == 42, "two numbers are not one")
    _ = runtime.handle(.paste("200"))
    runtime.render()
    #expect(backend.lines.contains { $0.contains("Only a number from 0 to 150 can be pasted here") }, "\(backend)")
    _ = runtime.handle(.paste("forty"))
    #expect(store.state.age == 42)
    runtime.render()
    #expect(backend.lines[5] == " › Age    ‹ 42 ›")
  }

  /// A digit that would take the number past the range's end is refused, with a word why,
  /// instead of starting a new number from it: 1500 typed into 0...150 stays 150.
  @Test func aDigitPastTheStepperRangeIsRefusedAndSaysWhy() {
    let (store, backend, runtime) = clientFormOnAge()
    for digit in "1500" { _ = runtime.handle(.character(digit)) }
    runtime.render()
    #expect(store.state.age == 150)
    #expect(backend.lines[5] == " › Age    ‹ 150", "no › at the end of the range")
    #expect(backend.lines.contains { $0.contains("At most 150: Backspace takes a digit back") }, "\(backend)")
    _ = runtime.handle(.backspace)
    runtime.render()
    #expect(store.state.age == 15)
    #expect(!backend.lines.contains { $0.contains("At most 150") }, "the word lasts until the next key")
  }

  @Test func escCancelsAndCtrlCInterrupts() async {
    let store = Store(initialState: SettingsForm.State()) { SettingsForm() }
    let backend = HeadlessBackend(size: Size(columns: 80, rows: 24))
    let runtime = FormRuntime(
      store: store, layout: SettingsForm.layout, terminal: Terminal(backend: backend),
      events: ScriptedEventSource([.key(.escape)]))
    #expect(await runtime.run() == .cancelled)

    let other = FormRuntime(
      store: Store(initialState: SettingsForm.State()) { SettingsForm() },
      layout: SettingsForm.layout, terminal: Terminal(backend: HeadlessBackend(size: Size(columns: 80, rows: 24))),
      events: ScriptedEventSource([.key(.control("c"))]))
    #expect(await other.run() == .interrupted)
  }

  @Test func permissionAnswerArrivesWhileWaitingAndIsDrawnAtOnce() async {
    let store = Store(initialState: SettingsForm.State()) { SettingsForm() } withDependencies: {
      $0.notificationPermission.request = { .denied(reason: "No desktop session") }
      $0.settingsStorage.save = { _, _ in }
    }
    let backend = HeadlessBackend(size: Size(columns: 80, rows: 24))
    let events = ScriptedEventSource(
      [.key(.tab)] + type("Blob") + [.key(.tab), .key(.character(" "))], idleLimit: .seconds(10))
    let runtime = FormRuntime(
      store: store, layout: SettingsForm.layout, terminal: Terminal(backend: backend), events: events)
    let run = Task { await runtime.run() }
    // The answer arrives while the loop waits for keys; it must be drawn without one.
    let deadline = ContinuousClock.now + .seconds(10)
    while store.state.notificationsDenial == nil || runtime.isDirtyForTesting,
      ContinuousClock.now < deadline
    {
      try? await Task.sleep(for: .milliseconds(1))
    }
    #expect(store.state.enableNotifications == false)
    #expect(backend.lines[7].hasPrefix(" › Notifications         [ ] Off"))
    #expect(backend.lines[7].hasSuffix("No desktop session"))
    events.append([.key(.escape), .key(.character("y"))])
    #expect(await run.value == .cancelled)
  }

  /// Esc on the too-small screen does what it does at full size: it clears a list's typed
  /// filter first, and only the next Esc cancels the form.
  @Test func escOnTheTooSmallScreenClearsAFilterFirstAsAtFullSize() {
    var state = Trip.State()
    state.form.focus = .field(.region)
    let store = Store(initialState: state) { Trip() }
    let backend = HeadlessBackend(size: Size(columns: 60, rows: 24))
    let runtime = FormRuntime(
      store: store, layout: Trip.layout, terminal: Terminal(backend: backend), events: ScriptedEventSource())
    for character in "pro" { _ = runtime.handle(.character(character)) }
    runtime.render()
    #expect(backend.lines.contains { $0.contains("pro") }, "the filter shows")
    backend.size = Size(columns: 20, rows: 5)
    _ = runtime.handle(.resize)
    #expect(runtime.handle(.escape) == nil, "the filter is cleared; the form goes on")
    #expect(store.state.form.outcome == nil)
    backend.size = Size(columns: 60, rows: 24)
    _ = runtime.handle(.resize)
    runtime.render()
    #expect(!backend.lines.contains { $0.contains("pro") }, "\(backend.lines.joined(separator: "\n"))")
    backend.size = Size(columns: 20, rows: 5)
    _ = runtime.handle(.resize)
    _ = runtime.handle(.escape)
    #expect(store.state.form.outcome == .cancelled)
  }

  @Test func resizingToTinyAndBackKeepsEverythingTyped() async {
    let store = Store(initialState: ClientForm.State()) { ClientForm() } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.clientStorage.emailExists = { _ in false }
    }
    let backend = HeadlessBackend(size: Size(columns: 80, rows: 24))
    let runtime = FormRuntime(
      store: store, layout: ClientForm.layout, terminal: Terminal(backend: backend),
      events: ScriptedEventSource())
    for character in "Ada" { _ = runtime.handle(.character(character)) }
    runtime.render()
    backend.size = Size(columns: 20, rows: 5)
    _ = runtime.handle(.resize)
    runtime.render()
    #expect(backend.lines.contains { $0.contains("Terminal too small") })
    backend.size = Size(columns: 80, rows: 24)
    _ = runtime.handle(.resize)
    runtime.render()
    #expect(backend.lines[3] == " › Name   Ada")
    #expect(backend.cursor == Position(column: 13, row: 3))
  }
}

@MainActor
struct LengthLimitTests {
  @Test func aLongPasteIntoTheEmailIsCutTo254AndTheStatusLineSaysSo() {
    var state = ClientForm.State()
    state.form.focus = .field(.email)
    let store = Store(initialState: state) { ClientForm() } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.clientStorage.emailExists = { _ in false }
    }
    let backend = HeadlessBackend(size: Size(columns: 80, rows: 24))
    let runtime = FormRuntime(
      store: store, layout: ClientForm.layout, terminal: Terminal(backend: backend),
      events: ScriptedEventSource())
    _ = runtime.handle(.paste(String(repeating: "a", count: 1_000) + "@example.com"))
    runtime.render()
    #expect(store.state.email.count == 254)
    #expect(backend.lines[22].contains("At most 254 characters: the rest was left out"))
    _ = runtime.handle(.backspace)
    runtime.render()
    #expect(!backend.lines[22].contains("At most"), "the notice lasts one key")
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct DiscardPromptRuntimeTests {
  func run(_ keys: [Key], size: Size = Size(columns: 80, rows: 24)) async -> (FormRuntime<ClientForm.State, ClientForm.Action>.Outcome, HeadlessBackend, ClientForm.State) {
    let store = Store(initialState: ClientForm.State()) { ClientForm() } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.clientStorage.emailExists = { _ in false }
    }
    let backend = HeadlessBackend(size: size)
    // NB: Paced: each key is drawn before the next, as when a person types.
    let events = ScriptedEventSource(keys.map { .key($0) }, idleLimit: .seconds(5), paced: true)
    let runtime = FormRuntime(
      store: store, layout: ClientForm.layout, terminal: Terminal(backend: backend), events: events)
    let outcome = await runtime.run()
    return (outcome, backend, store.state)
  }

  @Test func escOnAnUnchangedFormCancelsAtOnce() async {
    let (outcome, _, _) = await run([.escape])
    #expect(outcome == .cancelled)
  }

  @Test func escOnAChangedFormAsksThenNoKeepsTheTextAndYesCancels() async {
    let (outcome, _, state) = await run(
      [.character("A"), .escape, .character("n"), .character("b"), .escape, .character("y")])
    #expect(outcome == .cancelled)
    #expect(state.name == "Ab")
  }

  @Test func whileAskingTypedLettersDoNotReachTheField() async {
    let (outcome, _, state) = await run(
      [.character("A"), .escape, .character("q"), .enter, .escape, .tab, .enter])
    // No is preselected, so Enter went back; the next question starts on No again, Tab chose Yes.
    #expect(outcome == .cancelled)
    #expect(state.name == "A")
  }

  @Test func theSelectedAnswerIsTheOneEnterChoosesAfterItWasDrawn() async {
    // NB: No is preselected: Enter after that frame keeps the form; the second question starts
    //     on No again, and Tab then Space on Yes discards.
    let (outcome, backend, state) = await run(
      [.character("A"), .escape, .enter, .character("b"), .escape, .tab, .character(" ")])
    #expect(outcome == .cancelled)
    #expect(state.name == "Ab")
    #expect(!backend.lines.contains { $0.contains("Discard changes?") })
  }

  /// On a screen too small for the form, the question's keys work only where the too-small
  /// message shows them; where it is cut, only Esc answers (its cancel answer: keep editing).
  @Test func aQuestionCutOffByATinyWindowTakesOnlyEsc() {
    let store = Store(initialState: ClientForm.State()) { ClientForm() } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.clientStorage.emailExists = { _ in false }
    }
    let backend = HeadlessBackend(size: Size(columns: 80, rows: 24))
    let runtime = FormRuntime(
      store: store, layout: ClientForm.layout, terminal: Terminal(backend: backend), events: ScriptedEventSource())
    _ = runtime.handle(.character("A"))
    _ = runtime.handle(.escape)
    #expect(store.state.form.prompt != nil)
    backend.size = Size(columns: 20, rows: 2)
    _ = runtime.handle(.resize)
    runtime.render()
    #expect(!backend.lines.contains { $0.contains("y yes") }, "\(backend.lines)")
    _ = runtime.handle(.character("y"))
    #expect(store.state.form.outcome == nil, "an answer nobody could read")
    _ = runtime.handle(.escape)
    #expect(store.state.form.prompt == nil)
    #expect(store.state.form.outcome == nil)
    _ = runtime.handle(.escape)
    backend.size = Size(columns: 24, rows: 8)
    _ = runtime.handle(.resize)
    runtime.render()
    #expect(backend.lines.contains { $0.contains("y yes") }, "\(backend.lines)")
    // NB: No selection shows on this screen: Enter, Tab and Space would choose unseen.
    for key in [Key.tab, .enter, .character(" ")] { _ = runtime.handle(key) }
    #expect(store.state.form.outcome == nil)
    #expect(store.state.form.prompt != nil)
    _ = runtime.handle(.character("y"))
    #expect(store.state.form.outcome == .cancelled)
  }

  @Test func ctrlCStaysImmediateWhileAsking() async {
    let (outcome, _, _) = await run([.character("A"), .escape, .control("c")])
    #expect(outcome == .interrupted)
  }
}
