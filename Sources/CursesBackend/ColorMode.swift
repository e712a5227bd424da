/// Whether the curses backend may use colour.
///
/// Monochrome output keeps bold, dim, underline and reverse, which every ``TerminalUI/Style``
/// stays readable with. Pass ``never`` for `NO_COLOR` and `--no-color`.
///
/// ```swift
/// let mode: ColorMode = noColorRequested ? .never : .automatic
/// let backend = try CursesBackend(terminalPath: "/dev/tty", colorMode: mode)
/// ```
public enum ColorMode: Hashable, Sendable {
  /// Colours when the terminal reports them (`has_colors()`), monochrome otherwise.
  case automatic
  /// Never send colour sequences, whatever the terminal supports.
  case never
}
