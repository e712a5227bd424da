/// The state of a feature that is a form: its fields, the form engine's state, and the rules of
/// every field, declared once.
///
/// The form engine (``Reducer/form(submit:)``) and a terminal layout both read ``rules`` from
/// here, so a form's rules are written in one place and passed nowhere.
///
/// ```swift
/// struct State: FormFeatureState, Equatable {
///   @BindingState var email = ""
///   var form = FormState<Field>()
///   enum Field: FormField { case email }
///   static let rules = FormRules<Self, Field>(
///     Validate(.email, \.$email, .required("Please enter an email"))
///   )
/// }
/// ```
public protocol FormFeatureState {
  /// The form's fields, in focus order.
  associatedtype Field: FormField
  /// The form engine's part of the state: focus, shown errors, checks and submission.
  var form: FormState<Field> { get set }
  /// The rules of the form's fields, and which fields are enabled.
  static var rules: FormRules<Self, Field> { get }
  /// Whether the values differ from those the form opened with, for a state that keeps them:
  /// cancelling then asks ``FormPrompt/discardChanges`` only when they do, so a letter typed
  /// and deleted again throws nothing away. `nil` (the default) counts any edit since the form
  /// opened (``FormState/hasEdits``).
  var hasChangedValues: Bool? { get }
}

extension FormFeatureState {
  public var hasChangedValues: Bool? { nil }

  /// Whether the form can be submitted as it is now: every enabled field passes its rules and
  /// every asynchronous check has answered "valid" for the current value. Never stale.
  public var isValid: Bool { Self.rules.isValid(self, form: form) }
}

/// An action type with a case for bindings and a case for the form engine, each met by the
/// enum case itself: no case paths to write.
///
/// ```swift
/// enum Action: BindableFormAction {
///   case binding(BindingAction<State>)
///   case form(FormAction<State.Field>)
/// }
/// ```
///
/// ``form`` extracts the form case; the default reads it by reflection, and a feature whose
/// actions are sent on a hot path can implement it directly:
///
/// ```swift
/// var form: FormAction<State.Field>? { if case let .form(a) = self { a } else { nil } }
/// ```
public protocol BindableFormAction: BindableAction, SendableMetatype where State: FormFeatureState {
  /// Embeds a form action.
  static func form(_ action: FormAction<State.Field>) -> Self

  /// The form action this action holds, if it is the form case.
  var form: FormAction<State.Field>? { get }
}

extension BindableFormAction {
  public var form: FormAction<State.Field>? {
    let child = Mirror(reflecting: self).children.first
    guard child?.label == "form" else { return nil }
    return child?.value as? FormAction<State.Field>
  }
}
