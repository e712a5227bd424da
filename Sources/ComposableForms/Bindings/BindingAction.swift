import Synchronization

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
public struct BindingAction<Root>: Sendable {
  // NB: One object holds the field, the value and what to do with them, so copying an action
  //     (the store and the reducers copy each a dozen times) is one retain. It held a key path,
  //     a boxed value and two closure contexts before: four scattered objects to fetch.
  @usableFromInline let change: any BindingChange<Root>

  @usableFromInline
  init(change: any BindingChange<Root>) {
    self.change = change
  }

  /// The field this action sets (a key path to its ``BindingState``).
  public var keyPath: PartialKeyPath<Root> { change.partialKeyPath }
  /// The new value, type-erased.
  public var value: any Sendable { change.anyValue }

  /// Sets the bindable field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, BindingState<Value>>,
    _ value: Value
  ) -> Self {
    Self(change: FieldChange(keyPath: keyPath, value: value))
  }

  /// Applies the change to `root`.
  @inlinable
  public func apply(to root: inout Root) { change.apply(to: &root) }

  /// Whether `value` equals the value this action sets.
  func setsValue(equalTo value: Any) -> Bool { change.setsValue(equalTo: value) }

  /// Whether applying the action to `root` would change it (the field holds another value).
  public func changes(_ root: Root) -> Bool { change.changes(root) }

  #if DEBUG
    /// Whether the action was applied to a state yet (by ``BindingReducer``, or by hand).
    var wasApplied: Bool { change.wasApplied }
  #endif

  /// Matches a binding action by the field it sets, in a `switch` over actions.
  public static func ~= <Value>(
    keyPath: WritableKeyPath<Root, BindingState<Value>>,
    bindingAction: Self
  ) -> Bool {
    bindingAction.keyPath == keyPath
  }
}

/// What a ``BindingAction`` does, with the value's type erased.
@usableFromInline
protocol BindingChange<Root>: AnyObject, Sendable {
  associatedtype Root
  var partialKeyPath: PartialKeyPath<Root> { get }
  var anyValue: any Sendable { get }
  func apply(to root: inout Root)
  /// Sets the value in `root` without counting as applied: a probe of which field it sets.
  func probe(_ root: inout Root)
  func setsValue(equalTo value: Any) -> Bool
  func changes(_ root: Root) -> Bool
  #if DEBUG
    /// Whether the change was applied to a state (by ``BindingReducer``, or by hand).
    var wasApplied: Bool { get }
  #endif
}

/// Sets one bindable field to one value.
@usableFromInline
final class FieldChange<Root, Value: Sendable>: BindingChange, @unchecked Sendable {
  // NB: `@unchecked` because key paths are not declared `Sendable`; they are immutable values,
  //     and the value is `Sendable`.
  @usableFromInline let keyPath: WritableKeyPath<Root, BindingState<Value>>
  @usableFromInline let value: Value
  // NB: `==` kept from `set`, not required of `Value` by the class: a requirement is checked
  //     at run time each time the class's metadata is made for a new value type, and the first
  //     keystroke in a field paid that search (see `_FormReducer`).
  @usableFromInline let isEqual: (Value, Value) -> Bool
  #if DEBUG
    // NB: A debug build's check that the form engine sees the value after it was set (see
    //     `_FormReducer`); a release build carries nothing for it.
    private let applied = Atomic<Bool>(false)
    @usableFromInline var wasApplied: Bool { applied.load(ordering: .relaxed) }
  #endif

  @usableFromInline
  init(keyPath: WritableKeyPath<Root, BindingState<Value>>, value: Value) where Value: Equatable {
    self.keyPath = keyPath
    self.value = value
    self.isEqual = { $0 == $1 }
  }

  @usableFromInline var partialKeyPath: PartialKeyPath<Root> { keyPath }
  @usableFromInline var anyValue: any Sendable { value }

  @usableFromInline func apply(to root: inout Root) {
    root[keyPath: keyPath].wrappedValue = value
    #if DEBUG
      applied.store(true, ordering: .relaxed)
    #endif
  }

  @usableFromInline func probe(_ root: inout Root) { root[keyPath: keyPath].wrappedValue = value }

  @usableFromInline func setsValue(equalTo other: Any) -> Bool {
    guard let other = other as? Value else { return false }
    return isEqual(other, value)
  }

  @usableFromInline func changes(_ root: Root) -> Bool { !isEqual(root[keyPath: keyPath].wrappedValue, value) }
}

extension BindingAction: Equatable {
  /// Equal when both set the same field to equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.setsValue(equalTo: rhs.value)
  }
}

extension BindingAction: CustomStringConvertible {
  /// Reads like the code that made it, `.set(\Settings.State.displayName, "Blob")`, once the
  /// field's name is known: a `TestStore` works it out from its state for the actions it
  /// reports. Elsewhere the key path describes itself, which on Linux names no field
  /// (`\State.<computed 0x… (BindingState<Int>)>`): the keystroke path does not pay to find it.
  public var description: String {
    let value = self.value as? String
    return ".set(\(fieldDescription), \(value.map { $0.debugDescription } ?? String(describing: self.value)))"
  }
}
