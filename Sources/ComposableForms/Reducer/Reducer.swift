/// A type that evolves a feature's state in response to actions, and describes the effects to
/// run afterwards.
///
/// Conform by implementing ``reduce(into:action:)``, or compose other reducers in ``body``;
/// one or the other: with both, `reduce` silently wins and `body` never runs. A store reports
/// this of the reducer it was made with, at its first action; a child reducer (in a `Scope`
/// or `ifLet`) is not checked, so test each feature with a `TestStore` of its own, which
/// checks it.
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

  /// How stores run this reducer: its `reduce`, with a `body` built once instead of for every
  /// action where `reduce` is the default one that runs `body`.
  ///
  /// `Store` and `TestStore` both call it (a test store again when its dependencies change), so
  /// tests run the code the app runs. Do not implement it: the defaults are the only correct
  /// ones. It is a requirement so that the witness is compiled for each reducer's own types.
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
    BodyCheck.bodyRuns(Self.self)
    return self.body.reduce(into: &state, action: action)
  }

  /// A reducer with a body: its `reduce` for the first action, watching whether that ran the
  /// body; from then on the body, built once, if it did; `reduce` for good, reported, if the
  /// reducer's own `reduce` hid its body.
  ///
  /// A store's dependencies do not change while it runs, and a body is a function of the
  /// reducer's properties and dependencies, so building it once gives the same reducer as
  /// building it for every action (BENCHMARKS.md, "Per keystroke", has what that saves).
  public func _builtOnce() -> (inout State, Action) -> Effect<Action> {
    var run: ((inout State, Action) -> Effect<Action>)?
    return { state, action in
      if let run { return run(&state, action) }
      let (effect, bodyRan) = BodyCheck.watch(Self.self) { reduce(into: &state, action: action) }
      switch bodyRan {
      case true?:
        run = body._builtOnce()
      case false?:
        BodyCheck.report(Self.self)
        run = { reduce(into: &$0, action: $1) }
      case nil:
        break  // NB: Another store was checking at the same moment: check at the next action.
      }
      return effect
    }
  }
}

extension Reducer where Body == Never {
  /// A reducer without a body: its own `reduce`.
  @inlinable
  public func _builtOnce() -> (inout State, Action) -> Effect<Action> {
    { reduce(into: &$0, action: $1) }
  }
}
