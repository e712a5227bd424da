/// A type that evolves a feature's state in response to actions, and describes the effects to
/// run afterwards.
///
/// Conform by implementing ``reduce(into:action:)``, or compose other reducers in ``body``;
/// one or the other. A store reports a reducer that implements both, because its `reduce`
/// would silently win and its `body` would never run.
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
    BodyCheck.bodyRuns(Self.self)
    return self.body.reduce(into: &state, action: action)
  }
}
