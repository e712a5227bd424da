import CNcurses

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The handles of one `newterm` screen: the SCREEN, its window and the files it reads and writes.
///
/// Opening duplicates the caller's descriptors, so the caller keeps (and closes) its own; closing
/// ends curses mode, frees the screen and closes the duplicates.
@MainActor
struct CursesScreen {
  let screen: OpaquePointer
  let window: UnsafeMutablePointer<WINDOW>
  /// The descriptor keys are read from (ours: a duplicate).
  let inputFD: Int32
  /// The descriptor curses writes to (ours: a duplicate).
  let outputFD: Int32
  private let inputFile: UnsafeMutablePointer<FILE>
  private let outputFile: UnsafeMutablePointer<FILE>

  /// Takes the character set of the locale the environment names (`LC_CTYPE`, all curses
  /// reads and writes by). One that is not installed (`de_DE.UTF-8` on a machine with only C
  /// and C.UTF-8) leaves the C locale, which draws and reads ASCII only; where the name says
  /// UTF-8, the terminal speaks it, so C.UTF-8 (always there with glibc 2.35 and later) takes
  /// its place.
  ///
  /// NB: Only `LC_CTYPE`: the other categories would load a dozen files at every start for
  ///     nothing this program shows (its messages are English; dates go through Foundation,
  ///     which reads the environment itself).
  static func adoptLocale() {
    guard setlocale(LC_CTYPE, "") == nil else { return }
    let variables: [String] = ["LC_ALL", "LC_CTYPE", "LANG"]
    let name = variables.lazy.compactMap { variable in getenv(variable).map { String(cString: $0) } }
      .first { !$0.isEmpty } ?? ""
    let codeset = name.lowercased().split(separator: ".").dropFirst().first?.split(separator: "@").first
    if codeset == "utf-8" || codeset == "utf8" {
      _ = setlocale(LC_CTYPE, "C.UTF-8")
    }
  }

  /// Starts curses on the given descriptors and makes it the current screen.
  static func open(
    inputFD: Int32, outputFD: Int32, termName: String?
  ) throws(CursesBackendError) -> CursesScreen {
    adoptLocale()
    // NB: The window's size from the terminal (TIOCGWINSZ) at start, even where LINES and
    //     COLUMNS are exported; a resize is measured on the device too (`followDeviceSize`).
    cn_prefer_device_size()
    let input = try wrap(inputFD, mode: "r")
    let output: (fd: Int32, file: UnsafeMutablePointer<FILE>)
    do {
      output = try wrap(outputFD, mode: "w")
    } catch {
      fclose(input.file)
      throw error
    }
    let screen: OpaquePointer? =
      if let termName { newterm(termName, output.file, input.file) } else {
        newterm(nil, output.file, input.file)
      }
    guard let screen else {
      fclose(input.file)
      fclose(output.file)
      let name = termName ?? getenv("TERM").map { String(cString: $0) } ?? "(TERM is not set)"
      throw .unsupportedTerminal(name: name)
    }
    _ = set_term(screen)
    guard let window = cn_current_window() else {
      endwin()
      delscreen(screen)
      fclose(input.file)
      fclose(output.file)
      throw .unsupportedTerminal(name: termName ?? "(TERM)")
    }
    return CursesScreen(
      screen: screen, window: window, inputFD: input.fd, outputFD: output.fd,
      inputFile: input.file, outputFile: output.file)
  }

  /// Raw keys (Ctrl-C and Ctrl-Z arrive as bytes), no echo, the keypad in transmit mode (so
  /// keys send terminfo's strings and curses decodes them), reads that never block (the event
  /// loop polls first), and a lone Esc told from a sequence after `ESCDELAY` milliseconds, or
  /// `escapeDelay` when the environment does not set it.
  func configureInput(escapeDelay: Int32) {
    raw()
    noecho()
    nonl()
    _ = keypad(window, true)
    _ = typeahead(-1)
    if getenv("ESCDELAY") == nil { _ = set_escdelay(escapeDelay) }
    wtimeout(window, 0)
  }

  /// Ends curses mode, frees the screen and closes the duplicated descriptors.
  func close() {
    _ = set_term(screen)
    // NB: A terminal without an alternate screen (linux, vt100) keeps the form after endwin,
    //     and the shell's next line would print over its key help: clear it first, as dialog
    //     --clear does. Elsewhere rmcup brings back what was there before.
    if cn_string_capability("smcup") == nil {
      wclear(window)
      wrefresh(window)
    }
    endwin()
    delscreen(screen)
    fclose(inputFile)
    fclose(outputFile)
  }

  /// Writes text straight to the terminal (after curses has flushed its own output).
  func writeDirectly(_ text: String) {
    Array(text.utf8).withUnsafeBytes { write($0) }
  }

  /// Writes bytes straight to the terminal, all of them unless it fails or closes.
  func write(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(outputFD, base + offset, bytes.count - offset)
      if written > 0 {
        offset += written
      } else if written < 0 && currentErrno == EINTR {
        continue
      } else {
        return
      }
    }
  }

  private static func wrap(
    _ fd: Int32, mode: String
  ) throws(CursesBackendError) -> (fd: Int32, file: UnsafeMutablePointer<FILE>) {
    let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
    guard copy >= 0 else { throw .cannotUseDescriptor(errno: currentErrno) }
    guard let file = fdopen(copy, mode) else {
      let code = currentErrno
      _ = closeDescriptor(copy)
      throw .cannotUseDescriptor(errno: code)
    }
    return (copy, file)
  }
}
