import TerminalUI

/// The curses terminal one run of a screen draws on, set up and always restored.
@MainActor
enum CursesSession {
  static func run<Outcome>(
    terminalPath: String, environment: [String: String], theme: Theme, mouse: Bool,
    _ body: (CursesBackend, Terminal, Theme) async -> Outcome
  ) async throws(CursesBackendError) -> Outcome {
    let colorless = Theme.resolve(environment: environment) == .monochrome
    let theme = Theme.resolve(environment: environment, theme: theme)
    let backend = try CursesBackend(terminalPath: terminalPath, colorMode: colorless ? .never : .automatic)
    defer { backend.shutdown() }
    backend.reportsMouse = mouse
    return await body(backend, Terminal(backend: backend), theme)
  }
}
