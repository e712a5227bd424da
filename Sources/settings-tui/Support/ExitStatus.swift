import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// Standard output's reader has gone: quietly, as a shell reports a program ended by SIGPIPE.
  static let brokenPipe = ExitStatus(code: 141)
}

/// Writes a line on standard error, prefixed with the program's name, with every character a
/// terminal would act on made visible (messages quote values from files and the command line).
/// A standard error that cannot be written to is ignored: there is nowhere else to say it.
func printError(_ message: String) {
  let bytes = Array("settings-tui: \(message.visibleForTerminal)\n".utf8)
  _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// Fails with a message on standard error and the given exit status.
func fail(_ message: String, _ status: ExitStatus = .usageOrEnvironment) -> ExitStatus {
  printError(message)
  return status
}
