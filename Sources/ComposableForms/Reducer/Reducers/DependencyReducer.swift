import Dependencies

extension Reducer {
  /// This reducer with one dependency set, for its own logic and for the effects it makes: a
  /// child feature given its own clock or client, in the app or in a test of the parent.
  ///
  /// ```swift
  /// Scope(state: \.search, action: \.search) {
  ///   Search().dependency(\.continuousClock, ImmediateClock())
  /// }
  /// ```
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value
  ) -> _DependencyReducer<Self> {
    _DependencyReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// This reducer with one dependency changed from what it would be, for its own logic and
  /// for the effects it makes.
  ///
  /// ```swift
  /// Settings().transformDependency(\.self) { $0.date.now = Date(timeIntervalSince1970: 0) }
  /// ```
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>, transform: @escaping (inout Value) -> Void
  ) -> _DependencyReducer<Self> {
    _DependencyReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// A reducer run with changed dependencies: what ``Reducer/dependency(_:_:)`` and
/// ``Reducer/transformDependency(_:transform:)`` return.
public struct _DependencyReducer<Base: Reducer>: Reducer {
  let base: Base
  let update: (inout DependencyValues) -> Void

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies(update) { base.reduce(into: &state, action: action) }
  }
}
