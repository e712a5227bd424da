/// An action type with a single case that sets any bindable field of its feature's state.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case saveButtonTapped
/// }
/// ```
///
/// The `binding(_:)` requirement is met by the enum case itself. ``binding`` extracts it; the
/// default reads the case by reflection, and a feature on a hot path can implement it directly:
///
/// ```swift
/// var binding: BindingAction<State>? { if case let .binding(b) = self { b } else { nil } }
/// ```
public protocol BindableAction {
  /// The state whose bindable fields the binding case can set.
  associatedtype State

  /// Embeds a binding action.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding action this action holds, if it is the binding case.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  public var binding: BindingAction<State>? {
    let child = Mirror(reflecting: self).children.first
    guard child?.label == "binding" else { return nil }
    return child?.value as? BindingAction<State>
  }

  /// Sets the bindable field at `keyPath`: shorthand for `.binding(.set(keyPath, value))`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, BindingState<Value>>,
    _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}
