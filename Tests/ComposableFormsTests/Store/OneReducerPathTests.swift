import Foundation
import ComposableForms
import ComposableFormsTesting
import Testing

/// A store and a test store run a reducer the same way, and both report the mistakes TCA
/// reports: a reducer whose own `reduce` hides its `body`, and an action sent re-entrantly.
@MainActor
struct OneReducerPathTests {
  /// Implements both: Swift picks `reduce`, so `body` (which would add 100) never runs.
  struct BodyAndReduce: Reducer {
    var body: some Reducer<Int, Int> {
      Reduce { state, action in
        state += action * 100
        return .none
      }
    }
    func reduce(into state: inout Int, action: Int) -> Effect<Int> {
      state += action
      return .none
    }
  }

  struct BodyOnly: Reducer {
    var body: some Reducer<Int, Int> {
      Reduce { state, action in
        state += action
        return .none
      }
    }
  }

  @Test func aStoreReportsAReducerWithBothBodyAndReduce() {
    let store = Store(initialState: 0) { BodyAndReduce() }
    withKnownIssue {
      store.send(1)
    } matching: { issue in
      issue.description.contains("implements both 'body' and 'reduce(into:action:)'")
    }
    // Reported once, on the first action; the reducer's `reduce` is what ran.
    store.send(2)
    #expect(store.state == 3)
  }

  @Test func aTestStoreReportsItToo() async {
    let store = TestStore(initialState: 0) { BodyAndReduce() }
    await withKnownIssue {
      await store.send(1) { $0 = 1 }
    } matching: { issue in
      issue.description.contains("implements both")
    }
  }

  @Test func aReducerWithABodyAloneIsNotReported() async {
    let store = Store(initialState: 0) { BodyOnly() }
    store.send(5)
    #expect(store.state == 5)
    let testStore = TestStore(initialState: 0) { BodyOnly() }
    await testStore.send(5) { $0 = 5 }
  }

  @Test func anActionSentWhileTheStoreIsProcessingIsReportedAndStillRuns() {
    final class Box { var store: Store<[Int], Int>? }
    let box = Box()
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        if action == 1 { MainActor.assumeIsolated { _ = box.store?.send(2) } }
        return .none
      }
    }
    box.store = store
    withKnownIssue {
      store.send(1)
    } matching: { issue in
      issue.description.contains("sent to a store while it was processing another one")
    }
    #expect(store.state == [1, 2])
  }
}

@MainActor
struct TestStoreDependencyTests {
  struct Tagger: Reducer {
    @Dependency(\.uuid) var uuid
    var body: some Reducer<[String], Int> {
      // NB: Read while the body is built, as `[clients] in` captures do.
      let tag = uuid().uuidString.prefix(4)
      Reduce { state, _ in
        state.append(String(tag))
        return .none
      }
    }
  }

  @Test func aTestStoreBuildsTheBodyAgainWhenItsDependenciesChange() async {
    let one = UUID(uuidString: "11111111-0000-0000-0000-000000000000") ?? UUID()
    let two = UUID(uuidString: "22222222-0000-0000-0000-000000000000") ?? UUID()
    let store = TestStore(initialState: [String]()) { Tagger() } withDependencies: {
      $0.uuid = .constant(one)
    }
    await store.send(0) { $0 = ["1111"] }
    await store.send(0) { $0 = ["1111", "1111"] }
    store.dependencies.uuid = .constant(two)
    await store.send(0) { $0 = ["1111", "1111", "2222"] }
  }
}
