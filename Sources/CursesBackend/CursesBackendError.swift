/// Why a ``CursesBackend`` could not take over the terminal. Each message says what to do.
public enum CursesBackendError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The terminal device (usually `/dev/tty`) could not be opened.
  case cannotOpenTerminal(path: String, errno: Int32)
  /// A file descriptor could not be duplicated or wrapped for curses.
  case cannotUseDescriptor(errno: Int32)
  /// `newterm` refused the terminal type (unknown to terminfo, or unable to address the cursor).
  case unsupportedTerminal(name: String)
  /// Another ``CursesBackend`` still owns the terminal; shut it down first.
  case alreadyActive

  public var description: String {
    switch self {
    case let .cannotOpenTerminal(path, code):
      return "cannot open the terminal \(path) (\(errorText(code))): "
        + "a form needs an interactive terminal"
    case let .cannotUseDescriptor(code):
      return "cannot prepare the terminal for curses (\(errorText(code))): "
        + "a form needs an interactive terminal"
    case let .unsupportedTerminal(name):
      return "curses cannot drive the terminal type \"\(name)\": "
        + "set TERM to a known type such as xterm-256color"
    case .alreadyActive:
      return "the terminal is already in use by another curses screen: shut that one down first"
    }
  }
}
