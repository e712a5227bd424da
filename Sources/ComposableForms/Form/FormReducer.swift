extension Reducer {
  /// Runs the form engine around this reducer: focus moves, the validation timing rule,
  /// asynchronous checks and submit.
  ///
  /// The timing rule: a field is validated for the first time when focus leaves it; once it
  /// shows an error it is re-validated on every change; submit validates every field, shows
  /// every error and focuses the first invalid one. Valid: `submit` runs, and its result comes
  /// back as ``FormAction/submitFinished(error:)``.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   BindingReducer()
  ///   Reduce { state, action in .none }
  ///     .form(state: \.form, action: \.form, rules: Self.rules) { state in
  ///       { [client = state.client] in try await clientStorage.add(client) }
  ///     }
  /// }
  /// ```
  public func form<Field: FormField>(
    state toForm: WritableKeyPath<State, FormState<Field>>,
    action toFormAction: CaseKeyPath<Action, FormAction<Field>>,
    rules: FormRules<State, Field>,
    submit: @escaping (State) -> @Sendable () async throws -> Void
  ) -> _FormReducer<Self, Field> {
    let toFormAction = AnyCasePath(toFormAction)
    return _FormReducer(
      base: self, toForm: toForm, toFormAction: toFormAction,
      extractFormAction: toFormAction.extract(from:), rules: rules, submit: submit)
  }
}

extension Reducer where Action: BindableAction {
  /// Runs the form engine around this reducer (see the general overload); for a bindable
  /// action, a binding action is never taken apart as a form action.
  public func form<Field: FormField>(
    state toForm: WritableKeyPath<State, FormState<Field>>,
    action toFormAction: CaseKeyPath<Action, FormAction<Field>>,
    rules: FormRules<State, Field>,
    submit: @escaping (State) -> @Sendable () async throws -> Void
  ) -> _FormReducer<Self, Field> {
    let toFormAction = AnyCasePath(toFormAction)
    return _FormReducer(
      base: self, toForm: toForm, toFormAction: toFormAction,
      // NB: Through a case key path an extraction costs about 6,700 instructions (the action
      //     is boxed, cast, and the case paths rebuilt); a typed key is a binding action, and
      //     `binding` tells that for the price of a switch when the feature implements it.
      extractFormAction: { action in
        action.binding == nil ? toFormAction.extract(from: action) : nil
      },
      rules: rules, submit: submit)
  }
}

/// The reducer ``Reducer/form(state:action:rules:submit:)`` builds.
public struct _FormReducer<Base: Reducer, Field: FormField>: Reducer {
  public typealias State = Base.State
  public typealias Action = Base.Action

  let base: Base
  let toForm: WritableKeyPath<State, FormState<Field>>
  /// `toForm` for reading, without the runtime's key path projection.
  let formReader: OffsetKeyPath<State, FormState<Field>>
  let toFormAction: AnyCasePath<Action, FormAction<Field>>
  let extractFormAction: (Action) -> FormAction<Field>?
  let rules: FormRules<State, Field>
  let submit: (State) -> @Sendable () async throws -> Void

  @Dependency(\.continuousClock) var clock

  init(
    base: Base,
    toForm: WritableKeyPath<State, FormState<Field>>,
    toFormAction: AnyCasePath<Action, FormAction<Field>>,
    extractFormAction: @escaping (Action) -> FormAction<Field>?,
    rules: FormRules<State, Field>,
    submit: @escaping (State) -> @Sendable () async throws -> Void
  ) {
    self.base = base
    self.toForm = toForm
    self.formReader = OffsetKeyPath(toForm)
    self.toFormAction = toFormAction
    self.extractFormAction = extractFormAction
    self.rules = rules
    self.submit = submit
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let previousFocus = formReader.read(state, { $0.pointee.focus })
    // NB: Effects are merged pairwise, not collected in arrays: most actions return none, and
    //     three arrays per keystroke were allocated only to be found empty.
    var effect = Effect<Action>.none
    // NB: Extracted once: through a case key path this costs more than the rest of `settle`.
    let formAction = extractFormAction(action)
    if let formAction {
      effect = handle(formAction, state: &state)
    }
    effect = effect.merge(with: base.reduce(into: &state, action: action))
    return effect.merge(with: settle(&state, previousFocus: previousFocus, formAction: formAction))
  }

  // MARK: - Form actions

  private func handle(_ action: FormAction<Field>, state: inout State) -> Effect<Action> {
    switch action {
    case let .focus(target):
      if let field = target?.field, !rules.isEnabled(field, in: state) { return .none }
      state[keyPath: toForm].focus = target
      return .none

    case .focusNext:
      let focus = formReader.read(state, { $0.pointee.focus })
      state[keyPath: toForm].focus = neighbour(of: focus, by: 1, in: state)
      return .none

    case .focusPrevious:
      let focus = formReader.read(state, { $0.pointee.focus })
      state[keyPath: toForm].focus = neighbour(of: focus, by: -1, in: state)
      return .none

    case .submitTapped:
      guard formReader.read(state, { $0.pointee.submission == nil && $0.pointee.outcome == nil })
      else { return .none }
      state[keyPath: toForm].submitError = nil
      for field in Field.allCases where rules.isEnabled(field, in: state) {
        state[keyPath: toForm].validated.insert(field)
      }
      state[keyPath: toForm].submission = .awaitingChecks
      return .none

    case .cancelTapped:
      guard formReader.read(state, { $0.pointee.outcome }) == nil else { return .none }
      state[keyPath: toForm].outcome = .cancelled
      state[keyPath: toForm].submission = nil
      for (field, check) in formReader.read(state, { $0.pointee.checks }) where check.isRunning {
        state[keyPath: toForm].checks[field]?.status = .abandoned
      }
      // NB: A save still running is cancelled too, so its answer cannot turn the form into
      //     "submitted" after the person cancelled it.
      return .merge(
        rules.asyncChecks.keys.map { .cancel(id: CheckID(field: $0)) } + [.cancel(id: SubmitID())])

    case let .checkFinished(field, generation, error):
      let check = formReader.read(state, { $0.pointee.checks[field] })
      guard check?.generation == generation, check?.status == .running
      else { return .none }  // NB: A late answer for an older value: drop it.
      state[keyPath: toForm].checks[field]?.status = .finished(error: error)
      return .none

    case let .submitFinished(error):
      guard formReader.read(state, { $0.pointee.outcome }) == nil else { return .none }
      state[keyPath: toForm].submission = nil
      if let error {
        state[keyPath: toForm].submitError = error
      } else {
        state[keyPath: toForm].outcome = .submitted
      }
      return .none
    }
  }

  // MARK: - After every action

  /// Brings focus, checks, errors and a waiting submit in line with the new state.
  private func settle(
    _ state: inout State, previousFocus: FocusTarget<Field>?, formAction: FormAction<Field>?
  ) -> Effect<Action> {
    var effect = Effect<Action>.none

    // Focus never rests on a disabled field.
    if let field = formReader.read(state, { $0.pointee.focusedField }),
      !rules.isEnabled(field, in: state)
    {
      state[keyPath: toForm].focus = neighbour(of: .field(field), by: 1, in: state)
    }
    let focus = formReader.read(state, { $0.pointee.focus })
    var left: Field?
    if let field = previousFocus?.field, focus != previousFocus, rules.isEnabled(field, in: state) {
      state[keyPath: toForm].validated.insert(field)
      left = field
    }

    // NB: A form that ended (submitted or cancelled) starts no new check.
    if formReader.read(state, { $0.pointee.outcome }) == nil { effect = scheduleChecks(&state) }
    var answered: Field?
    if case let .checkFinished(field, _, _)? = formAction { answered = field }
    refreshErrors(&state, left: left, answered: answered)

    let awaitsNoCheck = formReader.read(state, { form in
      form.pointee.submission == .awaitingChecks && !form.pointee.isChecking
    })
    if awaitsNoCheck {
      effect = effect.merge(with: finishSubmit(&state))
    }
    return effect
  }

  /// Starts a debounced check for every field whose value changed and passes its synchronous
  /// rules; abandons checks whose value stopped passing them.
  private func scheduleChecks(_ state: inout State) -> Effect<Action> {
    var effect = Effect<Action>.none
    for (field, asyncCheck) in rules.asyncChecks {
      let existing = formReader.read(state, { $0.pointee.checks[field] })
      guard rules.isEnabled(field, in: state), rules.syncError(for: field, in: state) == nil
      else {
        if existing?.isRunning == true {
          state[keyPath: toForm].checks[field]?.status = .abandoned
          effect = effect.merge(with: .cancel(id: CheckID(field: field)))
        }
        continue
      }
      let (value, operation) = asyncCheck.prepare(state)
      guard existing?.value != value || existing?.status == .abandoned else { continue }
      let generation = (existing?.generation ?? 0) + 1
      state[keyPath: toForm].checks[field] = FieldCheck(value: value, generation: generation)
      let toFormAction = self.toFormAction
      effect = effect.merge(with:
        Effect<Action>.run { send in
          let error: String?
          do {
            error = try await operation()
          } catch is CancellationError {
            return
          } catch {
            let message = String(describing: error)
            await send(toFormAction.embed(.checkFinished(field, generation: generation, error: message)))
            return
          }
          await send(toFormAction.embed(.checkFinished(field, generation: generation, error: error)))
        }
        .debounce(id: CheckID(field: field), for: asyncCheck.debounce, clock: clock)
      )
    }
    return effect
  }

  /// Shows, updates or clears errors: a field that shows an error is re-validated on every
  /// change; a field is validated when focus leaves it and when its check answers (unless it is
  /// focused: no error while typing); a submit validates every field.
  ///
  /// Only those fields are looked at, so an action costs the same in a form of ten fields or
  /// ten thousand.
  private func refreshErrors(_ state: inout State, left: Field?, answered: Field?) {
    // NB: The common case (typing in a field without an error) looks at nothing: no set is made,
    //     and the form state is not even copied.
    guard
      left != nil || answered != nil
        || formReader.read(state, { !$0.pointee.errors.isEmpty || $0.pointee.submission != nil })
    else { return }
    let form = formReader.read(state)
    var candidates = Set(form.errors.keys)
    if let left { candidates.insert(left) }
    if let answered, answered != form.focusedField { candidates.insert(answered) }
    if form.submission != nil { candidates.formUnion(form.validated) }
    for field in candidates where form.validated.contains(field) {
      let error = rules.error(for: field, in: state, form: form)
      if form.errors[field] != error { state[keyPath: toForm].errors[field] = error }
    }
  }

  /// Every check has answered: save if the whole form is valid, otherwise show why.
  private func finishSubmit(_ state: inout State) -> Effect<Action> {
    let errors = formReader.read(state, { $0.pointee.errors })
    guard let firstInvalid = Field.allCases.first(where: { errors[$0] != nil })
    else {
      guard rules.isValid(state, form: formReader.read(state)) else {
        state[keyPath: toForm].submission = nil
        return .none
      }
      state[keyPath: toForm].submission = .saving
      let operation = submit(state)
      let toFormAction = self.toFormAction
      return .run { send in
        do {
          try await operation()
          await send(toFormAction.embed(.submitFinished(error: nil)))
        } catch {
          await send(toFormAction.embed(.submitFinished(error: String(describing: error))))
        }
      }
      .cancellable(id: SubmitID(), cancelInFlight: true)
    }
    state[keyPath: toForm].submission = nil
    state[keyPath: toForm].focus = .field(firstInvalid)
    return .none
  }

  // MARK: - Focus order

  /// The target `step` (1 or -1) places after `current` in focus order (the fields, then Save,
  /// then Cancel), skipping disabled fields and wrapping around; from nothing, the first or the
  /// last. Walks from the current position, so it costs the same in a form of any size.
  private func neighbour(
    of current: FocusTarget<Field>?, by step: Int, in state: State
  ) -> FocusTarget<Field>? {
    let fields = rules.focusOrder.fields
    let count = fields.count + 2  // NB: positions past the fields are Save, then Cancel.
    func target(at index: Int) -> FocusTarget<Field> {
      index < fields.count ? .field(fields[index]) : index == fields.count ? .submit : .cancel
    }
    let start: Int
    switch current {
    case let .field(field): start = rules.focusOrder.position[field] ?? 0
    case .submit: start = fields.count
    case .cancel: start = fields.count + 1
    case nil: start = step > 0 ? count - 1 : 0
    }
    var index = start
    for _ in 0..<count {
      index = (index + step + count) % count
      if index >= fields.count || rules.isEnabled(fields[index], in: state) {
        return target(at: index)
      }
    }
    return nil
  }
}

/// Identifies the asynchronous check of one field, to debounce and cancel it.
struct CheckID<Field: FormField>: Hashable, Sendable { let field: Field }

/// Identifies a running submit.
struct SubmitID: Hashable, Sendable {}
