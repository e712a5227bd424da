import ComposableForms
import ComposableFormsTesting
import Testing

/// What a TCA user relies on: the test store runs actions in the order the store does, and an
/// effect runs with the dependencies in force where it was made.
@Suite(.mainSerialExecutor)
@MainActor
struct StoreFidelityTests {
  /// `.a` sends `.b` and `.c` at once; `.b` sends `.d`.
  struct Chain: Reducer {
    enum Action: Equatable { case a, b, c, d }
    func reduce(into state: inout [String], action: Action) -> Effect<Action> {
      state.append("\(action)")
      switch action {
      case .a: return .merge(.send(.b), .send(.c))
      case .b: return .send(.d)
      case .c, .d: return .none
      }
    }
  }

  @Test func aStoreRunsActionsSentAtOnceInTheOrderTheyWereSent() {
    let store = Store(initialState: [String]()) { Chain() }
    store.send(.a)
    #expect(store.state == ["a", "b", "c", "d"])
  }

  @Test func aTestStoreReceivesThemInTheSameOrder() async {
    let store = TestStore(initialState: [String]()) { Chain() }
    await store.send(.a) { $0 = ["a"] }
    await store.receive(.b) { $0 = ["a", "b"] }
    await store.receive(.c) { $0 = ["a", "b", "c"] }
    await store.receive(.d) { $0 = ["a", "b", "c", "d"] }
  }

  /// Reads a greeting from its dependency, in its logic and in its effect.
  struct Greeter: Reducer {
    struct State: Equatable { var fromLogic = "", fromEffect = "" }
    enum Action: Equatable { case greet, greeted(String) }
    @Dependency(\.greeting) var greeting
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .greet:
        state.fromLogic = greeting
        return .run { send in
          @Dependency(\.greeting) var greeting
          await send(.greeted(greeting))
        }
      case let .greeted(text):
        state.fromEffect = text
        return .none
      }
    }
  }

  @Test func aDependencySetOnAReducerReachesItsLogicAndItsEffects() async {
    let store = TestStore(initialState: Greeter.State()) {
      Greeter().dependency(\.greeting, "Bonjour")
    } withDependencies: {
      $0.greeting = "Hello"
    }
    await store.send(.greet) { $0.fromLogic = "Bonjour" }
    await store.receive(.greeted("Bonjour")) { $0.fromEffect = "Bonjour" }
  }

  @Test func anEffectKeepsTheDependenciesItWasMadeWith() async {
    let store = Store(initialState: Greeter.State()) {
      Greeter().transformDependency(\.greeting) { $0 += ", world" }
    } withDependencies: {
      $0.greeting = "Hello"
    }
    await store.send(.greet).finish()
    #expect(store.state == Greeter.State(fromLogic: "Hello, world", fromEffect: "Hello, world"))
  }
}

private enum GreetingKey: DependencyKey {
  static let liveValue = "Hi"
  static let testValue = "Hi"
}

extension DependencyValues {
  fileprivate var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
}
