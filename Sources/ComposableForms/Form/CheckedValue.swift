/// The value an asynchronous check ran for, with its type erased: the form engine compares it
/// with the field's value now to tell whether an answer is still about that value.
///
/// Chained checks of one field (`.checked { … }.checked { … }`) ran for the array of their
/// values, in order: `CheckedValue([CheckedValue("Ada"), CheckedValue("ada@example.com")])`.
public struct CheckedValue: Hashable, @unchecked Sendable, CustomStringConvertible {
  // NB: `@unchecked` because `AnyHashable` is not declared `Sendable`; the only way in is a
  //     `Sendable` value (the initializer), and it is never changed. `AnyHashable` and not
  //     `any Hashable & Sendable`: equality across the erased types is what it is for.
  private let erased: AnyHashable

  /// Erases `value`'s type.
  public init<Value: Hashable & Sendable>(_ value: Value) {
    self.erased = AnyHashable(value)
  }

  /// The value, as it was given.
  public var base: Any { erased.base }

  public var description: String { String(describing: erased.base) }

  /// The values of chained checks in order: this value's own array, or this value alone.
  var chained: [CheckedValue] { erased.base as? [CheckedValue] ?? [self] }
}
