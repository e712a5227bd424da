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
  var palette: ColorPalette
  /// Where ``flush()`` leaves the visible cursor; `nil` hides it.
  var cursor: Position?
  /// Whether the terminal's cursor is currently shown (cached: `curs_set` writes immediately).
  var isCursorVisible = true
  /// Signals read from the relay pipe but not yet turned into events.
  var pendingSignals: [Int32] = []
  /// Set by SIGWINCH until curses reports KEY_RESIZE (or the backend measures the size itself).
  var awaitsResize = false
  /// Whether Ctrl-Z suspends the program (the default, like a shell job); when `false` it
  /// arrives as `.control("z")`.
  public var suspendsOnControlZ = true
  /// Set by our own Ctrl-Z suspend, so the SIGCONT it causes does not resume twice.
  var ignoresNextContinue = false
  private(set) var isShutDown = false

  /// The bracketed-paste mode sequences; sent unless the terminal is `dumb`.
  nonisolated static let enableBracketedPaste = "\u{1B}[?2004h"
  nonisolated static let disableBracketedPaste = "\u{1B}[?2004l"
  let usesBracketedPaste: Bool

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
    let claimed = activeOutputFD.withLock { active -> Bool in
      guard active < 0 else { return false }
      active = Int32.max
      return true
    }
    guard claimed else { throw .alreadyActive }
    let release = { activeOutputFD.withLock { $0 = -1 } }
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
    signals = relay
    wakePipe = wake
    activeOutputFD.withLock { $0 = opened.outputFD }
    opened.configureInput()
    screen = opened
    palette = ColorPalette(mode: colorMode)
    usesBracketedPaste = String(cString: termname()) != "dumb"
    KeySequences.bindFallbacks()
    _ = leaveok(screen.window, true)
    _ = clearok(screen.window, true)
    setCursorVisible(false)
    signals.install()
    if usesBracketedPaste { screen.writeDirectly(Self.enableBracketedPaste) }
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
    if usesBracketedPaste { screen.writeDirectly(Self.disableBracketedPaste) }
    setCursorVisible(true)
    screen.close()
    wakePipe.close()
    activeOutputFD.withLock { $0 = -1 }
  }

  /// Restores the terminal of a backend that is still active, from any thread, e.g. an `atexit`
  /// handler: `atexit { CursesBackend.restoreTerminalAtExit() }`. Does nothing otherwise.
  public nonisolated static func restoreTerminalAtExit() {
    activeOutputFD.withLock { fd in
      guard fd >= 0, fd != Int32.max else { return }
      var bytes = Array(disableBracketedPaste.utf8)
      _ = write(fd, &bytes, bytes.count)
      _ = curs_set(1)
      endwin()
      fd = -1
    }
  }

  /// The current size of the screen, as curses last measured it (updated on ``Key/resize``).
  public var size: Size {
    Size(columns: Int(cn_max_x(screen.window)), rows: Int(cn_max_y(screen.window)))
  }

  /// Shows or hides the terminal cursor, writing only when the state changes.
  func setCursorVisible(_ visible: Bool) {
    guard visible != isCursorVisible else { return }
    _ = curs_set(visible ? 1 : 0)
    isCursorVisible = visible
  }
}

/// The output descriptor of the active backend (-1: none), for ``CursesBackend/restoreTerminalAtExit()``.
private let activeOutputFD = Mutex<Int32>(-1)
