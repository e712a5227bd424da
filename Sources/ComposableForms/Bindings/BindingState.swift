/// Marks a state field as bindable: the only fields a ``BindingAction`` can set.
///
/// A field without this wrapper (such as a loading flag) has no `$` projection, so no binding
/// action can name it: that is checked by the compiler, not at run time.
///
/// ```swift
/// struct State: Equatable {
///   @BindingState var displayName = ""
///   var isLoading = false          // not bindable: `.set(\.$isLoading, true)` does not compile
/// }
/// ```
@propertyWrapper
public struct BindingState<Value> {
  /// The field's value.
  public var wrappedValue: Value

  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, reached as `$field`: what binding actions use as their key path.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension BindingState: Equatable where Value: Equatable {}
extension BindingState: Hashable where Value: Hashable {}
extension BindingState: Sendable where Value: Sendable {}

extension BindingState: Decodable where Value: Decodable {
  /// Decodes the bare value, so a state type's JSON has no trace of the wrapper.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Value(from: decoder))
  }
}

extension BindingState: Encodable where Value: Encodable {
  /// Encodes the bare value.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension BindingState: CustomReflectable {
  /// Reflects as the wrapped value, so dumps and diffs show values, not wrappers.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension BindingState: CustomStringConvertible {
  public var description: String { String(describing: wrappedValue) }
}

extension BindingState: CustomDebugStringConvertible {
  /// The wrapped value as `debugPrint` shows it (a string quoted), so `dump` does too.
  public var debugDescription: String { String(reflecting: wrappedValue) }
}
