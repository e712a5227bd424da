/// One action that can set any bindable field of `Root`, replacing an action per field.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case saveButtonTapped
/// }
/// store.send(.binding(.set(\.$displayName, "Blob")))
/// ```
///
/// A reducer can still react to one field by matching its key path:
///
/// ```swift
/// case .binding(\.$displayName):
///   state.nameError = state.displayName.isEmpty ? "Required" : nil
///   return .none
/// ```
public struct BindingAction<Root>: @unchecked Sendable {
  // NB: `@unchecked` because key paths are not declared `Sendable`; they are immutable values,
  //     and the stored value is required to be `Sendable` when the action is made.

  /// The field this action sets (a key path to its ``BindingState``).
  public let keyPath: PartialKeyPath<Root>
  /// The new value, type-erased.
  public let value: any Sendable
  @usableFromInline let apply: @Sendable (inout Root) -> Void
  let isEqualTo: @Sendable (Any) -> Bool

  /// Sets the bindable field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, BindingState<Value>>,
    _ value: Value
  ) -> Self {
    nonisolated(unsafe) let keyPath = keyPath
    return Self(
      keyPath: keyPath,
      value: value,
      apply: { $0[keyPath: keyPath].wrappedValue = value },
      isEqualTo: { ($0 as? Value) == value }
    )
  }

  /// Applies the change to `root`.
  @inlinable
  public func apply(to root: inout Root) { apply(&root) }

  /// Matches a binding action by the field it sets, in a `switch` over actions.
  public static func ~= <Value>(
    keyPath: WritableKeyPath<Root, BindingState<Value>>,
    bindingAction: Self
  ) -> Bool {
    bindingAction.keyPath == keyPath
  }
}

extension BindingAction: Equatable {
  /// Equal when both set the same field to equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.isEqualTo(rhs.value)
  }
}

extension BindingAction: CustomStringConvertible {
  /// Reads like the code that made it: `.set(\Settings.State.displayName, "Blob")`.
  public var description: String {
    let value = self.value as? String
    return ".set(\(fieldDescription), \(value.map { $0.debugDescription } ?? String(describing: self.value)))"
  }
}
