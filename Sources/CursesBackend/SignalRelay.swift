import CNcurses

/// Turns the signals a terminal program must answer into bytes on a pipe the event loop polls.
///
/// SIGTERM, SIGHUP and SIGQUIT end the program, SIGINT (from `kill`, since raw mode keeps Ctrl-C a key)
/// quits like Ctrl-C, SIGWINCH resizes, SIGTSTP suspends and SIGCONT resumes. The handlers only
/// write the signal number (async-signal-safe); ``restore()`` puts the previous handlers back.
@MainActor
final class SignalRelay {
  /// Every signal the relay takes over while the backend is active.
  static let relayedSignals: [Int32] = terminationSignals + [
    cn_sigint(), cn_sigwinch(), cn_sigtstp(), cn_sigcont(),
  ]

  /// The signals that end the program (after the terminal is restored).
  static let terminationSignals: [Int32] = [cn_sigterm(), cn_sighup(), cn_sigquit()]

  /// The pipe the handlers write to; poll ``SelfPipe/readFD``.
  let pipe: SelfPipe
  private var isInstalled = false

  init() throws(CursesBackendError) {
    pipe = try SelfPipe()
  }

  /// Installs the handlers (call after `newterm`, so ncurses' SIGWINCH handler is chained).
  func install() {
    guard !isInstalled else { return }
    for signal in Self.relayedSignals {
      _ = cn_relay_install(signal, pipe.rawWriteFD)
    }
    isInstalled = true
  }

  /// Puts the previous handlers back and closes the pipe. Safe to call twice.
  ///
  /// - Parameter ignoringTermination: the ``terminationSignals`` are ignored from now on
  ///   instead: the program is ending on one of them, and finishes what it still does before
  ///   it exits.
  func restore(ignoringTermination: Bool = false) {
    if isInstalled {
      for signal in Self.relayedSignals {
        if ignoringTermination, Self.terminationSignals.contains(signal) {
          cn_relay_ignore(signal)
        } else {
          cn_relay_restore(signal)
        }
      }
      cn_relay_detach()
      isInstalled = false
    }
    pipe.close()
  }

  /// Stops the process like a shell job (Ctrl-Z) and returns once it is continued.
  ///
  /// Lives here because the C side keeps the relay's state in function-local statics, one copy
  /// per Swift file that calls it: the SIGCONT the relay sees must be the one this call waits for.
  func stopProcess() {
    cn_stop_self()
  }

  /// Reads the signal numbers that arrived since the last call, oldest first.
  func takeSignals() -> [Int32] {
    pipe.drain().map(Int32.init)
  }
}
