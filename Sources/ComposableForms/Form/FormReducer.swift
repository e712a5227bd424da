extension Reducer where State: FormFeatureState, Action: BindableFormAction, Action.State == State {
  /// Runs the form engine around this reducer: focus moves, the validation timing rule,
  /// asynchronous checks and submit, with the rules of ``FormFeatureState/rules``.
  ///
  /// The timing rule: a field is validated for the first time when focus leaves it; once it
  /// shows an error it is re-validated on every change; submit validates every field, shows
  /// every error and focuses the first invalid one. An asynchronous check's answer shows as
  /// soon as it arrives, even while its field has focus. Valid: `submit` runs, and its result
  /// comes back as ``FormAction/submitFinished(error:)``; a submit that throws a ``FormPrompt``
  /// asks it instead (``FormAction/submitAsked(_:)``), and one that throws a ``FormFieldError``
  /// shows it as that field's error (``FormAction/submitRefused(_:error:)``). Any other error
  /// shows as `String(describing:)` gives it, as a check's does: give an error people will read
  /// a `description` (`CustomStringConvertible`), or `ServerDown()` shows as written.
  ///
  /// Cancelling a form whose values were changed asks ``FormPrompt/discardChanges`` first.
  ///
  /// `BindingReducer()` goes before it in `body`, as below: the engine judges the values the
  /// bindings have already set, so after it, every error would lag one change behind (a debug
  /// build reports a binding action that reaches the engine before it was applied).
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   BindingReducer()
  ///   EmptyReducer()
  ///     .form { state in
  ///       { [client = state.client] in try await clientStorage.add(client) }
  ///     }
  /// }
  /// ```
  ///
  /// Debounced checks wait on `@Dependency(\.continuousClock)`: a test overrides it, e.g. with
  /// `ImmediateClock()` or a `TestClock` it advances (`$0.continuousClock = clock` in the test
  /// store's `withDependencies`).
  public func form(
    submit: @escaping (State) -> @Sendable () async throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _FormReducer<Self, State, Action> {
    _FormReducer(
      base: self,
      submit: { state -> @Sendable (Send<Action>) async throws -> Void in
        let operation = submit(state)
        return { _ in try await operation() }
      },
      location: _FormReducer.Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The form engine, with a submit that sends actions as it goes, as a `.run` effect does: what
  /// the save returns (a new record's id, a server's timestamp) reaches the state through your
  /// own action, before ``FormAction/submitFinished(error:)`` ends the form.
  ///
  /// ```swift
  /// EmptyReducer()
  ///   .form { state in
  ///     { [client = state.client] send in
  ///       let id = try await clientStorage.add(client)
  ///       await send(.saved(id: id))
  ///     }
  ///   }
  /// ```
  public func form(
    submit: @escaping (State) -> @Sendable (_ send: Send<Action>) async throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _FormReducer<Self, State, Action> {
    _FormReducer(
      base: self, submit: submit,
      location: _FormReducer.Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The reducer ``Reducer/form(submit:)`` builds.
// NB: The type itself requires nothing of its parameters; its `Reducer` conformance does (as
//     `_SequenceReducer`'s). A generic type's requirements are checked by the runtime whenever
//     its metadata is made from a mangled name, one search of every conformance record each,
//     and a store makes its body's type at the first action: the first keystroke paid for
//     them (BENCHMARKS.md, "Per keystroke").
public struct _FormReducer<Base, State, Action> {
  let base: Base
  let submit: (State) -> @Sendable (_ send: Send<Action>) async throws -> Void
  /// Where `.form { … }` was written: what a debug build's reports point at.
  let location: Location

  @Dependency(\.continuousClock) var clock

  struct Location {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt
  }

  init(
    base: Base, submit: @escaping (State) -> @Sendable (_ send: Send<Action>) async throws -> Void,
    location: Location
  ) {
    self.base = base
    self.submit = submit
    self.location = location
  }
}

extension _FormReducer: Reducer
where
  Base: Reducer, Base.State == State, Base.Action == Action, State: FormFeatureState,
  Action: BindableFormAction, Action.State == State
{
  public typealias Field = State.Field

  var rules: FormRules<State, Field> { State.rules }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let previousFocus = state.form.focus
    // NB: Effects are merged pairwise, not collected in arrays: most actions return none, and
    //     three arrays per keystroke were allocated only to be found empty.
    var effect = Effect<Action>.none
    // NB: A binding action is never a form action; `binding` tells that for the price of a
    //     switch when the feature implements it, before the form case is looked for.
    let isBinding = action.binding != nil
    let formAction = isBinding ? nil : action.form
    if isBinding && !state.form.hasEdits && state.form.outcome == nil { state.form.hasEdits = true }
    // NB: What a submit refused was that value: any change may be what makes it acceptable.
    if isBinding && !state.form.refusals.isEmpty { state.form.refusals = [:] }
    var answered: Field?
    if let formAction {
      MissingFormEngineCheck.engineHandledFormAction()
      let check: FieldCheck?
      switch formAction {
      case let .checkFinished(field, _, _), let .checkFailed(field, _, _):
        answered = field
        check = state.form.checks[field]
      default:
        check = nil
      }
      effect = handle(formAction, state: &state)
      // NB: An answer that was dropped (stale, or the check was abandoned) answered nothing.
      if let field = answered, state.form.checks[field] == check { answered = nil }
    }
    effect = effect.merge(with: base.reduce(into: &state, action: action))
    #if DEBUG
      if let binding = action.binding, !binding.wasApplied {
        reportIssue(
          """
          A binding action reached the form engine before it was applied, so the engine judged \
          the value before it: put BindingReducer() before .form { ... } in body.
          """, fileID: location.fileID, filePath: location.filePath, line: location.line,
          column: location.column)
      }
    #endif
    // NB: A submit runs failed checks again, and so does a change (the same value typed again,
    //     once the server is back); one failing again while a submit waits ends the wait with
    //     its error, rather than running once more.
    let retriesFailedChecks = formAction == .submitTapped || isBinding
    return effect.merge(
      with: settle(&state, previousFocus: previousFocus, answered: answered, retriesFailedChecks: retriesFailedChecks))
  }

  // MARK: - Form actions

  private func handle(_ action: FormAction<Field>, state: inout State) -> Effect<Action> {
    switch action {
    case .focus where state.form.prompt != nil, .focusNext where state.form.prompt != nil,
      .focusPrevious where state.form.prompt != nil:
      // NB: A question waits for its answer: focus stays where the question found it.
      return .none
    case let .focus(target):
      if let field = target?.field, !rules.isEnabled(field, in: state) { return .none }
      state.form.focus = target
      return .none

    case .focusNext:
      let focus = state.form.focus
      let next = neighbour(of: focus, by: 1, in: state)
      let page = rules.page(of: focus)
      // NB: The next page opens only when this one is valid; its errors show, and focus goes
      //     to the first of them.
      if rules.pageCount > 1, rules.page(of: next) > page,
        let invalid = showErrors(onPage: page, in: &state)
      {
        state.form.focus = .field(invalid)
        return .none
      }
      state.form.focus = next
      return .none

    case .focusPrevious:
      let focus = state.form.focus
      let previous = neighbour(of: focus, by: -1, in: state)
      // NB: Going back is always allowed; wrapping round from the first field to the last page
      //     would skip the pages between, so a form with pages stops there.
      if rules.pageCount > 1, rules.page(of: previous) > rules.page(of: focus) { return .none }
      state.form.focus = previous
      return .none

    case .submitTapped:
      guard state.form.submission == nil && state.form.outcome == nil && state.form.prompt == nil
      else { return .none }
      state.form.submitError = nil
      state.form.refusals = [:]
      for field in Field.allCases where rules.isEnabled(field, in: state) {
        state.form.validated.insert(field)
      }
      state.form.submission = .awaitingChecks
      return .none

    case .cancelTapped:
      guard state.form.outcome == nil, state.form.prompt == nil else { return .none }
      if state.hasChangedValues ?? state.form.hasEdits, state.form.confirmsDiscard {
        state.form.prompt = .discardChanges
        return .none
      }
      return cancel(&state)

    case let .promptAnswered(id, choice):
      guard let prompt = state.form.prompt, prompt.id == id, state.form.outcome == nil
      else { return .none }
      state.form.prompt = nil
      if id == FormPrompt.discardChanges.id && choice == "discard" { return cancel(&state) }
      return .none

    case let .submitRefused(field, error):
      // NB: The save's own answer: sent by anything else (late, or by mistake), it is no end.
      guard state.form.outcome == nil, state.form.submission == .saving else { return .none }
      state.form.submission = nil
      state.form.refusals[field] = error
      state.form.validated.insert(field)
      state.form.errors[field] = error
      state.form.focus = .field(field)
      return .none

    case let .submitAsked(prompt):
      // NB: The save's own answer: sent by anything else (late, or by mistake), it is no end.
      guard state.form.outcome == nil, state.form.submission == .saving else { return .none }
      state.form.submission = nil
      state.form.prompt = prompt
      return .none

    case let .checkFinished(field, generation, error):
      let check = state.form.checks[field]
      guard check?.generation == generation, check?.status == .running
      else { return .none }  // NB: A late answer for an older value: drop it.
      state.form.checks[field]?.status = .finished(error: error)
      return .none

    case let .checkFailed(field, generation, error):
      let check = state.form.checks[field]
      guard check?.generation == generation, check?.status == .running
      else { return .none }  // NB: A late answer for an older value: drop it.
      state.form.checks[field]?.status = .failed(error: error)
      return .none

    case let .submitFinished(error):
      // NB: The save's own answer: sent by anything else (late, or by mistake), it is no end.
      guard state.form.outcome == nil, state.form.submission == .saving else { return .none }
      state.form.submission = nil
      if let error {
        state.form.submitError = error
      } else {
        state.form.outcome = .submitted
      }
      return .none
    }
  }

  /// Ends the form as cancelled: running checks are abandoned and a save still running is
  /// cancelled too, so its answer cannot turn the form into "submitted" afterwards.
  private func cancel(_ state: inout State) -> Effect<Action> {
    state.form.outcome = .cancelled
    state.form.submission = nil
    state.form.prompt = nil
    for (field, check) in state.form.checks where check.isRunning {
      state.form.checks[field]?.status = .abandoned
    }
    return .merge(
      rules.checkOrder.map { .cancel(id: CheckID(field: $0)) } + [.cancel(id: SubmitID<Field>())])
  }

  // MARK: - After every action

  /// Brings focus, checks, errors and a waiting submit in line with the new state.
  private func settle(
    _ state: inout State, previousFocus: FocusTarget<Field>?, answered: Field?, retriesFailedChecks: Bool
  ) -> Effect<Action> {
    var effect = Effect<Action>.none

    // Focus never rests on a disabled field.
    if let field = state.form.focusedField,
      !rules.isEnabled(field, in: state)
    {
      state.form.focus = neighbour(of: .field(field), by: 1, in: state)
    }
    let focus = state.form.focus
    var left: Field?
    if let field = previousFocus?.field, focus != previousFocus, rules.isEnabled(field, in: state) {
      state.form.validated.insert(field)
      left = field
    }

    // NB: A form that ended (submitted or cancelled) starts no new check.
    if state.form.outcome == nil { effect = scheduleChecks(&state, retryingFailed: retriesFailedChecks) }
    refreshErrors(&state, left: left, answered: answered)

    let awaitsNoCheck = state.form.submission == .awaitingChecks && !state.form.isChecking
    if awaitsNoCheck {
      effect = effect.merge(with: finishSubmit(&state))
    }
    return effect
  }

  /// Starts a debounced check for every field whose value changed and passes its synchronous
  /// rules (and, `retryingFailed`, for every check that threw); abandons checks whose value
  /// stopped passing them.
  private func scheduleChecks(_ state: inout State, retryingFailed: Bool) -> Effect<Action> {
    var effect = Effect<Action>.none
    for field in rules.checkOrder {
      guard let asyncCheck = rules.asyncChecks[field] else { continue }
      let existing = state.form.checks[field]
      guard rules.isEnabled(field, in: state), rules.syncError(for: field, in: state) == nil
      else {
        if existing?.isRunning == true {
          state.form.checks[field]?.status = .abandoned
          effect = effect.merge(with: .cancel(id: CheckID(field: field)))
        }
        continue
      }
      let (value, operation) = asyncCheck.prepare(state)
      let failed: Bool
      if case .failed = existing?.status { failed = true } else { failed = false }
      guard existing?.value != value || existing?.status == .abandoned || (failed && retryingFailed)
      else { continue }
      let generation = (existing?.generation ?? 0) + 1
      state.form.checks[field] = FieldCheck(value: value, generation: generation)
      effect = effect.merge(with:
        Effect<Action>.run { send in
          let error: String?
          do {
            error = try await operation()
          } catch is CancellationError {
            return
          } catch {
            let message = String(describing: error)
            await send(Action.form(.checkFailed(field, generation: generation, error: message)))
            return
          }
          await send(Action.form(.checkFinished(field, generation: generation, error: error)))
        }
        .debounce(id: CheckID(field: field), for: asyncCheck.debounce, clock: clock)
      )
    }
    return effect
  }

  /// Shows, updates or clears errors: a field that shows an error is re-validated on every
  /// change; a field is validated when focus leaves it and when its check answers that the
  /// value is taken (even while it has focus: the answer is what the person waits for); a
  /// submit validates every field. A validated field whose rules read other fields is
  /// re-validated whenever focus leaves any field.
  ///
  /// Only those fields are looked at, so an action costs the same in a form of ten fields or
  /// ten thousand.
  private func refreshErrors(_ state: inout State, left: Field?, answered: Field?) {
    // NB: The common case (typing in a field without an error) looks at nothing: no set is made,
    //     and the form state is not even copied.
    guard
      left != nil || answered != nil
        || (!state.form.errors.isEmpty || state.form.submission != nil)
    else { return }
    let form = state.form
    var candidates = Set(form.errors.keys)
    if let left {
      candidates.insert(left)
      // NB: A rule that reads other fields may judge differently after a change elsewhere: the
      //     confirmation no longer matches the password just left.
      candidates.formUnion(rules.crossFieldOrder)
    }
    var validated = form.validated
    if let answered {
      // NB: An answer that finds a problem shows at once, even in the focused field: the person
      //     waited for it. A field shown an error is validated from then on.
      if !validated.contains(answered), rules.error(for: answered, in: state, form: form) != nil {
        validated.insert(answered)
        state.form.validated.insert(answered)
      }
      candidates.insert(answered)
    }
    if form.submission != nil { candidates.formUnion(validated) }
    for field in candidates where validated.contains(field) {
      let error = rules.error(for: field, in: state, form: form)
      if form.errors[field] != error { state.form.errors[field] = error }
    }
  }

  /// Every check has answered: save if the whole form is valid, otherwise show why.
  private func finishSubmit(_ state: inout State) -> Effect<Action> {
    let errors = state.form.errors
    guard let firstInvalid = Field.allCases.first(where: { errors[$0] != nil })
    else {
      guard rules.isValid(state, form: state.form) else {
        state.form.submission = nil
        return .none
      }
      state.form.submission = .saving
      let operation = submit(state)
      return .run { send in
        do {
          try await operation(send)
          await send(Action.form(.submitFinished(error: nil)))
        } catch let prompt as FormPrompt {
          await send(Action.form(.submitAsked(prompt)))
        } catch let refusal as FormFieldError<Field> {
          await send(Action.form(.submitRefused(refusal.field, error: refusal.message)))
        } catch {
          await send(Action.form(.submitFinished(error: String(describing: error))))
        }
      }
      .cancellable(id: SubmitID<Field>(), cancelInFlight: true)
    }
    state.form.submission = nil
    state.form.focus = .field(firstInvalid)
    return .none
  }

  /// Validates the fields of `page` and shows their errors; the first invalid field, if any.
  private func showErrors(onPage page: Int, in state: inout State) -> Field? {
    var firstInvalid: Field?
    for field in rules.fields(onPage: page) where rules.isEnabled(field, in: state) {
      state.form.validated.insert(field)
      let error = rules.error(for: field, in: state, form: state.form)
      if state.form.errors[field] != error { state.form.errors[field] = error }
      if error != nil && firstInvalid == nil { firstInvalid = field }
    }
    return firstInvalid
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
struct CheckID<Field: FormField>: PlacedEffectID { let field: Field }

/// Identifies a running submit of the form whose fields are `Field`.
struct SubmitID<Field: FormField>: PlacedEffectID {}
