import CNcurses
import CursesBackend

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fake terminal made of two pipes: tests type into one and read what curses drew from the
/// other. No real terminal is needed, so this runs in CI.
///
/// `PipeTerminal(pseudoTerminal: true)` is a pseudo-terminal instead, opened by path as the app
/// opens /dev/tty: curses reads all 8 bits of each typed byte only from a terminal device
/// whose characters have 8 bits (ncurses' `meta`), so text beyond ASCII is typed there.
@MainActor
final class PipeTerminal {
  /// The pseudo-terminal's device path, when it is one.
  private let devicePath: String?
  private let keyboardRead: Int32
  private let keyboardWrite: Int32
  /// The keyboard's write end, for typing from another thread.
  nonisolated var keyboard: Int32 { keyboardWriteDescriptor }
  private nonisolated let keyboardWriteDescriptor: Int32
  private let screenRead: Int32
  private let screenWrite: Int32

  init(pseudoTerminal: Bool = false) {
    if pseudoTerminal, let (master, path) = Self.openPseudoTerminal() {
      // NB: The master end is both the keyboard and the screen; the device itself is opened by
      //     the backend.
      devicePath = path
      (keyboardRead, keyboardWrite, keyboardWriteDescriptor) = (-1, master, master)
      (screenRead, screenWrite) = (master, -1)
      _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
      return
    }
    devicePath = nil
    var keyboard: [Int32] = [-1, -1]
    var screen: [Int32] = [-1, -1]
    _ = pipe(&keyboard)
    _ = pipe(&screen)
    (keyboardRead, keyboardWrite) = (keyboard[0], keyboard[1])
    keyboardWriteDescriptor = keyboard[1]
    (screenRead, screenWrite) = (screen[0], screen[1])
    _ = fcntl(screenRead, F_SETFL, fcntl(screenRead, F_GETFL) | O_NONBLOCK)
  }

  private static func openPseudoTerminal() -> (master: Int32, path: String)? {
    #if os(Linux)
      var number: Int32 = -1
      let master = cn_open_pseudo_terminal(&number)
      guard master >= 0 else { return nil }
      let path = "/dev/pts/\(number)"
    #else
      let master = posix_openpt(O_RDWR | O_NOCTTY)
      guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
        if master >= 0 { _ = close(master) }
        return nil
      }
      let path = String(cString: name)
    #endif
    _ = cn_set_terminal_size(master, 24, 80)
    return (master, path)
  }

  isolated deinit {
    for fd in Set([keyboardRead, keyboardWrite, screenRead, screenWrite]) where fd >= 0 { _ = close(fd) }
  }

  /// Starts a backend on the pipes as an `xterm-256color` (independent of the tests' `TERM`).
  func start(
    termName: String = "xterm-256color", colorMode: ColorMode = .automatic
  ) throws -> CursesBackend {
    let backend =
      try devicePath.map { try CursesBackend(terminalPath: $0, termName: termName, colorMode: colorMode) }
      ?? CursesBackend(inputFD: keyboardRead, outputFD: screenWrite, termName: termName, colorMode: colorMode)
    backend.suspendsOnControlZ = false
    return backend
  }

  /// Sends bytes as if typed on the keyboard.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(keyboardWrite, $0.baseAddress, $0.count) }
  }

  /// Sends raw bytes, which need not be UTF-8, as if typed on the keyboard.
  func type(bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(keyboardWrite, $0.baseAddress, $0.count) }
  }

  /// Closes the keyboard side, as when the terminal hangs up.
  func hangUp() {
    _ = close(keyboardWrite)
  }

  /// Everything curses wrote since the last call.
  func takeOutput() -> [UInt8] {
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(screenRead, $0.baseAddress, $0.count) }
      guard count > 0 else { return output }
      output.append(contentsOf: chunk[0..<count])
    }
  }

  /// ``takeOutput()`` as text, for `contains` checks on escape sequences.
  func takeText() -> String {
    String(decoding: takeOutput(), as: UTF8.self)
  }
}

/// Sets `LC_ALL` to `name` for a backend started next (it takes the locale as it starts);
/// call what it returns to put the tests' own locale back.
func overridingLocale(_ name: String) -> () -> Void {
  setenv("LC_ALL", name, 1)
  return {
    unsetenv("LC_ALL")
    _ = setlocale(LC_ALL, "")
  }
}
