/// The fields of a form, in focus order: declare them as a `CaseIterable` enum.
///
/// ```swift
/// enum Field: FormField { case name, email, age }
/// ```
public protocol FormField: Hashable, CaseIterable, Sendable where AllCases: RandomAccessCollection {
  /// Whether the field can take focus; `false` for a field that only shows something (a
  /// note): focus passes it by and it is never validated. Every field takes focus by default.
  var takesFocus: Bool { get }

  /// The page the field is on, counted from 0, in a form split into pages; the fields of one
  /// page come together in focus order. Focus moves to the next page only while the page's
  /// fields are valid; going back is always allowed. Every field is on page 0 by default.
  ///
  /// ```swift
  /// enum Field: FormField {
  ///   case name, email, plan, seats
  ///   var page: Int { self == .name || self == .email ? 0 : 1 }
  /// }
  /// ```
  var page: Int { get }
}

extension FormField {
  public var takesFocus: Bool { true }
  public var page: Int { 0 }
}

/// Something that can hold focus in a form: a field, or one of the form's two buttons.
public enum FocusTarget<Field: FormField>: Hashable, Sendable {
  case field(Field)
  /// The submit (Save) button: focusable and pressable even while the form is invalid.
  case submit
  /// The Cancel button.
  case cancel

  /// The field, when this target is one.
  public var field: Field? {
    if case let .field(field) = self { field } else { nil }
  }
}

/// How a form ended.
public enum FormOutcome: Hashable, Sendable {
  case submitted
  case cancelled
}
