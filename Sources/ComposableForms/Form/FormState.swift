/// The form engine's part of a feature's state: focus, shown errors, checks and submission.
///
/// Keep one in your feature's state (``FormFeatureState/form``) and let ``Reducer/form(submit:)``
/// run it.
/// Everything here is plain state, so a `TestStore` asserts every change.
public struct FormState<Field: FormField>: Equatable, Sendable {
  /// What has focus, or `nil` for nothing.
  public var focus: FocusTarget<Field>?
  /// The errors shown now, one per field. A field is validated when focus leaves it, on every
  /// change while it shows an error, and on submit; so an error a change cleared comes back
  /// only when focus leaves the field again (or on submit), not while the person types.
  public var errors: [Field: String] = [:]
  /// Fields validated at least once (left, or submitted): only these can show an error.
  public var validated: Set<Field> = []
  /// Asynchronous checks: the value each last started for, and its answer once it came.
  public var checks: [Field: FieldCheck] = [:]
  /// A submit in progress: waiting for checks, or saving.
  public var submission: Submission?
  /// A form-level error from the last submit, e.g. a failed save. Nothing typed is lost.
  public var submitError: String?
  /// The fields whose values the last submit refused (``FormFieldError``), with why: shown as
  /// their errors until the next change of any value or the next submit.
  public var refusals: [Field: String] = [:]
  /// How the form ended, once it has.
  public var outcome: FormOutcome?
  /// A question waiting for an answer (see ``FormPrompt``); focus, submit and cancel do
  /// nothing until it is answered.
  public var prompt: FormPrompt?
  /// Whether a control changed a value since the form opened (any binding action counts):
  /// cancelling then asks ``FormPrompt/discardChanges`` first, unless the state tells whether
  /// its values changed (``FormFeatureState/hasChangedValues``). Set it when the form opens
  /// with values that are not saved anywhere yet (a restored draft).
  public var hasEdits = false
  /// Whether cancelling a form with edits asks first; `false` cancels at once.
  public var confirmsDiscard = true

  /// Creates form state with focus on the first field that takes focus.
  public init() {
    self.focus = Field.allCases.first(where: \.takesFocus).map(FocusTarget.field)
  }

  /// Creates form state with focus on `focus`, or on nothing.
  public init(focus: FocusTarget<Field>?) {
    self.focus = focus
  }

  /// The focused field, when a field (not a button) has focus.
  public var focusedField: Field? { focus?.field }

  /// Whether a submit is in progress.
  public var isSubmitting: Bool { submission != nil }

  /// Whether a field's asynchronous check is waiting or running ("checking…").
  public func isChecking(_ field: Field) -> Bool { checks[field]?.isRunning ?? false }

  /// Whether any asynchronous check is waiting or running.
  public var isChecking: Bool { checks.values.contains { $0.isRunning } }

  /// A submit in progress.
  public enum Submission: Hashable, Sendable {
    /// Every field is valid so far; waiting for running checks before saving.
    case awaitingChecks
    /// The submit operation (e.g. a save) is running.
    case saving
  }
}

/// One field's asynchronous check: which value, which run, and how it went.
public struct FieldCheck: Equatable, Sendable {
  /// The value the check started for.
  public var value: CheckedValue
  /// Increases with every check of this field, so a late answer for an old value is dropped.
  public var generation: Int
  /// Where the check is.
  public var status: Status

  /// Where a check is.
  public enum Status: Equatable, Sendable {
    /// Waiting for the debounce, or running.
    case running
    /// Answered: `nil` when the value is fine, otherwise the message to show.
    case finished(error: String?)
    /// Dropped because the value stopped passing the synchronous rules first.
    case abandoned
    /// Threw instead of answering (``FormAction/checkFailed(_:generation:error:)``): the
    /// message shows until the value changes or a submit checks again.
    case failed(error: String)
  }

  public init(value: CheckedValue, generation: Int, status: Status = .running) {
    self.value = value
    self.generation = generation
    self.status = status
  }

  /// A check of `value`: `FieldCheck(value: "ada", generation: 1)` in a test's expected state.
  public init<Value: Hashable & Sendable>(value: Value, generation: Int, status: Status = .running) {
    self.init(value: CheckedValue(value), generation: generation, status: status)
  }

  /// Whether the check is waiting or running.
  public var isRunning: Bool { status == .running }
}

extension FormState {
  /// Form state with focus on the first field: the same as ``init()``.
  public static var focusedOnFirstField: Self { Self() }
}
