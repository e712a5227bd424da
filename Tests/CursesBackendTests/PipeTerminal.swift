import CursesBackend

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fake terminal made of two pipes: tests type into one and read what curses drew from the
/// other. No real terminal is needed, so this runs in CI.
@MainActor
final class PipeTerminal {
  private let keyboardRead: Int32
  private let keyboardWrite: Int32
  /// The keyboard's write end, for typing from another thread.
  nonisolated var keyboard: Int32 { keyboardWriteDescriptor }
  private nonisolated let keyboardWriteDescriptor: Int32
  private let screenRead: Int32
  private let screenWrite: Int32

  init() {
    var keyboard: [Int32] = [-1, -1]
    var screen: [Int32] = [-1, -1]
    _ = pipe(&keyboard)
    _ = pipe(&screen)
    (keyboardRead, keyboardWrite) = (keyboard[0], keyboard[1])
    keyboardWriteDescriptor = keyboard[1]
    (screenRead, screenWrite) = (screen[0], screen[1])
    _ = fcntl(screenRead, F_SETFL, fcntl(screenRead, F_GETFL) | O_NONBLOCK)
  }

  isolated deinit {
    for fd in [keyboardRead, keyboardWrite, screenRead, screenWrite] { _ = close(fd) }
  }

  /// Starts a backend on the pipes as an `xterm-256color` (independent of the tests' `TERM`).
  func start(
    termName: String = "xterm-256color", colorMode: ColorMode = .automatic
  ) throws -> CursesBackend {
    let backend = try CursesBackend(
      inputFD: keyboardRead, outputFD: screenWrite, termName: termName, colorMode: colorMode)
    backend.suspendsOnControlZ = false
    return backend
  }

  /// Sends bytes as if typed on the keyboard.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
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
