import CNcurses
import CursesBackend
import Testing
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if os(Linux)
extension CursesBackendTests {
  /// A real terminal device (a pseudo-terminal), opened by path the way the app opens /dev/tty:
  /// the size comes from the device, a resize is measured again, and the modes are restored.
  @Test func pseudoTerminalSizeResizeAndRestore() throws {
    var number: Int32 = -1
    let master = cn_open_pseudo_terminal(&number)
    try #require(master >= 0)
    defer { _ = close(master) }
    let path = "/dev/pts/\(number)"
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    _ = cn_set_terminal_size(master, 30, 100)

    let device = open(path, O_RDWR | O_NOCTTY)
    try #require(device >= 0)
    defer { _ = close(device) }
    var before = termios()
    _ = tcgetattr(device, &before)

    let backend = try CursesBackend(terminalPath: path, termName: "xterm-256color")
    #expect(backend.size == Size(columns: 100, rows: 30))
    var during = termios()
    _ = tcgetattr(device, &during)
    #expect(during.c_lflag & tcflag_t(ICANON | ECHO) == 0, "raw: no line editing, no echo")

    _ = cn_set_terminal_size(master, 40, 120)
    _ = kill(getpid(), SIGWINCH)
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.resize))
    #expect(backend.size == Size(columns: 120, rows: 40))

    backend.draw([(Position(column: 119, row: 39), Cell("!"))])
    backend.flush()
    _ = write(master, "k", 1)
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.character("k")), "one resize only")

    backend.shutdown()
    var after = termios()
    _ = tcgetattr(device, &after)
    #expect(after.c_lflag == before.c_lflag)
    #expect(after.c_iflag == before.c_iflag)
    #expect(after.c_oflag == before.c_oflag)
  }

  /// With LINES and COLUMNS exported (as some shells and `resize` do), the size still comes from
  /// the device, and a grown window is followed: the footer is not left behind.
  @Test func aGrownWindowIsFollowedEvenWithLinesAndColumnsExported() throws {
    setenv("LINES", "24", 1)
    setenv("COLUMNS", "80", 1)
    defer {
      unsetenv("LINES")
      unsetenv("COLUMNS")
    }
    var number: Int32 = -1
    let master = cn_open_pseudo_terminal(&number)
    try #require(master >= 0)
    defer { _ = close(master) }
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    _ = cn_set_terminal_size(master, 30, 100)
    let backend = try CursesBackend(terminalPath: "/dev/pts/\(number)", termName: "xterm-256color")
    defer { backend.shutdown() }
    #expect(backend.size == Size(columns: 100, rows: 30))
    _ = cn_set_terminal_size(master, 50, 132)
    _ = kill(getpid(), SIGWINCH)
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.resize))
    #expect(backend.size == Size(columns: 132, rows: 50))
  }
}
#endif
