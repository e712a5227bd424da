import ComposableForms
import CursesBackend
import TerminalUI

/// Runs a form on the terminal (`/dev/tty`, so standard output stays free for `--json`).
@MainActor
enum Interactive {
  static func run<State, Action, Draft>(
    _ store: Store<State, Action>,
    layout: FormLayout<State, Action>,
    options: FormOptions,
    environment: [String: String],
    draft: DraftKeeper<State, Draft>?
  ) async throws(ExitStatus) {
    // NB: A dumb terminal cannot move the cursor, so no form can be drawn on it.
    if environment["TERM"] == "dumb" {
      throw fail(
        "TERM=dumb cannot show a form (it has no cursor movement): run in a terminal such as "
          + "xterm-256color, or pass --no-input with --set field=value.")
    }
    // NB: Theme.resolve owns the NO_COLOR rule; --no-color only adds to it.
    var environment = environment
    if options.noColor { environment["NO_COLOR"] = "1" }
    let outcome: FormRuntime<State, Action>.Outcome
    draft?.follow(store)
    do {
      outcome = try await layout.run(store, environment: environment)
    } catch {
      draft?.finish(keeping: false)
      throw fail("\(error); or pass --no-input with --set field=value")
    }
    // NB: Submitted or cancelled on purpose: nothing to take up later. Cut off: keep it.
    switch outcome {
    case .submitted, .cancelled: draft?.finish(keeping: false)
    case .interrupted, .terminated: draft?.finish(keeping: true)
    }
    switch outcome {
    case .submitted: return
    case .cancelled: throw .cancelledOrInvalid
    case .interrupted: throw .interrupted
    case let .terminated(signal): throw .signal(signal)
    }
  }
}
