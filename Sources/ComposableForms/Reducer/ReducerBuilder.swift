/// Builds a reducer from the reducers listed in a ``Reducer/body``, run top to bottom.
///
/// Supports `if`/`else`, `if` without `else` (an optional reducer), `switch` (through `if`/`else`
/// chains of either kind), and `for` loops over reducers of one type.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   if isVerbose { Logging() }
///   Reduce { state, action in .none }
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ reducer: R) -> R { reducer }

  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R { first }

  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0, next: R1
  ) -> _SequenceReducer<R0, R1> {
    _SequenceReducer(accumulated, next)
  }

  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(_ wrapped: R?) -> R? { wrapped }

  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    first reducer: R0
  ) -> _ConditionalReducer<R0, R1> {
    .first(reducer)
  }

  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    second reducer: R1
  ) -> _ConditionalReducer<R0, R1> {
    .second(reducer)
  }

  @inlinable
  public static func buildArray<R: Reducer<State, Action>>(_ reducers: [R]) -> _ReducerArray<R> {
    _ReducerArray(reducers: reducers)
  }

  @inlinable
  public static func buildLimitedAvailability<R: Reducer<State, Action>>(
    _ wrapped: R
  ) -> R {
    wrapped
  }
}

/// Two reducers run one after the other; their effects are merged.
// NB: The requirements are the conformance's, not the type's: see `_FormReducer`.
public struct _SequenceReducer<R0, R1> {
  @usableFromInline let r0: R0
  @usableFromInline let r1: R1

  @inlinable
  init(_ r0: R0, _ r1: R1) {
    self.r0 = r0
    self.r1 = r1
  }
}

extension _SequenceReducer: Reducer
where R0: Reducer, R1: Reducer, R1.State == R0.State, R1.Action == R0.Action {
  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    self.r0.reduce(into: &state, action: action)
      .merge(with: self.r1.reduce(into: &state, action: action))
  }
}

/// One of two reducers, chosen by an `if`/`else` in a reducer builder.
// NB: The requirements are the conformance's, not the type's: see `_FormReducer`.
public enum _ConditionalReducer<First, Second> {
  case first(First)
  case second(Second)
}

extension _ConditionalReducer: Reducer
where First: Reducer, Second: Reducer, Second.State == First.State, Second.Action == First.Action {
  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case let .first(first): first.reduce(into: &state, action: action)
    case let .second(second): second.reduce(into: &state, action: action)
    }
  }
}

/// Reducers of one type from a `for` loop in a reducer builder, run in order.
// NB: The requirements are the conformance's, not the type's: see `_FormReducer`.
public struct _ReducerArray<Element> {
  @usableFromInline let reducers: [Element]

  @inlinable
  init(reducers: [Element]) { self.reducers = reducers }
}

extension _ReducerArray: Reducer where Element: Reducer {
  @inlinable
  public func reduce(into state: inout Element.State, action: Element.Action) -> Effect<
    Element.Action
  > {
    var effect = Effect<Element.Action>.none
    for reducer in reducers {
      effect = effect.merge(with: reducer.reduce(into: &state, action: action))
    }
    return effect
  }
}

/// An optional reducer does nothing when it is `nil` (an `if` without `else` in a builder).
extension Optional: Reducer where Wrapped: Reducer {
  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<
    Wrapped.Action
  > {
    switch self {
    case let .some(wrapped): wrapped.reduce(into: &state, action: action)
    case .none: .none
    }
  }
}
