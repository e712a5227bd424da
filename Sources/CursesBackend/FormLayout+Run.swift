import ComposableForms
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FormLayout {
  /// Runs this form for `store` on the terminal until it is submitted, cancelled, interrupted
  /// or terminated, and returns how it ended. The terminal is restored before this returns.
  ///
  /// The fewest lines to a running form:
  ///
  /// ```swift
  /// @main struct SignUpApp {
  ///   @MainActor static func main() async throws {
  ///     let store = Store(initialState: SignUp.State()) { SignUp() }
  ///     let outcome = try await SignUp.layout.run(store)
  ///     print(outcome == .submitted ? "Signed up \(store.state.email)" : "Cancelled")
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - store: The form's store; read its state afterwards for the submitted values.
  ///   - terminalPath: The terminal to draw on and read from. `/dev/tty` leaves standard input
  ///     and output free, so a program can print results that a shell captures.
  ///   - environment: Where `NO_COLOR`, `TERM` and a text area's editor (`VISUAL`, `EDITOR`,
  ///     `TMPDIR`) are read (`ESCDELAY` is curses' own).
  ///   - keymap: What keys mean; the key help follows it.
  ///   - theme: The styles it is drawn with; where `NO_COLOR` is set, without their colours
  ///     (``Theme/resolve(environment:theme:)``).
  ///   - mouse: Whether clicks and the wheel work, where the terminal reports them (while on,
  ///     most terminals select text with Shift held).
  /// - Throws: ``CursesBackendError`` when there is no usable terminal: no `/dev/tty`, or one
  ///   whose type cannot move the cursor (`TERM=dumb`), where line mode can still ask
  ///   (`runLines(_:channel:)` with a ``StandardLineChannel``).
  @MainActor
  public func run(
    _ store: Store<State, Action>,
    terminalPath: String = "/dev/tty",
    environment: [String: String] = ProcessEnvironment.variables(["NO_COLOR", "TERM", "VISUAL", "EDITOR", "TMPDIR"]),
    keymap: Keymap = .standard,
    theme: Theme = .color,
    mouse: Bool = true
  ) async throws(CursesBackendError) -> FormRuntime<State, Action>.Outcome {
    try await CursesSession.run(
      terminalPath: terminalPath, environment: environment, theme: theme, mouse: mouse
    ) {
      backend, terminal, theme in
      let runtime = FormRuntime(
        store: store, layout: self, terminal: terminal, events: backend, keymap: keymap, theme: theme)
      runtime.externalEditor = { backend.editExternally($0, environment: environment) }
      return await runtime.run()
    }
  }
}

/// The process's environment variables, read without Foundation.
public enum ProcessEnvironment {
  /// The variables among `names` that are set.
  public static func variables(_ names: [String]) -> [String: String] {
    var variables: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { variables[name] = String(cString: value) }
    }
    return variables
  }
}
