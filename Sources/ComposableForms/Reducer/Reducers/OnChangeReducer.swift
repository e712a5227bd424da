extension Reducer {
  /// Runs a reducer after this one whenever the value it reads from state has changed.
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .onChange(of: \.enableNotifications) { _, isOn in
  ///     Reduce { state, _ in
  ///       if !isOn { state.sendEmailNotifications = false }
  ///       return .none
  ///     }
  ///   }
  /// ```
  public func onChange<Value: Equatable, Reaction: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reaction: @escaping (_ oldValue: Value, _ newValue: Value) ->
      Reaction
  ) -> _OnChangeReducer<Self, Value, Reaction> {
    _OnChangeReducer(base: self, toValue: toValue, reaction: reaction)
  }
}

/// The reducer ``Reducer/onChange(of:_:)`` builds.
public struct _OnChangeReducer<Base: Reducer, Value: Equatable, Reaction: Reducer>: Reducer
where Reaction.State == Base.State, Reaction.Action == Base.Action {
  let base: Base
  let toValue: (Base.State) -> Value
  let reaction: (Value, Value) -> Reaction

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let effect = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard oldValue != newValue else { return effect }
    return effect.merge(with: reaction(oldValue, newValue).reduce(into: &state, action: action))
  }
}
