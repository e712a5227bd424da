/// Groups reducers so modifiers such as ``Reducer/onChange(of:_:)`` apply to all of them.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.settings, action: \.settings) { Settings() }
///   Reduce { state, action in .none }
/// }
/// .onChange(of: \.settings.displayName) { old, new in Reduce { _, _ in .none } }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline let reducers: Reducers

  @inlinable
  public init(
    @ReducerBuilder<State, Action> _ build: () -> Reducers
  ) {
    self.reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.reducers.reduce(into: &state, action: action)
  }
}
