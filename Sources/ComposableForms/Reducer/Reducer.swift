/// A type that evolves a feature's state in response to actions, and describes the effects to
/// run afterwards.
///
/// Conform by implementing ``reduce(into:action:)``, or compose other reducers in ``body``
/// (one or the other: a store runs a reducer that has a body through its body):
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementTapped }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .incrementTapped:
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The state the reducer evolves.
  associatedtype State
  /// The actions the reducer handles.
  associatedtype Action
  /// The composed reducer returned by ``body``, or `Never` for reducers that implement
  /// ``reduce(into:action:)`` directly.
  associatedtype Body

  /// Evolves `state` for `action` and returns the effect to run next.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of, run in order.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// The reducer's `reduce`, with its ``body`` built once now instead of on every action.
  ///
  /// Stores call it once; do not implement it (the defaults below are the only correct ones).
  /// It is a requirement, not an extension method, so that the witness chosen for a concrete
  /// reducer is compiled for that reducer's own types: its body then runs specialized code,
  /// with no generic metadata, witness tables or key paths looked up at run time.
  func _builtOnce() -> (inout State, Action) -> Effect<Action>
}

/// A reducer whose state and action are those of `R`: `ReducerOf<Self>` in a `body` signature.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Body {
    fatalError("'\(Self.self)' has no body")  // NB: unreachable: reduce(into:action:) is used
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs the reducer's ``body``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.body.reduce(into: &state, action: action)
  }
}

extension Reducer {
  /// A reducer without a body: its own `reduce`.
  @inlinable
  public func _builtOnce() -> (inout State, Action) -> Effect<Action> {
    { self.reduce(into: &$0, action: $1) }
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// A reducer with a body: the body, built now, once.
  ///
  /// A store's dependencies never change, and a body is a function of the reducer's properties
  /// and dependencies, so building it once per store gives the same reducer. Building it per
  /// action was 44% of the settings form's reducer work: its key paths and closures were made
  /// anew each time. (The test store keeps building per step: its dependencies may change.)
  /// A reducer that has a body runs through it: implement `body` or `reduce`, not both.
  @inlinable
  public func _builtOnce() -> (inout State, Action) -> Effect<Action> {
    body._builtOnce()
  }
}
