import Clocks
import ComposableForms
import ComposableFormsTesting
import Testing

/// A screen that is either a counter or idle: enum state, its counter case run by `ifCaseLet`.
/// Without macros, the state and action enums state their cases' paths themselves.
private struct Screen: Reducer {
  enum State: Equatable, CasePathable {
    case counter(Counter.State)
    case idle

    struct AllCasePaths: Sendable {
      var counter: AnyCasePath<State, Counter.State> {
        AnyCasePath(embed: State.counter, extract: { if case let .counter(c) = $0 { c } else { nil } })
      }
      var idle: AnyCasePath<State, Void> {
        AnyCasePath(embed: { State.idle }, extract: { if case .idle = $0 { () } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  enum Action: Equatable, CasePathable {
    case counter(Counter.Action)
    case start, stop

    struct AllCasePaths: Sendable {
      var counter: AnyCasePath<Action, Counter.Action> {
        AnyCasePath(embed: Action.counter, extract: { if case let .counter(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start: state = .counter(Counter.State())
      case .stop: state = .idle
      case .counter: break
      }
      return .none
    }
    .ifCaseLet(\.counter, action: \.counter) { Counter() }
  }
}

/// The same screen's counter case as a `Scope` of the enum's case.
private struct Session: Reducer {
  typealias State = Screen.State
  typealias Action = Screen.Action
  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { Counter() }
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct IfCaseLetTests {
  @Test func theChildRunsOnItsCase() async {
    let store = TestStore(initialState: Screen.State.idle) { Screen() }
    await store.send(.start) { $0 = .counter(Counter.State()) }
    await store.send(.counter(.incrementTapped)) { $0 = .counter(Counter.State(count: 1)) }
    await store.send(.stop) { $0 = .idle }
  }

  /// Moving to another case cancels the child's effects: the delayed increment never arrives,
  /// and the test store finds nothing still running.
  @Test func leavingTheCaseCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Screen.State.counter(Counter.State())) {
      Screen()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.counter(.delayedIncrementTapped))
    await store.send(.stop) { $0 = .idle }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func aChildActionInAnotherCaseIsReported() async {
    let store = TestStore(initialState: Screen.State.idle) { Screen() }
    await withKnownIssue {
      await store.send(.counter(.incrementTapped))
    } matching: { $0.description.contains("An ifCaseLet received a child action while the state was in another case") }
  }

  /// `Scope` on a case of enum state, TCA's other spelling for enum features: the child runs
  /// while the state is in its case, and an action for it in another case is reported.
  @Test func aScopeOfACaseRunsTheChildInItsCaseAndReportsOtherCases() async {
    let counting = TestStore(initialState: Screen.State.counter(Counter.State())) {
      Session()
    }
    await counting.send(.counter(.incrementTapped)) { $0 = .counter(Counter.State(count: 1)) }

    let idle = TestStore(initialState: Screen.State.idle) {
      Session()
    }
    await withKnownIssue {
      await idle.send(.counter(.incrementTapped))
    } matching: {
      $0.description.contains("A Scope received a child action while the state was in another case")
        && $0.description.contains("A Scope does not cancel them; `ifCaseLet` does")
    }
  }
}
