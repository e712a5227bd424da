import Clocks
import ComposableForms
import ComposableFormsTesting
import ConcurrencyExtras
import Dependencies
import Testing

/// A `.task`-style action that starts a timer through an action it sends, and a chain of `.run`
/// effects, each sending the action that starts the next.
private struct Chain: Reducer {
  struct State: Equatable {
    var started = false
    var ticks = 0
    var steps: [String] = []
  }
  enum Action: Equatable { case onAppear, startTimer, tick, start, step, done }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      return .send(.startTimer)
    case .startTimer:
      state.started = true
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .start:
      state.steps.append("start")
      return .run { send in await send(.step) }
    case .step:
      state.steps.append("step")
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.done)
      }
    case .done:
      state.steps.append("done")
      return .none
    }
  }
}

/// The task a send returns covers the effects of the actions its effects send, at once or
/// later, and theirs in turn, as TCA's does: `let task = await store.send(.task)` and
/// `await task.cancel()` at the end of a test stop a timer that an action sent by `.task`
/// started.
@Suite(.mainSerialExecutor)
@MainActor
struct EffectChainTests {
  @Test func aTestStoreTaskCancelsTheEffectsOfTheActionsItsEffectSent() async {
    let clock = TestClock()
    let store = TestStore(initialState: Chain.State()) { Chain() } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.onAppear)
    await store.receive(.startTimer) { $0.started = true }
    #expect(task.isRunning, "the timer that .startTimer, sent by .onAppear's effect, started")
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    // NB: Without the timer in the task, the store reports it still running when it goes.
    await task.cancel()
    #expect(!task.isRunning)
  }

  @Test func aTestStoreTaskCoversActionsSentLaterFromARun() async {
    let clock = TestClock()
    let store = TestStore(initialState: Chain.State()) { Chain() } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.start) { $0.steps = ["start"] }
    await store.receive(.step) { $0.steps.append("step") }
    #expect(task.isRunning, "the step's sleep, started by an action the start's effect sent")
    await clock.advance(by: .seconds(1))
    await store.receive(.done) { $0.steps.append("done") }
    await task.finish()
    #expect(!task.isRunning)
  }

  @Test func aStoreTaskFinishesWithTheWholeChain() async {
    let clock = TestClock()
    let store = Store(initialState: Chain.State()) { Chain() } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.start)
    await Task.megaYield()
    #expect(store.state.steps == ["start", "step"])
    #expect(task.isRunning, "the step's sleep")
    let finishing = Task { await task.finish() }
    await clock.advance(by: .seconds(1))
    await finishing.value
    #expect(store.state.steps == ["start", "step", "done"])
    #expect(!store.hasRunningEffects)
  }

  @Test func cancellingAStoreTaskCancelsTheWholeChain() async {
    let clock = TestClock()
    let store = Store(initialState: Chain.State()) { Chain() } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.onAppear)
    await Task.megaYield()
    #expect(store.state.started)
    task.cancel()
    await task.finish()
    await clock.advance(by: .seconds(3))
    #expect(store.state.ticks == 0)
    #expect(!store.hasRunningEffects)
  }
}
