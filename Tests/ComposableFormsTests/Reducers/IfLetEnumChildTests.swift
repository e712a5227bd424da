import Clocks
import ComposableForms
import ComposableFormsTesting
import Testing

/// A child whose state is an enum and that moves itself from case to case.
private struct Phases: Reducer {
  enum State: Equatable {
    case idle
    case running(ticks: Int)
  }
  enum Action: Equatable {
    /// While idle: a reminder in a second.
    case remindLater
    case reminded
    /// Moves to running, and ticks in a second.
    case start
    case tick
  }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .remindLater:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.reminded)
      }
    case .reminded:
      return .none
    case .start:
      state = .running(ticks: 0)
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    case .tick:
      if case let .running(ticks) = state { state = .running(ticks: ticks + 1) }
      return .none
    }
  }
}

private struct PhaseHost: Reducer {
  struct State: Equatable { var phases: Phases.State? = .idle }
  enum Action: Equatable, CasePathable {
    case phases(Phases.Action)
    case stop

    struct AllCasePaths {
      var phases: AnyCasePath<Action, Phases.Action> {
        AnyCasePath(embed: Action.phases, extract: { if case let .phases(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if action == .stop { state.phases = .idle }
      return .none
    }
    .ifLet(\.phases, action: \.phases) { Phases() }
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct IfLetEnumChildTests {
  /// The child moves itself to another case: the effect it starts there runs, and the one it
  /// started in the case it left ends.
  @Test func aChildThatMovesItselfToAnotherCaseKeepsTheEffectItStartsThere() async {
    let clock = TestClock()
    let store = TestStore(initialState: PhaseHost.State()) { PhaseHost() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.phases(.remindLater))
    await store.send(.phases(.start)) { $0.phases = .running(ticks: 0) }
    await clock.advance(by: .seconds(1))
    await store.receive(.phases(.tick)) { $0.phases = .running(ticks: 1) }
    await store.finish()
  }

  /// The parent moves the child to another case: its effects end.
  @Test func aChildTheParentMovesToAnotherCaseLosesItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: PhaseHost.State()) { PhaseHost() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.phases(.start)) { $0.phases = .running(ticks: 0) }
    await store.send(.stop) { $0.phases = .idle }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }
}
