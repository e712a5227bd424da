import CNcurses
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CursesBackend {
  /// How long a lone Esc waits for the rest of a sequence before it counts as the Esc key.
  static let escapeDelayMilliseconds: Int32 = 25
  /// How long a bracketed paste may pause between bytes before it is delivered as it stands.
  static let pasteGapMilliseconds: Int32 = 500

  /// The key sequences of the current terminal (call after `newterm`/`set_term`).
  static func currentKeySequences() -> KeySequences {
    KeySequences { capability in
      guard let value = cn_string_capability(capability) else { return nil }
      return Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
    }
  }

  /// The next key among the bytes already read; `nil` when there is none.
  ///
  /// A lone Esc (or half a sequence) waits up to the Esc delay for the rest, and a paste up to
  /// the paste gap for its end marker; then what arrived is taken as it stands.
  func readKey() -> TerminalEvent? {
    while true {
      switch keys.next(flush: false) {
      case .key(let key):
        return event(for: key)
      case .empty:
        return nil
      case .needsMoreBytes:
        let wait = keys.isInsidePaste ? Self.pasteGapMilliseconds : Self.escapeDelayMilliseconds
        if readInput(waitingAtMost: wait) { continue }
        guard case .key(let key) = keys.next(flush: true) else { return nil }
        return event(for: key)
      }
    }
  }

  /// Ctrl-Z suspends (unless turned off); every other key is delivered.
  private func event(for key: Key) -> TerminalEvent {
    if suspendsOnControlZ, case .control("z") = key { return suspend() }
    return .key(key)
  }

  /// Reads what the terminal has sent into the key parser, waiting at most `milliseconds` for it
  /// to arrive (`nil`: it is known to be there). Returns whether any bytes came; marks the input
  /// as ended when the terminal has closed.
  func readInput(waitingAtMost milliseconds: Int32?) -> Bool {
    if let milliseconds {
      var descriptor = pollfd(fd: screen.inputFD, events: Int16(POLLIN), revents: 0)
      var ready = poll(&descriptor, 1, milliseconds)
      while ready < 0 && currentErrno == EINTR { ready = poll(&descriptor, 1, milliseconds) }
      guard ready > 0 else { return false }
    }
    while true {
      let count = Self.read(screen.inputFD, into: &keys)
      if count > 0 { return true }
      if count < 0 && currentErrno == EINTR { continue }
      // NB: 0 is the end of a pipe; a pseudo-terminal whose other side closed gives EIO.
      if count == 0 || currentErrno != EAGAIN { inputEnded = true }
      return false
    }
  }

  /// One `read` of up to 4 KiB into the parser; what `read` returned.
  ///
  /// Not isolated: a main-actor closure passed to the standard library checks its executor at
  /// run time, and this runs for every key.
  private nonisolated static func read(_ fd: Int32, into keys: inout KeyParser) -> Int {
    withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 1) { chunk in
      let count = systemRead(fd, chunk.baseAddress, chunk.count)
      if count > 0 { keys.append(UnsafeRawBufferPointer(rebasing: chunk[..<count])) }
      return count
    }
  }

  /// Hands the terminal back to the shell and stops like a shell job (Ctrl-Z); returns once the
  /// program is continued, with curses mode restored.
  func suspend() -> TerminalEvent {
    screen.writeDirectly(Self.disableBracketedPaste)
    writer.restoreForShell()
    writeOutput()
    endwin()
    ignoresNextContinue = true
    signals.stopProcess()
    return resume()
  }

  /// Puts the terminal back in curses mode after a stop; the caller then clears and redraws.
  func resume() -> TerminalEvent {
    _ = reset_prog_mode()
    _ = clearok(screen.window, true)
    _ = wnoutrefresh(screen.window)
    _ = doupdate()
    writer.forgetState()
    screen.writeDirectly(Self.enableBracketedPaste)
    return .resumed
  }
}
