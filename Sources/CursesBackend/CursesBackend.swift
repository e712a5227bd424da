import CNcurses
import Synchronization
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ncurses terminal: draws ``TerminalUI/Cell``s and turns keys, wake-ups and signals into
/// ``TerminalUI/TerminalEvent``s.
///
/// curses owns the terminal's modes, clearing and suspending; the cells themselves are written by
/// a ``ScreenWriter`` with the terminal's terminfo strings, in one `write` per frame, because
/// ``TerminalUI/Terminal`` has already worked out what changed. Keys are read straight from the
/// terminal and decoded by a ``KeyParser`` with the terminal's terminfo key strings.
///
/// One backend owns the terminal at a time, from `init` until ``shutdown()``. All curses calls
/// happen on the main actor; other threads reach it only through ``waker``. The terminal is
/// restored by ``shutdown()`` (also run when the backend is released), and by
/// ``restoreTerminalAtExit()`` from an `atexit` handler if the program exits some other way.
///
/// ```swift
/// let backend = try CursesBackend(terminalPath: "/dev/tty", colorMode: .automatic)
/// defer { backend.shutdown() }
/// backend.draw([(Position(column: 0, row: 0), Cell("H"))])
/// backend.flush()
/// if case .key(.control("c")) = backend.nextEvent(timeout: nil) { exitCode = 130 }
/// ```
@MainActor
public final class CursesBackend {
  let screen: CursesScreen
  let signals: SignalRelay
  let wakePipe: SelfPipe
  /// Encodes cells for the terminal and remembers its cursor and attributes between frames.
  var writer: ScreenWriter
  /// Where ``flush()`` leaves the visible cursor; `nil` hides it.
  var cursor: Position?
  /// Signals read from the relay pipe but not yet turned into events.
  var pendingSignals: [Int32] = []
  /// Set by SIGWINCH until the backend has measured the new size.
  var awaitsResize = false
  /// Decodes the bytes read from the terminal into keys.
  var keys: KeyParser
  /// Set once the terminal has closed (end of file, or an error reading it).
  var inputEnded = false
  /// Whether Ctrl-Z suspends the program (the default, like a shell job); when `false` it
  /// arrives as `.control("z")`.
  public var suspendsOnControlZ = true
  /// Set by our own Ctrl-Z suspend, so the SIGCONT it causes does not resume twice.
  var ignoresNextContinue = false
  private(set) var isShutDown = false

  /// The bracketed-paste mode sequences (every terminal the backend accepts can address the
  /// cursor, so none is `dumb`; terminals without the mode ignore them).
  nonisolated static let enableBracketedPaste = "\u{1B}[?2004h"
  nonisolated static let disableBracketedPaste = "\u{1B}[?2004l"

  /// Takes over the terminal on the given descriptors (duplicated: the caller keeps its own).
  ///
  /// - Parameters:
  ///   - inputFD: Where keys are read from (a terminal, or a pipe in tests).
  ///   - outputFD: Where the screen is drawn (the same terminal, or a pipe).
  ///   - termName: The terminfo name; `nil` reads `TERM`.
  ///   - colorMode: ``ColorMode/never`` for `NO_COLOR` / `--no-color`.
  /// - Throws: ``CursesBackendError`` when the terminal type is unknown or another backend is
  ///   active.
  public init(
    inputFD: Int32, outputFD: Int32, termName: String? = nil, colorMode: ColorMode = .automatic
  ) throws(CursesBackendError) {
    let claimed = activeTerminal.withLock { active -> Bool in
      guard case .none = active else { return false }
      active = .starting
      return true
    }
    guard claimed else { throw .alreadyActive }
    let release = { activeTerminal.withLock { $0 = .none } }
    let relay: SignalRelay
    let wake: SelfPipe
    let opened: CursesScreen
    do {
      relay = try SignalRelay()
    } catch {
      release()
      throw error
    }
    do {
      wake = try SelfPipe()
      opened = try CursesScreen.open(inputFD: inputFD, outputFD: outputFD, termName: termName)
    } catch {
      relay.restore()
      release()
      throw error
    }
    let colors = colorMode == .automatic && has_colors()
    // NB: Cells are written at addressed positions, so a terminal without `cup` (dumb) is refused.
    guard let capabilities = TerminalCapabilities.current(colors: colors) else {
      let name = String(cString: termname())
      opened.close()
      wake.close()
      relay.restore()
      release()
      throw .unsupportedTerminal(name: name)
    }
    signals = relay
    wakePipe = wake
    opened.configureInput()
    screen = opened
    keys = KeyParser(sequences: Self.currentKeySequences())
    writer = ScreenWriter(
      capabilities: capabilities,
      size: Size(columns: Int(cn_max_x(opened.window)), rows: Int(cn_max_y(opened.window))))
    let exitBytes =
      Array(Self.disableBracketedPaste.utf8) + capabilities.resetAttributes + capabilities.showCursor
    activeTerminal.withLock { $0 = .active(fd: opened.outputFD, exitBytes: exitBytes) }
    // NB: curses' own window stays blank: it is refreshed only to clear, so it must not move the
    //     cursor afterwards.
    _ = leaveok(screen.window, true)
    clearWithCurses()
    signals.install()
    screen.writeDirectly(Self.enableBracketedPaste)
    writer.placeCursor(nil)
    writeOutput()
  }

  /// Takes over the terminal device at `terminalPath` for both keys and drawing.
  ///
  /// The app passes `/dev/tty`, so standard output stays free for `--json`.
  /// - Throws: ``CursesBackendError/cannotOpenTerminal(path:errno:)`` when there is no terminal.
  public convenience init(
    terminalPath: String = "/dev/tty", termName: String? = nil, colorMode: ColorMode = .automatic
  ) throws(CursesBackendError) {
    let fd = open(terminalPath, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw .cannotOpenTerminal(path: terminalPath, errno: currentErrno) }
    defer { _ = closeDescriptor(fd) }
    try self.init(inputFD: fd, outputFD: fd, termName: termName, colorMode: colorMode)
  }

  isolated deinit {
    shutdown()
  }

  /// Restores the terminal: bracketed paste off, cursor shown, curses mode ended, signal handlers
  /// put back. Safe to call more than once; the backend draws and reads nothing afterwards.
  public func shutdown() {
    guard !isShutDown else { return }
    isShutDown = true
    signals.restore()
    _ = set_term(screen.screen)
    screen.writeDirectly(Self.disableBracketedPaste)
    writer.restoreForShell()
    writeOutput()
    screen.close()
    wakePipe.close()
    activeTerminal.withLock { $0 = .none }
  }

  /// Restores the terminal of a backend that is still active, from any thread, e.g. an `atexit`
  /// handler: `atexit { CursesBackend.restoreTerminalAtExit() }`. Does nothing otherwise.
  public nonisolated static func restoreTerminalAtExit() {
    activeTerminal.withLock { active in
      guard case .active(let fd, let exitBytes) = active else { return }
      _ = exitBytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      endwin()
      active = .none
    }
  }

  /// The current size of the screen, as curses last measured it (updated on ``Key/resize``).
  public var size: Size {
    Size(columns: Int(cn_max_x(screen.window)), rows: Int(cn_max_y(screen.window)))
  }

  /// Has curses clear the terminal (it also enters curses mode the first time) and forgets what
  /// the writer knew about it.
  func clearWithCurses() {
    _ = clearok(screen.window, true)
    _ = wnoutrefresh(screen.window)
    _ = doupdate()
    writer.forgetState()
    writer.size = size
  }

  /// Sends what the writer produced, in one `write` (curses has flushed its own output by then).
  func writeOutput() {
    guard writer.hasOutput else { return }
    writer.drainOutput { screen.write($0) }
  }
}

/// The backend that owns the terminal, for ``CursesBackend/restoreTerminalAtExit()``.
private enum ActiveTerminal {
  case none
  /// A backend is starting; another may not.
  case starting
  /// Its output descriptor and the bytes that give the terminal back to a shell.
  case active(fd: Int32, exitBytes: [UInt8])
}

private let activeTerminal = Mutex<ActiveTerminal>(.none)
