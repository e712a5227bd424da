import TerminalUI

/// The curses terminal one run of a screen draws on, set up and always restored.
@MainActor
enum CursesSession {
  static func run<Outcome>(
    terminalPath: String, environment: [String: String], mouse: Bool,
    _ body: (CursesBackend, Terminal, Theme) async -> Outcome
  ) async throws(CursesBackendError) -> Outcome {
    let theme = Theme.resolve(environment: environment)
    let backend = try CursesBackend(
      terminalPath: terminalPath, colorMode: theme == .monochrome ? .never : .automatic)
    defer { backend.shutdown() }
    backend.reportsMouse = mouse
    return await body(backend, Terminal(backend: backend), theme)
  }
}
