import ComposableForms

/// A tiny child feature for composition tests.
struct Counter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable {
    case incrementTapped
    case delayedIncrementTapped
    case cancelDelayTapped
    case incrementDone
  }
  enum CancelID { case delay }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped, .incrementDone:
      state.count += 1
      return .none
    case .delayedIncrementTapped:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.incrementDone)
      }
      .cancellable(id: CancelID.delay)
    case .cancelDelayTapped:
      return .cancel(id: CancelID.delay)
    }
  }
}

/// A parent holding two counters, composed with `Scope`, observing child actions.
struct TwoCounters: Reducer {
  struct State: Equatable {
    var first = Counter.State()
    var second = Counter.State()
    var childActionsSeen = 0
  }

  enum Action: Equatable, CasePathable {
    case first(Counter.Action)
    case second(Counter.Action)

    struct AllCasePaths {
      var first: AnyCasePath<Action, Counter.Action> {
        AnyCasePath(embed: Action.first, extract: { if case let .first(a) = $0 { a } else { nil } })
      }
      var second: AnyCasePath<Action, Counter.Action> {
        AnyCasePath(embed: Action.second, extract: { if case let .second(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.first, action: \.first) { Counter() }
    Scope(state: \.second, action: \.second) { Counter() }
    Reduce { state, _ in
      state.childActionsSeen += 1
      return .none
    }
  }
}

/// A parent with an optional child, composed with `ifLet`.
struct OptionalCounter: Reducer {
  struct State: Equatable {
    var counter: Counter.State?
  }
  enum Action: Equatable, CasePathable {
    case counter(Counter.Action)
    case show, dismiss
    /// Cancels the parent's own effects of the child's identifier (none: the child's are its own).
    case cancelDelayTapped

    struct AllCasePaths {
      var counter: AnyCasePath<Action, Counter.Action> {
        AnyCasePath(
          embed: Action.counter, extract: { if case let .counter(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .show: state.counter = Counter.State()
      case .dismiss: state.counter = nil
      case .cancelDelayTapped: return .cancel(id: Counter.CancelID.delay)
      case .counter: break
      }
      return .none
    }
    .ifLet(\.counter, action: \.counter) { Counter() }
  }
}
