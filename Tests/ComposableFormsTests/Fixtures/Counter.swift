import ComposableForms

/// A tiny child feature for composition tests.
struct Counter: Reducer {
  /// Identifiable, so an `ifLet` tells one counter from the next (ids default to 0: the same).
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }
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
  @Dependency(\.continuousClock) var clock
  enum Action: Equatable, CasePathable {
    case counter(Counter.Action)
    case show, dismiss
    /// Shows another counter in place of the one shown.
    case replace(id: Int)
    /// Cancels the child's identifier from the parent: the parent's own effects of it, and
    /// the child's (as in TCA, an ancestor's cancel reaches them).
    case cancelDelayTapped
    /// Starts an effect of the parent's own under the child's identifier: shows a counter in
    /// a second.
    case delayedShowTapped

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
      case let .replace(id): state.counter = Counter.State(id: id)
      case .cancelDelayTapped: return .cancel(id: Counter.CancelID.delay)
      case .delayedShowTapped:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.show)
        }
        .cancellable(id: Counter.CancelID.delay)
      case .counter: break
      }
      return .none
    }
    .ifLet(\.counter, action: \.counter) { Counter() }
  }
}

/// Two hosts of one feature with an optional child, side by side in `Scope`s.
struct TwoOptionalCounters: Reducer {
  struct State: Equatable {
    var left = OptionalCounter.State()
    var right = OptionalCounter.State()
  }
  enum Action: Equatable, CasePathable {
    case left(OptionalCounter.Action)
    case right(OptionalCounter.Action)

    struct AllCasePaths {
      var left: AnyCasePath<Action, OptionalCounter.Action> {
        AnyCasePath(embed: Action.left, extract: { if case let .left(a) = $0 { a } else { nil } })
      }
      var right: AnyCasePath<Action, OptionalCounter.Action> {
        AnyCasePath(embed: Action.right, extract: { if case let .right(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: \.left) { OptionalCounter() }
    Scope(state: \.right, action: \.right) { OptionalCounter() }
  }
}

/// A list of counters, composed with `forEach`.
struct CounterList: Reducer {
  struct State: Equatable {
    var counters: [Counter.State] = []
  }
  enum Action: Equatable, CasePathable {
    case counters(IdentifiedAction<Int, Counter.Action>)
    case add(id: Int), remove(id: Int)

    struct AllCasePaths {
      var counters: AnyCasePath<Action, IdentifiedAction<Int, Counter.Action>> {
        AnyCasePath(embed: Action.counters, extract: { if case let .counters(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .add(id): state.counters.append(Counter.State(id: id))
      case let .remove(id): state.counters.removeAll { $0.id == id }
      case .counters: break
      }
      return .none
    }
    .forEach(\.counters, action: \.counters) { Counter() }
  }
}
