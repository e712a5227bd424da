import IssueReporting

/// Everything the form engine needs to know about a form's fields: their rules, and which are
/// enabled right now.
///
/// Declare them once, as ``FormFeatureState/rules``: the form engine and layouts read them there.
///
/// ```swift
/// static let rules = FormRules<Self, Field>(
///   Validate(.displayName, \.$displayName, .required("Please enter a name"), .maxLength(32, "At most 32 characters")),
///   isEnabled: { state, field in
///     field == .sendEmailNotifications ? state.enableNotifications : true
///   }
/// )
/// ```
public struct FormRules<State, Field: FormField>: Sendable {
  private var validators: [Field: @Sendable (State) -> String?] = [:]
  var asyncChecks: [Field: AsyncCheck<State>] = [:]
  /// The fields with an asynchronous check, in focus order: checks that start together start
  /// in this order, the same in every run (a dictionary's order is not).
  private(set) var checkOrder: [Field] = []
  /// The fields with rules that read other fields too (``Validate/init(_:_:)``), in focus
  /// order: judged again whenever focus leaves a field, once they have been validated.
  private(set) var crossFieldOrder: [Field] = []
  private let enabled: @Sendable (State, Field) -> Bool
  /// The bindable field each field's rules read, where they name one (`\.$email`).
  package private(set) var bindings: [Field: BoundKeyPath] = [:]
  /// The fields in focus order, and each field's position in it (shared per field type).
  let focusOrder: FocusOrder<Field>

  /// Rules for some fields (a field without rules is always valid); `isEnabled` says which
  /// fields can be focused and edited (disabled fields are skipped and not validated).
  ///
  /// A debug build reports a rule for a field that is not in `Field.allCases`: the form never
  /// visits such a field, so its rules would never run.
  public init(
    _ rules: Validate<State, Field>...,
    isEnabled: @escaping @Sendable (State, Field) -> Bool = { _, _ in true },
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(rules, isEnabled: isEnabled, focusOrder: .shared)
    reportFieldsNeverVisited(in: rules, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Rules from a list, for a form whose fields are known only when it runs (made from a
  /// spec): its focus order is worked out here, not shared per field type.
  public init(
    rules: [Validate<State, Field>],
    isEnabled: @escaping @Sendable (State, Field) -> Bool = { _, _ in true },
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(rules, isEnabled: isEnabled, focusOrder: FocusOrder())
    reportFieldsNeverVisited(in: rules, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  private func reportFieldsNeverVisited(
    in rules: [Validate<State, Field>],
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    #if DEBUG
      var reported: Set<Field> = []
      for rule in rules where focusOrder.position[rule.field] == nil && reported.insert(rule.field).inserted {
        reportIssue(
          """
          A rule is declared for \(String(describing: rule.field)), which is not in \
          \(Field.self).allCases: the form never visits that field, so the rule never runs \
          (a submit saves whatever it holds).

          Add the field to allCases, or let Swift write allCases for the enum.
          """,
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
    #endif
  }

  private init(
    _ rules: [Validate<State, Field>], isEnabled: @escaping @Sendable (State, Field) -> Bool,
    focusOrder: FocusOrder<Field>
  ) {
    var crossField: [Field] = []
    for rule in rules {
      let previous = validators[rule.field]
      let validate = rule.validate
      validators[rule.field] = { state in previous?(state) ?? validate(state) }
      if let check = rule.asyncCheck {
        asyncChecks[rule.field] = asyncChecks[rule.field].map { $0.then(check) } ?? check
      }
      if let binding = rule.binding { bindings[rule.field] = binding }
      if rule.readsOtherFields && !crossField.contains(rule.field) { crossField.append(rule.field) }
    }
    self.enabled = isEnabled
    self.focusOrder = focusOrder
    let inFocusOrder = { (first: Field, second: Field) in
      (focusOrder.position[first] ?? .max) < (focusOrder.position[second] ?? .max)
    }
    self.checkOrder = asyncChecks.keys.sorted(by: inFocusOrder)
    self.crossFieldOrder = crossField.sorted(by: inFocusOrder)
  }

  /// How many pages the form has (``FormField/page``): 1 for a form without pages.
  public var pageCount: Int { focusOrder.pages.count }

  /// The page `target` is on: a field's own page; the buttons are on the last page.
  public func page(of target: FocusTarget<Field>?) -> Int {
    switch target {
    case let .field(field): min(max(0, field.page), pageCount - 1)
    case .submit, .cancel: pageCount - 1
    case nil: 0
    }
  }

  /// The fields on `page`, in focus order.
  public func fields(onPage page: Int) -> ArraySlice<Field> {
    guard focusOrder.pages.indices.contains(page) else { return [] }
    return focusOrder.fields[focusOrder.pages[page]]
  }

  /// The fields that have an asynchronous check.
  public var checkedFields: Set<Field> { Set(asyncChecks.keys) }

  /// Whether `field` can be focused and edited now (never, for a field that takes no focus).
  public func isEnabled(_ field: Field, in state: State) -> Bool {
    field.takesFocus && enabled(state, field)
  }

  /// The synchronous error of `field` for the current state, or `nil`.
  public func syncError(for field: Field, in state: State) -> String? {
    guard enabled(state, field) else { return nil }
    return validators[field]?(state)
  }

  /// The error `field` has now: its synchronous rules first, then the answer of its
  /// asynchronous check for the current value.
  public func error(for field: Field, in state: State, form: FormState<Field>) -> String? {
    if let error = syncError(for: field, in: state) { return error }
    if let refusal = form.refusals[field] { return refusal }
    guard enabled(state, field), let asyncCheck = asyncChecks[field],
      let check = form.checks[field], check.value == asyncCheck.prepare(state).value
    else { return nil }
    switch check.status {
    case let .finished(error): return error
    case let .failed(error): return error
    case .running, .abandoned: return nil
    }
  }

  /// Whether the whole form is valid now: every enabled field passes its rules, and every
  /// asynchronous check has answered "valid" for the current value. Never stale: derived from
  /// the present values on every call.
  public func isValid(_ state: State, form: FormState<Field>) -> Bool {
    for field in Field.allCases where enabled(state, field) {
      if syncError(for: field, in: state) != nil || form.refusals[field] != nil { return false }
      guard let asyncCheck = asyncChecks[field] else { continue }
      guard let check = form.checks[field], check.value == asyncCheck.prepare(state).value,
        check.status == .finished(error: nil)
      else { return false }
    }
    return true
  }
}
