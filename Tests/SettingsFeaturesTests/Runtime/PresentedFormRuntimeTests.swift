import ComposableForms
import ComposableFormsTesting
import SettingsFeatures
import TerminalUI
import Testing

/// A parent that closes its client form as soon as the form ends, in the same action: the
/// form's store never shows the end, and the run must still stop.
struct ClosingParent: Reducer {
  struct State: Equatable {
    var form: ClientForm.State? = ClientForm.State()
    var ended: [FormOutcome] = []
  }
  enum Action: Equatable, CasePathable {
    case form(ClientForm.Action)

    struct AllCasePaths {
      var form: AnyCasePath<Action, ClientForm.Action> {
        AnyCasePath(embed: Action.form, extract: { if case let .form(action) = $0 { action } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .form = action, let outcome = state.form?.form.outcome {
        state.ended.append(outcome)
        state.form = nil
      }
      return .none
    }
    .ifLet(\.form, action: \.form) { ClientForm() }
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct PresentedFormRuntimeTests {
  func makeParent() -> Store<ClosingParent.State, ClosingParent.Action> {
    Store(initialState: ClosingParent.State()) { ClosingParent() } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.clientStorage.emailExists = { _ in false }
      $0.clientStorage.add = { _ in }
    }
  }

  func run(_ events: [TerminalEvent]) async -> (FormRuntime<ClientForm.State, ClientForm.Action>.Outcome, Store<ClientForm.State, ClientForm.Action>, [FormOutcome]) {
    let parent = makeParent()
    guard let child = parent.scope(state: \.form, action: \.form) else {
      Issue.record("no form to run")
      return (.interrupted, Store(initialState: ClientForm.State()) { ClientForm() }, [])
    }
    let runtime = FormRuntime(
      store: child, layout: ClientForm.layout,
      terminal: Terminal(backend: HeadlessBackend(size: Size(columns: 80, rows: 24))),
      events: ScriptedEventSource(events))
    let outcome = await runtime.run()
    return (outcome, child, parent.state.ended)
  }

  @Test func aFormItsParentClosesOnCancelEndsTheRun() async {
    let (outcome, child, ended) = await run([.key(.escape)])
    #expect(ended == [.cancelled])
    #expect(outcome == .dismissed)
    #expect(child.isDismissed)
  }

  /// The run ends as dismissed, not cancelled (its store never saw the save): the parent
  /// knows it was saved.
  @Test func aFormItsParentClosesOnSubmitEndsTheRun() async {
    let typed: [TerminalEvent] = "Ada".map { .key(.character($0)) } + [.key(.tab)]
      + "ada@example.com".map { .key(.character($0)) } + [.key(.tab), .key(.right), .key(.right), .key(.enter)]
    let (outcome, child, ended) = await run(typed)
    #expect(ended == [.submitted])
    #expect(outcome == .dismissed)
    #expect(child.isDismissed)
  }

  /// Line mode ends the same way: dismissed, once the parent lets the submitted form go.
  @Test func inLineModeAFormItsParentClosesOnSubmitEndsAsDismissed() async {
    let parent = makeParent()
    guard let child = parent.scope(state: \.form, action: \.form) else {
      Issue.record("no form to run")
      return
    }
    let channel = ScriptedLineChannel(["Ada", "ada@example.com", "36"])
    #expect(await ClientForm.layout.runLines(child, channel: channel) == .dismissed, "\(channel.transcript)")
    #expect(parent.state.ended == [.submitted])
  }
}
