import ComposableForms
import TerminalUI

/// Runs one form the way the options say: on the terminal (filled with the `--set` values), or
/// from `--set` values with `--no-input`; then prints what was saved (`output`: read back where
/// a save merges in what another program saved meanwhile) as JSON with `--json`, or
/// `confirmation` of it.
@MainActor
enum FormSession {
  /// The actions the `--set` values stand for, each checked: made before anything is asked
  /// (whether to restore a draft), so a mistyped value is said at once.
  static func actions<Action>(
    for options: FormOptions, _ action: (FieldAssignment) throws(ExitStatus) -> Action
  ) throws(ExitStatus) -> [Action] {
    var actions: [Action] = []
    for text in options.assignments { actions.append(try action(FieldAssignment(text))) }
    return actions
  }

  static func run<State, Action, Output: Encodable, Draft>(
    _ store: Store<State, Action>,
    layout: FormLayout<State, Action>,
    draft: DraftKeeper<State, Draft>?,
    options: FormOptions,
    environment: [String: String],
    setting actions: [Action],
    otherErrors: (State) -> [String] = { _ in [] },
    output: @MainActor (State) async -> Output,
    confirmation: (Output) -> String
  ) async throws(ExitStatus) {
    if options.noInput {
      try await NonInteractive.submit(
        store, layout: layout, setting: actions, otherErrors: otherErrors)
    } else {
      // NB: Without --no-input, --set fills the form that opens, as gum's --value and dialog's
      //     initial values do; the person goes on from there.
      for action in actions { store.send(action) }
      try await Interactive.run(
        store, layout: layout, options: options, environment: environment, draft: draft)
    }
    // NB: What the form saved is saved, whether or not it can be printed: a failed write says so.
    let saved = await output(store.state)
    let done = confirmation(saved).visibleForTerminal
    if options.json {
      try printJSON(saved, done: done)
    } else {
      try StandardOutput.writeLine(done, done: done)
    }
  }
}
