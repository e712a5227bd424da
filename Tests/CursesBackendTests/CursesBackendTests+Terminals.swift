import CursesBackend
import Foundation
import Testing
import TerminalUI

/// What curses does for terminals that are not xterm: padding, a 7-bit character set, no
/// bracketed paste, no dim. Each test starts a backend for one TERM on pipes and reads the bytes.
extension CursesBackendTests {
  /// A frame with the glyphs the widgets use.
  private func drawSample(_ backend: CursesBackend) {
    let cells: [(Position, Cell)] = Array("─‹›←→×…".enumerated()).map { index, character in
      (Position(column: index, row: 0), Cell(String(character)))
    } + [
      (Position(column: 0, row: 1), Cell("A", style: Style(attributes: .bold))),
      (Position(column: 1, row: 1), Cell("d", style: Style(attributes: .dim))),
      (Position(column: 0, row: 2), Cell("é")),
    ] + Array("┌│┐ a·b └─┘".enumerated()).map { index, character in
      (Position(column: index, row: 4), Cell(String(character)))
    }
    backend.draw(cells)
    backend.setCursor(Position(column: 5, row: 3))
    backend.flush()
  }

  @Test func vt100PaddingIsAppliedNotWrittenOut() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start(termName: "vt100")
    drawSample(backend)
    backend.shutdown()
    let output = terminal.takeText()
    #expect(!output.contains("$<"), "terminfo's padding markers never reach the terminal")
    #expect(output.contains("A"))
  }

  @Test(arguments: ["vt100", "vt220"])
  func aSevenBitTerminalGetsNoEightBitBytes(term: String) throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start(termName: term)
    drawSample(backend)
    backend.shutdown()
    let output = terminal.takeOutput()
    #expect(!output.contains(where: { $0 >= 0x80 }), "\(term): only 7-bit bytes")
    let text = String(decoding: output, as: UTF8.self)
    #expect(text.contains("<>"), "\(term): the pickers' arrows have ASCII look-alikes")
    #expect(text.contains("\u{1B}(0") || text.contains("\u{0E}"), "\(term): the line is drawn with the alternate character set")
    // NB: A dialog's box is drawn in the alternate character set whole, corners and sides too,
    //     not '+' and '|' around line-drawing edges.
    #expect(text.contains("lxk") && text.contains("mqj"), "\(term): the box's corners and sides: \(text.debugDescription)")
    #expect(text.contains("a-b"), "\(term): a page title's separator has a look-alike")
  }

  @Test func theCLocaleGetsASevenBitFrameOnXterm() throws {
    let restoreLocale = overridingLocale("C")
    defer { restoreLocale() }
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    drawSample(backend)
    backend.shutdown()
    let output = terminal.takeOutput()
    #expect(!output.contains(where: { $0 >= 0x80 }), "no UTF-8 in the C locale")
    let text = String(decoding: output, as: UTF8.self)
    #expect(text.contains("\u{1B}(0") && text.contains("q"), "ACS line")
  }

  /// A UTF-8 locale that is not installed here is UTF-8 all the same, not the C locale's ASCII.
  @Test func aMissingUTF8LocaleFallsBackToCUTF8() throws {
    let restoreLocale = overridingLocale("xx_XX.UTF-8")
    defer { restoreLocale() }
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    drawSample(backend)
    backend.shutdown()
    #expect(terminal.takeText().contains("‹›←→×…"))
  }

  @Test func aUTF8LocaleOnXtermKeepsUnicode() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    drawSample(backend)
    backend.shutdown()
    #expect(terminal.takeText().contains("‹›←→×…"))
  }

  @Test(arguments: [("xterm-256color", true), ("tmux-256color", true), ("screen-256color", false), ("linux", false), ("vt220", false)])
  func bracketedPasteOnlyWhereTerminfoDescribesIt(term: String, hasPaste: Bool) throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start(termName: term)
    let started = terminal.takeText()
    backend.shutdown()
    let stopped = terminal.takeText()
    #expect(started.contains("\u{1B}[?2004h") == hasPaste, "\(term)")
    #expect(stopped.contains("\u{1B}[?2004l") == hasPaste, "\(term)")
  }

  @Test func dimTextIsUnderlinedWhereTheTerminalCannotDim() throws {
    let mono = PipeTerminal()
    let backend = try mono.start(termName: "xterm-mono")
    _ = mono.takeOutput()
    backend.draw([(Position(column: 0, row: 0), Cell("d", style: Style(attributes: .dim)))])
    backend.flush()
    let output = mono.takeText()
    backend.shutdown()
    #expect(!output.contains("\u{1B}[2m") && !output.contains(";2m"))
    #expect(output.contains("\u{1B}[4m") || output.contains(";4m"), "a disabled control still looks different")

    let xterm = PipeTerminal()
    let colour = try xterm.start()
    _ = xterm.takeOutput()
    colour.draw([(Position(column: 0, row: 0), Cell("d", style: Style(attributes: .dim)))])
    colour.flush()
    let dimmed = xterm.takeText()
    colour.shutdown()
    #expect(dimmed.contains("\u{1B}[2m") || dimmed.contains(";2m"))
  }
}
