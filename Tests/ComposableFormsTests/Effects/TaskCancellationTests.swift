import Clocks
import ComposableForms
import ComposableFormsTesting
import Testing

/// A search whose waiting part is cancellable by id from inside its effect, as with TCA's
/// `withTaskCancellation(id:cancelInFlight:)`.
private struct Searcher: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var results: [String] = []
  }
  enum Action: Equatable {
    case search(String)
    case results(String)
    case cancelTapped
    case cancelFromEffect
  }
  enum CancelID { case search }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .search(query):
      return .run { [clock] send in
        try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
          try await clock.sleep(for: .seconds(1))
          await send(.results(query))
        }
      }
    case let .results(results):
      state.results.append(results)
      return .none
    case .cancelTapped:
      return .cancel(id: CancelID.search)
    case .cancelFromEffect:
      return .run { _ in await Task.cancel(id: CancelID.search) }
    }
  }
}

/// Two searchers side by side, and a parent that cancels the `search` identifier.
private struct Searchers: Reducer {
  struct State: Equatable {
    var rows = [Searcher.State(id: 1), Searcher.State(id: 2)]
  }
  enum Action: Equatable, CasePathable {
    case rows(IdentifiedAction<Int, Searcher.Action>)
    case cancelOwnSearch

    struct AllCasePaths {
      var rows: AnyCasePath<Action, IdentifiedAction<Int, Searcher.Action>> {
        AnyCasePath(embed: Action.rows, extract: { if case let .rows(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { _, action in
      action == .cancelOwnSearch ? .cancel(id: Searcher.CancelID.search) : .none
    }
    .forEach(\.rows, action: \.rows) { Searcher() }
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct TaskCancellationTests {
  @Test func aRegionRunsToItsEnd() async {
    let clock = TestClock()
    let store = TestStore(initialState: Searcher.State()) { Searcher() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.search("ada"))
    await clock.advance(by: .seconds(1))
    await store.receive(.results("ada")) { $0.results = ["ada"] }
  }

  @Test func aReducersCancelEndsTheRegion() async {
    let clock = TestClock()
    let store = TestStore(initialState: Searcher.State()) { Searcher() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.search("ada"))
    await store.send(.cancelTapped)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func cancelInFlightKeepsOnlyTheLatest() async {
    let clock = TestClock()
    let store = TestStore(initialState: Searcher.State()) { Searcher() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.search("a"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.search("ad"))
    await clock.advance(by: .seconds(1))
    await store.receive(.results("ad")) { $0.results = ["ad"] }
    await store.finish()
  }

  @Test func anotherEffectCancelsTheRegionByItsID() async {
    let clock = TestClock()
    let store = TestStore(initialState: Searcher.State()) { Searcher() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.search("ada"))
    await store.send(.cancelFromEffect)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  /// As TCA's: a row's cancel leaves its sibling's search alone, and the parent's cancel of
  /// the same identifier reaches every row's.
  @Test func aRowsCancelIsItsOwnAndTheParentsReachesEveryRow() async {
    let clock = TestClock()
    let store = TestStore(initialState: Searchers.State()) { Searchers() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .search("ada"))))
    await store.send(.rows(.element(id: 2, action: .search("alan"))))
    await store.send(.rows(.element(id: 1, action: .cancelFromEffect)))
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .results("alan")))) { $0.rows[1].results = ["alan"] }

    await store.send(.rows(.element(id: 1, action: .search("grace"))))
    await store.send(.rows(.element(id: 2, action: .search("grace"))))
    await store.send(.cancelOwnSearch)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  /// Outside an effect, a region just runs, and a cancel by identifier says it names nothing.
  @Test func outsideAnEffectTheWorkJustRunsAndACancelIsReported() async {
    let value = await withTaskCancellation(id: Searcher.CancelID.search, cancelInFlight: true) { 42 }
    #expect(value == 42)
    withKnownIssue {
      Task.cancel(id: Searcher.CancelID.search)
    } matching: { issue in
      issue.description.contains("was called outside an effect a store runs: nothing was cancelled")
    }
  }

  /// As TCA's `rethrows`: work that cannot fail is awaited without `try`, inside an effect too,
  /// and an error the work throws reaches the effect with its own type.
  @Test func itThrowsWhatTheWorkThrowsAndNothingElse() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.send(.count)
    await store.receive(.counted(7)) { $0.counted = 7 }
    await store.send(.fail)
    await store.receive(.failed(.tooMany)) { $0.failure = .tooMany }
  }
}

/// Regions that cannot fail, and one that fails with a typed error.
private struct Tally: Reducer {
  struct State: Equatable {
    var counted = 0
    var failure: CountError?
  }
  enum CountError: Error, Equatable { case tooMany }
  enum Action: Equatable {
    case count
    case counted(Int)
    case fail
    case failed(CountError)
  }
  enum CancelID { case count }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .count:
      return .run { send in
        let value = await withTaskCancellation(id: CancelID.count) { 7 }
        await send(.counted(value))
      }
    case let .counted(value):
      state.counted = value
      return .none
    case .fail:
      return .run { send in
        do throws(CountError) {
          _ = try await withTaskCancellation(id: CancelID.count) { () throws(CountError) -> Int in
            throw .tooMany
          }
        } catch {
          // NB: A `CountError`, not `any Error`: no cast.
          await send(.failed(error))
        }
      }
    case let .failed(error):
      state.failure = error
      return .none
    }
  }
}
