import Clocks
import ComposableForms
import ComposableFormsTesting
import Testing

/// A feature whose only job is to exercise effect operators.
struct Effects: Reducer {
  struct State: Equatable { var log: [String] = [] }

  enum Action: Equatable {
    case startTimer, stopTimer, tick
    case search(String), searchResult(String)
    case mergeTapped, concatenateTapped, logged(String)
    case sendsInOrderTapped, sendThenRunTapped, nestedTapped, cancelNested
    case resetTimer, timerRequested
  }

  enum CancelID { case timer, search, nested }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTimer:
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .stopTimer:
      return .cancel(id: CancelID.timer)
    case .timerRequested:
      return .send(.startTimer)
    case .resetTimer:
      return .send(.logged("reset")).cancellable(id: CancelID.timer, cancelInFlight: true)
    case .tick:
      state.log.append("tick")
      return .none
    case let .search(query):
      return .run { send in await send(.searchResult(query.uppercased())) }
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case let .searchResult(result):
      state.log.append(result)
      return .none
    case .mergeTapped:
      return .merge(.send(.logged("a")), .send(.logged("b")), .send(.logged("c")))
    case .concatenateTapped:
      return .concatenate(
        .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.logged("first"))
        },
        .run { send in await send(.logged("second")) }
      )
    case .sendsInOrderTapped:
      return .merge(.concatenate(.send(.logged("a")), .send(.logged("b"))), .send(.logged("c")))
    case .sendThenRunTapped:
      return .concatenate(
        .send(.logged("at once")),
        .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.logged("later"))
        }
      )
    case .nestedTapped:
      return .concatenate(
        .run { _ in },
        .concatenate(
          .send(.cancelNested),
          .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.logged("not cancelled"))
          }
        )
        .cancellable(id: CancelID.nested)
      )
    case .cancelNested:
      return .cancel(id: CancelID.nested)
    case let .logged(entry):
      state.log.append(entry)
      return .none
    }
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct EffectTests {
  @Test func cancellingByIDStopsTheEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: Effects.State()) { Effects() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.log = ["tick"] }
    await store.send(.stopTimer)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func cancelInFlightKeepsOnlyTheLatestEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: Effects.State()) { Effects() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await clock.advance(by: .milliseconds(500))
    await store.send(.startTimer)
    // The first timer would tick at 1 s; only the second ticks, at 1.5 s.
    await clock.advance(by: .milliseconds(600))
    await clock.advance(by: .milliseconds(400))
    await store.receive(.tick) { $0.log = ["tick"] }
    await store.send(.stopTimer)
    await store.finish()
  }

  /// As in TCA, where `.send` is an effect like any other: `cancelInFlight` cancels what runs
  /// under the identifier, and the action still arrives.
  @Test func aSendMarkedCancelInFlightStopsTheRunningEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: Effects.State()) { Effects() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await store.send(.resetTimer)
    await store.receive(.logged("reset")) { $0.log = ["reset"] }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func debounceRunsOnlyTheLastOfAQuickSeries() async {
    let clock = TestClock()
    let store = TestStore(initialState: Effects.State()) { Effects() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.search("b"))
    await clock.advance(by: .milliseconds(100))
    await store.send(.search("bl"))
    await clock.advance(by: .milliseconds(100))
    await store.send(.search("blob"))
    await clock.advance(by: .milliseconds(299))
    #expect(store.state.log.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.searchResult("BLOB")) { $0.log = ["BLOB"] }
    await store.finish()
  }

  @Test func mergedSendsArriveInOrder() async {
    let store = TestStore(initialState: Effects.State()) { Effects() }
    await store.send(.mergeTapped)
    await store.receive(.logged("a")) { $0.log = ["a"] }
    await store.receive(.logged("b")) { $0.log = ["a", "b"] }
    await store.receive(.logged("c")) { $0.log = ["a", "b", "c"] }
  }

  @Test func concatenatedEffectsRunOneAfterAnother() async {
    let clock = TestClock()
    let store = TestStore(initialState: Effects.State()) { Effects() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.concatenateTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(.logged("first")) { $0.log = ["first"] }
    await store.receive(.logged("second")) { $0.log = ["first", "second"] }
  }

  /// As TCA's, where `.send` is a publisher: a concatenation's sends happen at once, in order,
  /// before the merge's next effect; they used to wait for a task.
  @Test func aConcatenationsSendsHappenAtOnceInOrder() async {
    let store = TestStore(initialState: Effects.State()) { Effects() }
    await store.send(.sendsInOrderTapped)
    await store.receive(.logged("a")) { $0.log = ["a"] }
    await store.receive(.logged("b")) { $0.log = ["a", "b"] }
    await store.receive(.logged("c")) { $0.log = ["a", "b", "c"] }
    #expect(store.state.log == ["a", "b", "c"])
  }

  /// The sends before a concatenation's first work are done when `send` returns; the work
  /// after them runs in order.
  @Test func aConcatenationsSendsBeforeItsWorkComeFirst() async {
    let clock = TestClock()
    let store = TestStore(initialState: Effects.State()) { Effects() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.sendThenRunTapped)
    #expect(store.state.log == ["at once"])
    await store.receive(.logged("at once")) { $0.log = ["at once"] }
    await clock.advance(by: .seconds(1))
    await store.receive(.logged("later")) { $0.log = ["at once", "later"] }
  }

  /// A concatenation inside another's later part sends at once too, but only once its work is
  /// registered: an action it sends can cancel that work by its identifier.
  @Test func aNestedConcatenationsSendCanCancelItsOwnWork() async {
    let clock = TestClock()
    let store = TestStore(initialState: Effects.State()) { Effects() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.nestedTapped)
    await store.receive(.cancelNested)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func mapEmbedsEveryAction() async {
    let effect = Effect<Int>.merge(.send(1), .run { send in await send(2) }).map { "\($0)" }
    var received: [String] = []
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        return action == "start" ? effect : .none
      }
    }
    let token = store.observe { received = $0 }
    await store.send("start").finish()
    #expect(store.state == ["start", "1", "2"])
    #expect(received == ["start", "1", "2"])
    token.cancel()
  }
}
