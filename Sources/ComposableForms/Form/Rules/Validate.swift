/// The rules of one field: the value they read from state, its synchronous rules, and an
/// optional asynchronous check.
///
/// ```swift
/// Validate(.email, \.$email, .required("Please enter an email"), .contains("@", "Please enter a valid email"))
///   .checked(\.$email, debounce: .milliseconds(300)) { email in
///     @Dependency(\.clientStorage) var clients
///     return try await clients.emailExists(email) ? "A client with this email already exists" : nil
///   }
/// ```
public struct Validate<State, Field: FormField>: Sendable {
  let field: Field
  let validate: @Sendable (State) -> String?
  let asyncCheck: AsyncCheck<State>?
  /// The bindable field the rules read (`\.$email`), when they were given one: a layout checks
  /// that the field's control edits the same one.
  let binding: BoundKeyPath?
  /// Whether the rules read more of the state than the field's own value (a confirmation
  /// that must match a password), so another field's change can change their verdict.
  let readsOtherFields: Bool

  /// Rules for `field`, reading its value at `keyPath`; the first failing rule's message shows.
  // NB: Disfavored, so `\.$email` with no rule (or rules whose type does not settle it) reads
  //     as the bindable field, not as a key path to its `BindingState`.
  @_disfavoredOverload
  public init<Value>(_ field: Field, _ keyPath: KeyPath<State, Value>, _ rules: Rule<Value>...) {
    // NB: Key paths are immutable values; sharing them across threads is safe.
    nonisolated(unsafe) let keyPath = keyPath
    self.field = field
    self.validate = { state in
      let value = state[keyPath: keyPath]
      for rule in rules {
        if let message = rule.validate(value) { return message }
      }
      return nil
    }
    self.asyncCheck = nil
    self.binding = nil
    self.readsOtherFields = false
  }

  /// Rules for `field`, reading the bindable field at `keyPath` (`\.$email`); the first failing
  /// rule's message shows. A layout checks that the field's control edits this same field.
  public init<Value>(
    _ field: Field, _ keyPath: WritableKeyPath<State, BindingState<Value>>, _ rules: Rule<Value>...
  ) {
    // NB: Key paths are immutable values; sharing them across threads is safe.
    nonisolated(unsafe) let keyPath = keyPath
    self.field = field
    self.validate = { state in
      let value = state[keyPath: keyPath].wrappedValue
      for rule in rules {
        if let message = rule.validate(value) { return message }
      }
      return nil
    }
    self.asyncCheck = nil
    self.binding = BoundKeyPath(keyPath)
    self.readsOtherFields = false
  }

  /// Rules for `field` that need more of the state than its own value.
  ///
  /// Once `field` has been validated, its rules are judged again whenever focus leaves any
  /// field, so a change elsewhere (a new password) shows or clears this field's error (the
  /// confirmation no longer matches) without a visit to it.
  public init(_ field: Field, _ validate: @escaping @Sendable (State) -> String?) {
    self.field = field
    self.validate = validate
    self.asyncCheck = nil
    self.binding = nil
    self.readsOtherFields = true
  }

  private init(
    field: Field, validate: @escaping @Sendable (State) -> String?, binding: BoundKeyPath?,
    asyncCheck: AsyncCheck<State>?, readsOtherFields: Bool
  ) {
    self.field = field
    self.validate = validate
    self.asyncCheck = asyncCheck
    self.binding = binding
    self.readsOtherFields = readsOtherFields
  }

  /// Adds an asynchronous check (e.g. "is this email taken?") of the value at `keyPath` that
  /// runs once the synchronous rules pass, `debounce` after the value last changed. A newer value
  /// cancels a running check and a late answer for an old value is ignored. Throwing shows the
  /// error as `String(describing:)` gives it: its `description` where it is
  /// `CustomStringConvertible` (write one people will read), else its type and values.
  ///
  /// A field's second check runs when its first one passes; both run again when either value
  /// changes, after the longer debounce. The field's ``FieldCheck/value`` is then the array
  /// of the values checked, in order (`[email, domain]`).
  ///
  /// A value the form starts with (an edited record, a restored draft) has not been checked
  /// yet: its check starts with the form's first action, whatever that action is, so its answer
  /// is known before a submit.
  public func checked<Value: Hashable & Sendable>(
    _ keyPath: WritableKeyPath<State, BindingState<Value>>,
    debounce: Duration = .milliseconds(300),
    _ check: @escaping @Sendable (Value) async throws -> String?
  ) -> Self {
    checked(keyPath.appending(path: \.wrappedValue), debounce: debounce, check)
  }

  /// Adds an asynchronous check of the value at `keyPath`, like the one above, for a value
  /// that is not a bindable field (`\.emailToCheck`, a value derived from several fields).
  // NB: Disfavored: `\.$email` also reads as a key path to a `BindingState<String>`, which is
  //     Hashable too, so `.checked(\.$email) { _ in nil }` would be ambiguous.
  @_disfavoredOverload
  public func checked<Value: Hashable & Sendable>(
    _ keyPath: KeyPath<State, Value>,
    debounce: Duration = .milliseconds(300),
    _ check: @escaping @Sendable (Value) async throws -> String?
  ) -> Self {
    nonisolated(unsafe) let keyPath = keyPath
    let added = AsyncCheck<State>(debounce: debounce) { state in
      let value = state[keyPath: keyPath]
      return (CheckedValue(value), { try await check(value) })
    }
    return Self(
      field: field, validate: validate, binding: binding,
      asyncCheck: asyncCheck.map { $0.then(added) } ?? added, readsOtherFields: readsOtherFields
    )
  }
}

/// A key path to a bindable field, shareable across threads.
public struct BoundKeyPath: Hashable, @unchecked Sendable {
  // NB: `@unchecked` because key paths are not declared `Sendable`; they are immutable values.
  /// The key path (`\State.$email`).
  public let keyPath: AnyKeyPath

  /// NB: A key path through a subscript holds its index values; only the key path to a
  ///     bindable field (`\.$email`, no subscript) is meant here, as `Validate` and controls
  ///     give it.
  public init(_ keyPath: AnyKeyPath) { self.keyPath = keyPath }
}

/// An asynchronous check of one field, type-erased: reads the value to check from state and
/// makes the operation that checks it.
struct AsyncCheck<State>: Sendable {
  let debounce: Duration
  /// How many checks this one runs in turn (see ``then(_:)``).
  var count = 1
  let prepare: @Sendable (State) -> (value: CheckedValue, operation: @Sendable () async throws -> String?)

  /// This check, then `next` when this one passes: a field's second check adds to its first,
  /// as its rules do. It runs again when either value changes, after the longer debounce.
  func then(_ next: AsyncCheck<State>) -> AsyncCheck<State> {
    let (isChain, nextIsChain) = (count > 1, next.count > 1)
    return AsyncCheck(debounce: max(debounce, next.debounce), count: count + next.count) { [prepare] state in
      let (firstValue, first) = prepare(state)
      let (nextValue, second) = next.prepare(state)
      // NB: One flat array of every value checked, however many checks were chained.
      let earlier = isChain ? firstValue.chained : [firstValue]
      let later = nextIsChain ? nextValue.chained : [nextValue]
      return (CheckedValue(earlier + later), {
        if let error = try await first() { return error }
        return try await second()
      })
    }
  }
}
