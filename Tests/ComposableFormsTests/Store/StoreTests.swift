import Clocks
import ComposableForms
import Foundation
import ComposableFormsTesting
import Testing

@Suite(.mainSerialExecutor)
@MainActor
struct StoreTests {
  @Test func observersAreToldOncePerBatchNotPerField() {
    struct Feature: Reducer {
      enum Action { case fillAll, fillOne(String) }
      func reduce(into state: inout [String], action: Action) -> Effect<Action> {
        switch action {
        case .fillAll:
          return .merge(.send(.fillOne("a")), .send(.fillOne("b")), .send(.fillOne("c")))
        case let .fillOne(value):
          state.append(value)
          return .none
        }
      }
    }
    let store = Store(initialState: [String]()) { Feature() }
    var notifications: [[String]] = []
    let token = store.observe { notifications.append($0) }
    store.send(.fillAll)
    #expect(notifications == [["a", "b", "c"]])
    token.cancel()
    store.send(.fillOne("d"))
    #expect(notifications.count == 1)
  }

  @Test func sendingWhileGoingThroughTheStateIsSafe() {
    struct Feature: Reducer {
      func reduce(into state: inout [String], action: String) -> Effect<String> {
        state.append(action.uppercased())
        return .none
      }
    }
    let store = Store(initialState: ["a", "b"]) { Feature() }
    // NB: `state` is a copy; a borrowed state held across these sends would stop the program.
    store.state.forEach { store.send($0) }
    #expect(store.state == ["a", "b", "A", "B"])
  }

  @Test func withStateReadsThePartItIsGiven() {
    let store = Store(initialState: Counter.State(count: 2)) { Counter() }
    #expect(store.withState(\.count) == 2)
    store.send(.incrementTapped)
    #expect(store.withState { $0.count * 10 } == 30)
  }

  @Test func sendReturnsATaskThatAwaitsItsEffects() async {
    let store = Store(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    let task = store.send(.delayedIncrementTapped)
    await task.finish()
    #expect(store.state.count == 1)
    #expect(!task.isRunning)
  }

  @Test func cancellingASendsTaskCancelsItsEffects() async {
    let clock = TestClock()
    let store = Store(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.delayedIncrementTapped)
    #expect(task.isRunning)
    task.cancel()
    await task.finish()
    await clock.advance(by: .seconds(2))
    #expect(store.state.count == 0)
  }

  // MARK: - Waiting

  /// A counter whose delayed increment runs on a test clock, and a task waiting until
  /// `condition` holds (not the send's own task: what awaits the state needs no handle on the
  /// effect).
  func waiting(
    until condition: @escaping @MainActor (Counter.State) -> Bool
  ) async -> (store: Store<Counter.State, Counter.Action>, clock: TestClock<Duration>, waiting: Task<Bool, Never>) {
    let clock = TestClock()
    let store = Store(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.delayedIncrementTapped)
    let waiting = Task { await store.wait(until: condition) }
    await Task.megaYield()
    return (store, clock, waiting)
  }

  @Test func waitReturnsOnceAnEffectsActionMakesTheConditionHold() async {
    let (store, clock, waiting) = await waiting { $0.count == 1 }
    await clock.advance(by: .seconds(1))
    #expect(await waiting.value)
    #expect(store.state.count == 1)
  }

  @Test func waitEndsWhenNoEffectRunsAndSaysTheConditionDoesNotHold() async {
    let (store, _, waiting) = await waiting { $0.count == 5 }
    store.send(.cancelDelayTapped)
    #expect(await waiting.value == false, "nothing can change the state any more")
    #expect(await store.wait { $0.count == 5 } == false, "with nothing running, at once")
  }

  @Test func cancellingAWaitEndsItButNotTheEffects() async {
    let (store, clock, waiting) = await waiting { $0.count == 1 }
    waiting.cancel()
    #expect(await waiting.value == false, "ended before the effect answered")
    #expect(store.hasRunningEffects)
    await clock.advance(by: .seconds(1))
    #expect(await store.wait { $0.count == 1 }, "the effect went on")
  }

  @Test func effectsAreCancelledWhenTheStoreGoesAway() async {
    let clock = TestClock()
    let started = LockIsolated(false)
    let finished = LockIsolated(false)
    do {
      let store = Store(initialState: 0) {
        Reduce<Int, Int> { _, _ in
          .run { _ in
            started.setValue(true)
            try await clock.sleep(for: .seconds(10))
            finished.setValue(true)
          }
        }
      }
      store.send(1)
      while !started.value { await Task.yield() }
    }
    await clock.advance(by: .seconds(20))
    await clock.run()
    #expect(!finished.value)
  }

  @Test func theBodyIsBuiltOnceForGoodWithTheStoresDependencies() {
    struct Tagger: Reducer {
      let builds: LockIsolated<Int>
      @Dependency(\.uuid) var uuid
      var body: some Reducer<[String], String> {
        let _ = builds.withValue { $0 += 1 }
        // NB: Read while the body is built, as `[clients] in` captures do.
        let tag = uuid().uuidString.prefix(8)
        Reduce { state, action in
          state.append("\(tag):\(action)")
          return .none
        }
      }
    }
    let builds = LockIsolated(0)
    let store = Store(initialState: [String]()) { Tagger(builds: builds) } withDependencies: {
      $0.uuid = .incrementing
    }
    store.send("a")
    store.send("b")
    store.send("c")
    // NB: The first action runs `reduce` (which builds the body once to run it) and finds it
    //     runs the body; then the body is built for good.
    #expect(builds.value == 2)
    #expect(store.state == ["00000000:a", "00000000:b", "00000000:c"])
  }

  /// As TCA's: the initial state is made with the store's dependencies, a test store's
  /// included, and a test's assertion closures run with them.
  @Test func theInitialStateIsMadeWithTheStoresDependencies() async {
    struct Tagged: Reducer {
      struct State: Equatable {
        var tag: String
        init() {
          @Dependency(\.uuid) var uuid
          tag = String(uuid().uuidString.suffix(2))
        }
      }
      func reduce(into state: inout State, action: Void) -> Effect<Void> {
        @Dependency(\.uuid) var uuid
        state.tag = String(uuid().uuidString.suffix(2))
        return .none
      }
    }
    let store = Store(initialState: Tagged.State()) { Tagged() } withDependencies: {
      $0.uuid = .incrementing
    }
    #expect(store.state.tag == "00")
    let testStore = TestStore(initialState: Tagged.State()) { Tagged() } withDependencies: {
      $0.uuid = .incrementing
    }
    #expect(testStore.state.tag == "00")
    await testStore.send(()) { $0.tag = "01" }
    await testStore.withDependencies {
      $0.uuid = .constant(UUID(uuidString: "00000000-0000-0000-0000-0000000000AB") ?? UUID())
    } operation: {
      await testStore.send(()) { state in
        // NB: The store's uuid: the test's own is unimplemented and would fail the test.
        @Dependency(\.uuid) var uuid
        state.tag = String(uuid().uuidString.suffix(2))
      }
    }
    #expect(testStore.state.tag == "AB")
    // NB: The store's own again after the operation.
    await testStore.send(()) { $0.tag = "02" }
  }

  @Test func aReducerWithoutABodyRunsItsOwnReduce() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.incrementTapped)
    store.send(.incrementTapped)
    #expect(store.state.count == 2)
  }

  @Test func anOptionalScopeIsNilWithoutChildStateAndKeepsTheLastChildStateAfter() {
    let store = Store(initialState: OptionalCounter.State()) { OptionalCounter() }
    #expect(store.scope(state: \.counter, action: \.counter) == nil)
    store.send(.show)
    guard let child = store.scope(state: \.counter, action: \.counter) else {
      Issue.record("no child store while the child state is there")
      return
    }
    child.send(.incrementTapped)
    #expect(child.state.count == 1)
    #expect(store.state.counter?.count == 1)
    #expect(!child.isDismissed)
    store.send(.dismiss)
    #expect(store.state.counter == nil)
    #expect(child.state.count == 1, "the last child state it saw")
    #expect(child.isDismissed, "what draws the child learns that it is gone")
    #expect(!store.isDismissed)
    #expect(!Store(initialState: TwoCounters.State()) { TwoCounters() }.scope(state: \.first, action: \.first).isDismissed)
  }
}
