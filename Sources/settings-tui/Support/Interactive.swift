import ComposableForms
import CursesBackend
import TerminalUI

/// Runs a form on the terminal (`/dev/tty`, so standard output stays free for `--json`).
@MainActor
enum Interactive {
  static func run<State, Action, Field>(
    _ store: Store<State, Action>,
    layout: FormLayout<State, Action, Field>,
    options: FormOptions,
    environment: [String: String]
  ) async throws(ExitStatus) {
    // NB: A dumb terminal cannot move the cursor, so no form can be drawn on it.
    if environment["TERM"] == "dumb" {
      throw fail(
        "TERM=dumb cannot show a form (it has no cursor movement): run in a terminal such as "
          + "xterm-256color, or pass --no-input with --set field=value.")
    }
    // NB: Theme.resolve owns the NO_COLOR rule; --no-color only adds to it.
    let theme: Theme = options.noColor ? .monochrome : .resolve(environment: environment)
    let monochrome = theme == .monochrome
    let backend: CursesBackend
    do {
      backend = try CursesBackend(
        terminalPath: "/dev/tty", colorMode: monochrome ? .never : .automatic)
    } catch {
      // NB: The backend's message already says what to do (run in a terminal, or --no-input).
      throw fail("\(error)")
    }
    let runtime = FormRuntime(
      store: store, layout: layout, terminal: Terminal(backend: backend), events: backend,
      theme: theme)
    let outcome = await runtime.run()
    backend.shutdown()
    switch outcome {
    case .submitted: return
    case .cancelled: throw .cancelledOrInvalid
    case .interrupted: throw .interrupted
    case let .terminated(signal): throw .signal(signal)
    }
  }
}
