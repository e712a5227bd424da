/// A reducer that changes nothing and returns no effect.
///
/// ```swift
/// var body: some ReducerOf<Self> { EmptyReducer() }
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  @inlinable
  public init() {}

  @inlinable
  public func reduce(into _: inout State, action _: Action) -> Effect<Action> { .none }
}
