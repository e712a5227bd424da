/// A read-write view of one value for a control: read the current value, write a new one.
///
/// Made from a store and a bindable field, writing sends a binding action:
///
/// ```swift
/// let name = store.binding(\.$displayName)
/// name.wrappedValue = "Blob"    // sends .binding(.set(\.$displayName, "Blob"))
/// ```
@MainActor
@propertyWrapper
public struct Binding<Value> {
  private let get: @MainActor () -> Value
  private let set: @MainActor (Value) -> Void

  /// Creates a binding from a getter and a setter.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// The current value; setting it runs the binding's setter.
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }

  public var projectedValue: Self { self }

  /// A binding that always reads `value` and ignores writes (for previews and tests).
  public static func constant(_ value: Value) -> Self {
    Self(get: { value }, set: { _ in })
  }
}

extension Store where Action: BindableAction, Action.State == State {
  /// A binding to a bindable field: writing sends `.binding(.set(keyPath, newValue))`.
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, BindingState<Value>>
  ) -> Binding<Value> {
    Binding(
      get: { self.state[keyPath: keyPath].wrappedValue },
      set: { self.send(.binding(.set(keyPath, $0))) }
    )
  }
}

extension Store {
  /// An ad hoc binding: reads with `get`, and writing sends the action `send` makes.
  ///
  /// ```swift
  /// let age = store.binding(get: \.age, send: { .ageChanged($0) })
  /// ```
  public func binding<Value>(
    get: @escaping (State) -> Value,
    send: @escaping (Value) -> Action
  ) -> Binding<Value> {
    Binding(
      get: { get(self.state) },
      set: { self.send(send($0)) }
    )
  }
}
