import ComposableForms
import TerminalUI

extension ListLayout {
  /// Runs this list for `store` on the terminal until the layout says it is finished (a form it
  /// presents runs on the same terminal), Ctrl-C or a termination signal, and returns how it
  /// ended. The terminal is restored before this returns.
  ///
  /// ```swift
  /// let store = Store(initialState: ClientList.State()) { ClientList() }
  /// store.send(.opened)
  /// let outcome = try await ClientList.layout.run(store)
  /// ```
  ///
  /// The parameters are those of ``FormLayout/run(_:terminalPath:environment:keymap:theme:mouse:)``,
  /// and `listKeys`, what keys do in the list.
  @MainActor
  public func run(
    _ store: Store<State, Action>,
    terminalPath: String = "/dev/tty",
    environment: [String: String] = ProcessEnvironment.variables(["NO_COLOR", "TERM", "VISUAL", "EDITOR", "TMPDIR"]),
    keymap: Keymap = .standard,
    theme: Theme = .color,
    listKeys: ListKeymap = .standard,
    mouse: Bool = true
  ) async throws(CursesBackendError) -> ListRuntime<State, Action>.Outcome {
    try await CursesSession.run(
      terminalPath: terminalPath, environment: environment, theme: theme, mouse: mouse
    ) {
      backend, terminal, theme in
      let runtime = ListRuntime(
        store: store, layout: self, terminal: terminal, events: backend, keymap: keymap,
        listKeys: listKeys, theme: theme)
      runtime.externalEditor = { backend.editExternally($0, environment: environment) }
      return await runtime.run()
    }
  }
}
