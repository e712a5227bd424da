import Clocks
import ComposableForms
import ComposableFormsTesting
import Testing

@Suite(.mainSerialExecutor)
@MainActor
struct ScopeTests {
  @Test func aChildActionChangesOnlyItsChild() async {
    let store = TestStore(initialState: TwoCounters.State()) { TwoCounters() }
    await store.send(.first(.incrementTapped)) {
      $0.first.count = 1
      $0.childActionsSeen = 1
    }
    await store.send(.second(.incrementTapped)) {
      $0.second.count = 1
      $0.childActionsSeen = 2
    }
  }

  @Test func childEffectsComeBackAsParentActions() async {
    let clock = TestClock()
    let store = TestStore(initialState: TwoCounters.State()) { TwoCounters() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.second(.delayedIncrementTapped)) { $0.childActionsSeen = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.second(.incrementDone)) {
      $0.second.count = 1
      $0.childActionsSeen = 2
    }
  }

  @Test func scopedChildrenShareTheirCancellationIdentifiersAsInTCA() async {
    let clock = TestClock()
    let store = TestStore(initialState: TwoCounters.State()) { TwoCounters() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.first(.delayedIncrementTapped)) { $0.childActionsSeen = 1 }
    await store.send(.second(.cancelDelayTapped)) { $0.childActionsSeen = 2 }
    await clock.advance(by: .seconds(2))
    // Nothing received: the second counter's cancel reached the first one's effect.
  }

  /// As TCA's navigation paths: the parent's cancel of the child's identifier reaches the
  /// child's effect (an ancestor's does); the child's own cancel does too.
  @Test func aParentsCancelReachesItsIfLetChildsEffectAsInTCA() async {
    let clock = TestClock()
    let store = TestStore(initialState: OptionalCounter.State()) { OptionalCounter() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.show) { $0.counter = Counter.State() }
    await store.send(.counter(.delayedIncrementTapped))
    await store.send(.cancelDelayTapped)
    await clock.advance(by: .seconds(1))
    await store.send(.counter(.delayedIncrementTapped))
    await store.send(.counter(.cancelDelayTapped))
    await clock.advance(by: .seconds(1))
    await store.send(.counter(.delayedIncrementTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.counter(.incrementDone)) { $0.counter?.count = 1 }
  }

  /// A child's cancel does not reach its parent's effect of the same identifier.
  @Test func anIfLetChildsCancelLeavesItsParentsEffectAlone() async {
    let clock = TestClock()
    let store = TestStore(initialState: OptionalCounter.State()) { OptionalCounter() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.show) { $0.counter = Counter.State() }
    await store.send(.delayedShowTapped)
    await store.send(.counter(.cancelDelayTapped))
    await store.send(.dismiss) { $0.counter = nil }
    await clock.advance(by: .seconds(1))
    await store.receive(.show) { $0.counter = Counter.State() }
  }

  @Test func scopedStoreReadsAndSendsThroughTheParent() {
    let store = Store(initialState: TwoCounters.State()) { TwoCounters() }
    let second = store.scope(state: \.second, action: \.second)
    var seen: [Int] = []
    let token = second.observe { seen.append($0.count) }
    second.send(.incrementTapped)
    second.send(.incrementTapped)
    #expect(second.state.count == 2)
    #expect(store.state.first.count == 0)
    #expect(store.state.childActionsSeen == 2)
    #expect(seen == [1, 2])
    token.cancel()
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct IfLetTests {
  @Test func childRunsOnlyWhilePresent() async {
    let store = TestStore(initialState: OptionalCounter.State()) { OptionalCounter() }
    await store.send(.show) { $0.counter = Counter.State() }
    await store.send(.counter(.incrementTapped)) { $0.counter?.count = 1 }
    await store.send(.dismiss) { $0.counter = nil }
  }

  @Test func dismissingTheChildCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: OptionalCounter.State()) {
      OptionalCounter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.show) { $0.counter = Counter.State() }
    await store.send(.counter(.delayedIncrementTapped))
    await store.send(.dismiss) { $0.counter = nil }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func replacingTheChildWithAnotherCancelsTheOldOnesEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: OptionalCounter.State()) {
      OptionalCounter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.replace(id: 1)) { $0.counter = Counter.State(id: 1) }
    await store.send(.counter(.delayedIncrementTapped))
    await store.send(.replace(id: 2)) { $0.counter = Counter.State(id: 2) }
    await clock.advance(by: .seconds(2))
    // Nothing received: the first counter's increment did not land in the second.
    await store.finish()
  }

  /// The same feature under two `Scope`s, each with its child behind an `ifLet` (a tab each):
  /// one child's cancel, or its dismissal, leaves the other's effects alone.
  @Test func theChildrenOfOneFeatureUnderTwoScopesKeepTheirEffectsApart() async {
    let clock = TestClock()
    let store = TestStore(initialState: TwoOptionalCounters.State()) {
      TwoOptionalCounters()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.left(.show)) { $0.left.counter = Counter.State() }
    await store.send(.right(.show)) { $0.right.counter = Counter.State() }
    await store.send(.left(.counter(.delayedIncrementTapped)))
    await store.send(.right(.counter(.delayedIncrementTapped)))
    await store.send(.right(.counter(.cancelDelayTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.left(.counter(.incrementDone))) { $0.left.counter?.count = 1 }

    await store.send(.right(.counter(.delayedIncrementTapped)))
    await store.send(.left(.dismiss)) { $0.left.counter = nil }
    await clock.advance(by: .seconds(1))
    await store.receive(.right(.counter(.incrementDone))) { $0.right.counter?.count = 1 }
  }

  @Test func aChildActionWithoutChildStateIsReported() async {
    let store = TestStore(initialState: OptionalCounter.State()) { OptionalCounter() }
    await withKnownIssue {
      await store.send(.counter(.incrementTapped))
    }
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct OnChangeTests {
  struct Feature: Reducer {
    struct State: Equatable {
      var enabled = false
      var dependents = true
      var changes = 0
    }
    enum Action: Equatable { case setEnabled(Bool), touch }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .setEnabled(on): state.enabled = on
        case .touch: break
        }
        return .none
      }
      .onChange(of: \.enabled) { _, isOn in
        Reduce { state, _ in
          state.changes += 1
          if !isOn { state.dependents = false }
          return .none
        }
      }
    }
  }

  @Test func reactsOnlyWhenTheValueChanges() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.touch)
    await store.send(.setEnabled(true)) {
      $0.enabled = true
      $0.changes = 1
    }
    await store.send(.setEnabled(true))
    await store.send(.setEnabled(false)) {
      $0.enabled = false
      $0.changes = 2
      $0.dependents = false
    }
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct ForEachTests {
  private func store(_ clock: TestClock<Duration>) -> TestStoreOf<CounterList> {
    TestStore(initialState: CounterList.State()) { CounterList() } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func anElementActionReachesTheElementWithItsID() async {
    let store = store(TestClock())
    await store.send(.add(id: 1)) { $0.counters = [Counter.State(id: 1)] }
    await store.send(.add(id: 2)) { $0.counters.append(Counter.State(id: 2)) }
    await store.send(.counters(.element(id: 2, action: .incrementTapped))) { $0.counters[1].count = 1 }
  }

  @Test func eachElementsEffectsAreItsOwnAndEndWhenItIsRemoved() async {
    let clock = TestClock()
    let store = store(clock)
    await store.send(.add(id: 1)) { $0.counters = [Counter.State(id: 1)] }
    await store.send(.add(id: 2)) { $0.counters.append(Counter.State(id: 2)) }
    await store.send(.counters(.element(id: 1, action: .delayedIncrementTapped)))
    await store.send(.counters(.element(id: 2, action: .delayedIncrementTapped)))
    await store.send(.counters(.element(id: 2, action: .cancelDelayTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.counters(.element(id: 1, action: .incrementDone))) { $0.counters[0].count = 1 }

    await store.send(.counters(.element(id: 1, action: .delayedIncrementTapped)))
    await store.send(.remove(id: 1)) { $0.counters = [Counter.State(id: 2)] }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  /// TCA's case key paths into a `forEach`'s actions: `\.counters[id: 1]` matches that
  /// element's actions alone, `\.counters.element` any element's, with its id.
  @Test func receivedElementActionsAreMatchedByTheirElementsID() async {
    let clock = TestClock()
    let store = store(clock)
    await store.send(.add(id: 1)) { $0.counters = [Counter.State(id: 1)] }
    await store.send(.add(id: 2)) { $0.counters.append(Counter.State(id: 2)) }
    await store.send(.counters(.element(id: 1, action: .delayedIncrementTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.counters[id: 1], .incrementDone) { $0.counters[0].count = 1 }
    await store.send(.counters(.element(id: 2, action: .delayedIncrementTapped)))
    await clock.advance(by: .seconds(1))
    await withKnownIssue {
      await store.receive(\.counters[id: 1], timeout: .milliseconds(50))
    } matching: { $0.description.contains("Received an unexpected action") }
    await store.send(.counters(.element(id: 2, action: .delayedIncrementTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.counters.element) { $0.counters[1].count = 2 }
    #expect(IdentifiedAction<Int, Counter.Action>.allCasePaths.element.extract(from: .element(id: 2, action: .incrementDone))?.id == 2)
  }

  @Test func anActionForAnIDNotInTheArrayIsReported() async {
    let store = store(TestClock())
    await withKnownIssue {
      await store.send(.counters(.element(id: 7, action: .incrementTapped)))
    } matching: {
      $0.description.contains("A forEach received a child action while no element with id 7 was in the array")
        && $0.description.contains("removed the element. Run this one first (`Reduce { … }.forEach(…)`)")
    }
  }
}

/// A child without an identity behind an `ifLet`: any child there is the same one.
struct Beeper: Reducer {
  struct State: Equatable { var beeps = 0 }
  enum Action: Equatable { case start, beep }
  @Dependency(\.continuousClock) var clock
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.beep)
      }
    case .beep:
      state.beeps += 1
      return .none
    }
  }
}

struct OptionalBeeper: Reducer {
  struct State: Equatable { var beeper: Beeper.State? }
  enum Action: Equatable, CasePathable {
    case beeper(Beeper.Action)
    case show, replace, dismiss
    struct AllCasePaths {
      var beeper: AnyCasePath<Action, Beeper.Action> {
        AnyCasePath(embed: Action.beeper, extract: { if case let .beeper(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .show: state.beeper = Beeper.State()
      case .replace: state.beeper = Beeper.State(beeps: 10)
      case .dismiss: state.beeper = nil
      case .beeper: break
      }
      return .none
    }
    .ifLet(\.beeper, action: \.beeper) { Beeper() }
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct IfLetWithoutIdentityTests {
  @Test func aChildWithoutAnIDKeepsItsEffectsWhenItsStateIsReplacedAndLosesThemWhenDismissed() async {
    let clock = TestClock()
    let store = TestStore(initialState: OptionalBeeper.State()) { OptionalBeeper() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.show) { $0.beeper = Beeper.State() }
    await store.send(.beeper(.start))
    await store.send(.replace) { $0.beeper = Beeper.State(beeps: 10) }
    await clock.advance(by: .seconds(1))
    await store.receive(.beeper(.beep)) { $0.beeper?.beeps = 11 }

    await store.send(.beeper(.start))
    await store.send(.dismiss) { $0.beeper = nil }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }
}
