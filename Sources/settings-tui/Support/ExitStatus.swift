import Foundation

/// How the program ends, by its command-line contract.
struct ExitStatus: Error {
  let code: Int32

  /// The form was submitted (or the command did its job).
  static let submitted = ExitStatus(code: 0)
  /// Esc, Cancel, or invalid values in `--no-input` mode.
  static let cancelledOrInvalid = ExitStatus(code: 1)
  /// Bad usage, no terminal, unreadable or malformed files.
  static let usageOrEnvironment = ExitStatus(code: 2)
  /// Ctrl-C.
  static let interrupted = ExitStatus(code: 130)
  /// A termination signal: 128 plus its number, as shells report it.
  static func signal(_ number: Int32) -> ExitStatus { ExitStatus(code: 128 + number) }
}

/// Writes a line on standard error, prefixed with the program's name.
func printError(_ message: String) {
  FileHandle.standardError.write(Data("settings-tui: \(message)\n".utf8))
}

/// Fails with a message on standard error and the given exit status.
func fail(_ message: String, _ status: ExitStatus = .usageOrEnvironment) -> ExitStatus {
  printError(message)
  return status
}
