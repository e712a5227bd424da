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
/// ncurses does what it is for: ``TerminalUI/Terminal`` hands over the cells that changed, they go
/// into curses' virtual screen, and `doupdate` writes them with the terminal's terminfo strings
/// (padding, the alternate character set, attributes, colours, cursor moves); keys are read with
/// `wget_wch` in keypad mode, Esc is told from a sequence after `ESCDELAY`, and bracketed paste
/// is used where terminfo describes it (`BE`, `PS`, `PE`).
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
  /// The colour pairs and attributes cells are drawn with.
  var palette: ColorPalette
  /// Whether cells may be written in Unicode (see ``GlyphFallback``).
  let writesUnicode: Bool
  /// Whether typed bytes are decoded as UTF-8 here rather than by curses' `wget_wch` (see
  /// ``readCharacter()``): in a UTF-8 locale, and in the C locale, where a terminal sends UTF-8
  /// all the same.
  let decodesUTF8: Bool
  /// Whether the terminal takes bracketed paste (terminfo has `BE`, `PS` and `PE`).
  let pastesInBrackets: Bool
  /// The keys of codes terminfo gives to sequences ``KeyBindings`` also knows (xterm's `kRIT5`).
  let terminfoKeys: [Int32: Key]
  /// Whether the cursor shows now.
  var isCursorVisible = true
  /// Where ``flush()`` leaves the cursor; `nil` hides it wherever curses last left it.
  var cursor: Position?
  /// Whether ``flush()`` shows the cursor at `cursor`, or leaves it there hidden.
  var cursorIsVisible = false
  /// Signals read from the relay pipe but not yet turned into events.
  var pendingSignals: [Int32] = []
  /// Set by SIGWINCH until the backend has measured the new size.
  var awaitsResize = false
  /// A bracketed paste delivered in part (it paused, ran long, or was interrupted by a signal)
  /// whose end marker has not come: what comes next is more of it, never keys.
  var pasteInProgress: PasteInProgress?
  /// Set once the terminal has closed (end of file, or an error reading it).
  var inputEnded = false
  /// Set once an event told the program to end (SIGTERM, SIGHUP, a closed terminal).
  var isTerminating = false
  /// Whether Ctrl-Z suspends the program (the default, like a shell job); when `false` it
  /// arrives as `.control("z")`.
  public var suspendsOnControlZ = true
  /// Set by our own Ctrl-Z suspend, so the SIGCONT it causes does not resume twice.
  var ignoresNextContinue = false
  private(set) var isShutDown = false

  /// How long, by default, a lone Esc waits for the rest of a key's sequence before it counts as
  /// the Esc key: long enough for a sequence split by a laggy link (an SSH hop), short enough
  /// that Esc still feels prompt. `ESCDELAY` in the environment overrides it, as in every
  /// curses program.
  nonisolated static let defaultEscapeDelayMilliseconds: Int32 = 200

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
    // NB: Cells are placed at addressed positions, so a terminal without `cup` (dumb) is refused.
    guard cn_string_capability("cup") != nil else {
      let name = String(cString: termname())
      opened.close()
      wake.close()
      relay.restore()
      release()
      throw .unsupportedTerminal(name: name)
    }
    signals = relay
    wakePipe = wake
    opened.configureInput(escapeDelay: Self.defaultEscapeDelayMilliseconds)
    screen = opened
    palette = ColorPalette(mode: colorMode)
    writesUnicode = GlyphFallback.allowsUnicode(
      localeIsUTF8: cn_locale_is_utf8() != 0, terminalName: String(cString: termname()))
    decodesUTF8 = cn_locale_is_utf8() != 0 || cn_locale_is_ascii() != 0
    (pastesInBrackets, terminfoKeys) = KeyBindings.install()
    let exitBytes = pastesInBrackets ? Self.capabilityBytes("BD") : []
    activeTerminal.withLock { $0 = .active(fd: opened.outputFD, exitBytes: exitBytes) }
    _ = clearok(screen.window, true)
    setCursorVisible(false)
    _ = wnoutrefresh(screen.window)
    _ = doupdate()
    signals.install()
    setBracketedPaste(true)
  }

  /// Whether the terminal reports the mouse: clicks and the wheel arrive as
  /// ``TerminalUI/Key/mouse(_:)``. Off by default; curses turns the terminal's reporting on and
  /// off (and off again at exit).
  public var reportsMouse = false {
    didSet {
      guard reportsMouse != oldValue else { return }
      _ = cn_enable_mouse(reportsMouse ? 1 : 0)
    }
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
    // NB: Ending on SIGHUP or SIGTERM, the program still has work to do (a draft to write); a
    //     second one (a shell that hangs up sends SIGHUP to its jobs again) must not cut it off.
    signals.restore(ignoringTermination: isTerminating)
    _ = set_term(screen.screen)
    setBracketedPaste(false)
    setCursorVisible(true)
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

  /// Turns the terminal's bracketed-paste mode on or off (`BE`/`BD`), where terminfo has it.
  ///
  /// Written straight to the terminal, between curses' updates (whose output is flushed by
  /// then): `putp` would write to standard output, not to this screen, and the mode strings have
  /// no padding to apply.
  func setBracketedPaste(_ on: Bool) {
    guard pastesInBrackets else { return }
    let bytes = Self.capabilityBytes(on ? "BE" : "BD")
    bytes.withUnsafeBytes { screen.write($0) }
  }

  /// Shows or hides the cursor (`cnorm`/`civis`) when that changes.
  func setCursorVisible(_ visible: Bool) {
    guard visible != isCursorVisible else { return }
    isCursorVisible = visible
    _ = curs_set(visible ? 1 : 0)
  }

  /// The bytes of a string capability, for the `atexit` path (which may not call curses).
  static func capabilityBytes(_ name: String) -> [UInt8] {
    guard let value = cn_string_capability(name) else { return [] }
    return Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
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
