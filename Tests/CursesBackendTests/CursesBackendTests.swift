import CursesBackend
import Testing
import TerminalUI

/// Drives the real ncurses backend through pipes. curses keeps global state (the current screen,
/// signal handlers), so every test that starts a backend lives in this one serialized suite.
@MainActor
@Suite(.serialized)
struct CursesBackendTests {
  @Test func shutdownRestoresTheTerminal() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    backend.draw(Frames.text("hello", at: Position(column: 0, row: 0)))
    backend.flush()
    let started = terminal.takeText()
    #expect(started.contains("\u{1B}[?1049h"), "enters the alternate screen")
    #expect(started.contains("\u{1B}[?2004h"), "enables bracketed paste")
    #expect(started.contains("\u{1B}[?25l"), "hides the cursor")
    #expect(started.contains("hello"))

    backend.shutdown()
    let restored = terminal.takeText()
    #expect(restored.contains("\u{1B}[?2004l"), "disables bracketed paste")
    #expect(restored.contains("\u{1B}[?25h"), "shows the cursor")
    #expect(restored.contains("\u{1B}[?1049l"), "leaves the alternate screen")
    #expect(restored.hasSuffix("\u{1B}[?1l\u{1B}>"), "ends by leaving keypad-transmit mode")

    backend.shutdown()
    #expect(terminal.takeOutput().isEmpty, "a second shutdown writes nothing")
  }

  @Test func releasingTheBackendRestoresTheTerminal() throws {
    let terminal = PipeTerminal()
    do {
      let backend = try terminal.start()
      backend.flush()
    }
    #expect(terminal.takeText().contains("\u{1B}[?1049l"))
    let next = try terminal.start()
    next.shutdown()
  }

  @Test func unknownTerminalTypeThrowsAnErrorThatSaysWhatToDo() {
    let terminal = PipeTerminal()
    #expect(throws: CursesBackendError.unsupportedTerminal(name: "no-such-terminal")) {
      try terminal.start(termName: "no-such-terminal")
    }
    let message = CursesBackendError.unsupportedTerminal(name: "x").description
    #expect(message.contains("set TERM"))
  }

  @Test func missingTerminalDeviceThrows() {
    #expect(throws: CursesBackendError.self) {
      try CursesBackend(terminalPath: "/nonexistent/tty")
    }
  }

  @Test func onlyOneBackendOwnsTheTerminal() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    #expect(throws: CursesBackendError.alreadyActive) { try PipeTerminal().start() }
    backend.shutdown()
    let again = try terminal.start()
    again.shutdown()
  }

  @Test func terminalWithoutCursorAddressingIsRefused() throws {
    let terminal = PipeTerminal()
    #expect(throws: CursesBackendError.unsupportedTerminal(name: "dumb")) {
      try terminal.start(termName: "dumb")
    }
    let next = try terminal.start()
    next.shutdown()
  }

  @Test func sizeComesFromTheTerminalDescription() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    #expect(backend.size.columns > 0 && backend.size.rows > 0)
  }
}
