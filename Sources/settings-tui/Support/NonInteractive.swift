import ComposableForms
import TerminalUI

/// Fills a form from `--set` values and submits it through the same reducer a person uses, so
/// the same rules apply. Prints every error on standard error when the values are invalid.
@MainActor
enum NonInteractive {
  static func submit<State: FormFeatureState, Action: BindableFormAction>(
    _ store: Store<State, Action>,
    layout: FormLayout<State, Action>,
    setting actions: [Action],
    otherErrors: (State) -> [String] = { _ in [] }
  ) async throws(ExitStatus) where Action.State == State {
    let opened = store.state
    for action in actions { await store.send(action).finish() }
    let problems = otherErrors(store.state)
    guard problems.isEmpty else {
      problems.forEach(printError)
      throw .cancelledOrInvalid
    }
    // NB: A field the form skips with these values (a notification's kind while
    //     notifications are off) takes no new value: it would be saved where nobody sees it.
    //     Its present value, passed along by a script that sets every field, is no change.
    for action in actions {
      guard let binding = action.binding, binding.changes(opened),
        let field = layout.field(editing: binding.keyPath), !State.rules.isEnabled(field, in: store.state)
      else { continue }
      throw fail(
        "--set \(field): the form skips this field with the other values (another field turns it on: "
          + "set that one too), so it cannot be set")
    }
    await store.send(.form(.submitTapped)).finish()
    // NB: A submit can wait for an asynchronous check started earlier, then the save; give
    //     them time to answer, but not for ever (a lock another program never lets go).
    let submitting = Task { await store.wait { !$0.form.isSubmitting } }
    let deadline = Task {
      try await Task.sleep(for: .seconds(30))
      submitting.cancel()
    }
    _ = await submitting.value
    deadline.cancel()
    let form = store.state.form
    guard form.outcome == .submitted else {
      // NB: A check that could not be made (the database cannot be read) says nothing about
      //     the value: an environment error, as a failed save is.
      let unchecked = State.Field.allCases.compactMap { field -> String? in
        guard case let .failed(error) = form.checks[field]?.status, form.errors[field] == error else { return nil }
        return error
      }
      if !unchecked.isEmpty {
        unchecked.forEach(printError)
        throw .usageOrEnvironment
      }
      // NB: The save asked a question only a person can answer (the edited client was deleted
      //     meanwhile): what happened, as a failed save says it, and nothing saved.
      if let prompt = form.prompt {
        printError(String(prompt.message.split(separator: "\n").first ?? ""))
        throw .usageOrEnvironment
      }
      // NB: A field no --set gave holds its default or what is saved (a value another program
      //     wrote); its error says so, and how to give it, or a script's author looks at the
      //     values they passed.
      let given = Set(actions.compactMap { $0.binding.flatMap { layout.field(editing: $0.keyPath) } })
      for field in State.Field.allCases {
        guard let error = form.errors[field] else { continue }
        printError("\(field): \(error)" + (given.contains(field) ? "" : " (not given with --set: give it with --set \(field)=...)"))
      }
      if let error = form.submitError {
        printError(error)
        // NB: Every value was valid and the save itself failed (a read-only folder, a full
        //     disk, a locked database): an environment error, not invalid input.
        if form.errors.isEmpty { throw .usageOrEnvironment }
      }
      if form.errors.isEmpty, form.submitError == nil { printError("the form was not submitted") }
      throw .cancelledOrInvalid
    }
  }
}
