import CursesBackend
import Testing
import TerminalUI

/// The bytes the writer sends, with xterm's strings (``TerminalCapabilities/ansi``): no curses,
/// no terminal. What a user notices is every extra byte over a slow link, and every wrong one.
@Suite struct ScreenWriterTests {
  private let size = Size(columns: 10, rows: 4)

  private func writer(_ capabilities: TerminalCapabilities = .ansi) -> ScreenWriter {
    ScreenWriter(capabilities: capabilities, size: size)
  }

  private func text(_ writer: inout ScreenWriter) -> String {
    String(decoding: writer.takeOutput(), as: UTF8.self)
  }

  private func put(_ string: String, at column: Int, row: Int, style: Style = .plain,
                   into writer: inout ScreenWriter) {
    for (offset, character) in string.enumerated() {
      writer.put(Cell(String(character), style: style),
                 at: Position(column: column + offset, row: row))
    }
  }

  @Test func aRunOfCellsIsAddressedAndStyledOnce() {
    var writer = writer()
    put("abc", at: 2, row: 1, into: &writer)
    #expect(text(&writer) == "\u{1B}[2;3H\u{1B}(B\u{1B}[mabc",
            "one address for the run, and the unknown style reset once")
  }

  @Test func typingACharacterWritesOnlyThatCharacter() {
    var writer = writer()
    put("Blob", at: 0, row: 0, into: &writer)
    writer.placeCursor(Position(column: 4, row: 0))
    _ = writer.takeOutput()

    put("s", at: 4, row: 0, into: &writer)
    writer.placeCursor(Position(column: 5, row: 0))
    #expect(text(&writer) == "s", "the cursor already stands there, in the right style, shown")
  }

  @Test func oneColumnMovesUseTheShortSequences() {
    var writer = writer()
    put("abcd", at: 0, row: 0, into: &writer)
    _ = writer.takeOutput()
    // Backspace at the end of "abcd": the cell left of the cursor becomes blank.
    put(" ", at: 3, row: 0, into: &writer)
    writer.placeCursor(Position(column: 3, row: 0))
    #expect(text(&writer) == "\u{08} \u{08}\u{1B}[?12l\u{1B}[?25h")
    writer.placeCursor(Position(column: 4, row: 0))
    #expect(text(&writer) == "\u{1B}[C")
    writer.placeCursor(Position(column: 0, row: 3))
    #expect(text(&writer) == "\u{1B}[4;1H")
  }

  @Test func stylesChangeOnlyWhenTheyDiffer() {
    var writer = writer()
    let bold = Style(attributes: [.bold])
    let boldRed = Style(foreground: .red, attributes: [.bold])
    let reverseOnCyan = Style(foreground: .black, background: .cyan, attributes: [.reverse])
    put("a", at: 0, row: 0, into: &writer)
    _ = writer.takeOutput()
    put("b", at: 1, row: 0, style: bold, into: &writer)
    #expect(text(&writer) == "\u{1B}[1mb", "adding an attribute needs no reset")
    put("c", at: 2, row: 0, style: boldRed, into: &writer)
    #expect(text(&writer) == "\u{1B}[31mc", "adding a colour needs no reset")
    put("d", at: 3, row: 0, style: boldRed, into: &writer)
    #expect(text(&writer) == "d")
    put("e", at: 4, row: 0, style: reverseOnCyan, into: &writer)
    #expect(text(&writer) == "\u{1B}(B\u{1B}[m\u{1B}[7m\u{1B}[30m\u{1B}[46me",
            "bold comes off only with sgr0, so everything is set again")
    put("f", at: 5, row: 0, into: &writer)
    #expect(text(&writer) == "\u{1B}(B\u{1B}[mf", "back to the default colours: sgr0")
  }

  @Test func monochromeKeepsAttributesAndSendsNoColour() {
    var monochrome = TerminalCapabilities.ansi
    monochrome.foregrounds = []
    monochrome.backgrounds = []
    var writer = writer(monochrome)
    let styles = [
      Style(foreground: .red, background: .blue, attributes: [.bold]),
      Style(foreground: .black, background: .cyan, attributes: [.reverse]),
      Style(foreground: .green),
    ]
    for (column, style) in styles.enumerated() {
      put("x", at: column, row: 0, style: style, into: &writer)
    }
    #expect(text(&writer)
      == "\u{1B}[1;1H\u{1B}(B\u{1B}[m\u{1B}[1mx\u{1B}(B\u{1B}[m\u{1B}[7mx\u{1B}(B\u{1B}[mx")
  }

  @Test func attributesTheTerminalCannotColourAreDropped() {
    var console = TerminalCapabilities.ansi
    console.attributesWithoutColor = [.underline, .dim]
    var writer = writer(console)
    put("u", at: 0, row: 0, style: Style(foreground: .red, attributes: [.underline, .bold]),
        into: &writer)
    put("v", at: 1, row: 0, style: Style(attributes: [.underline]), into: &writer)
    #expect(text(&writer)
      == "\u{1B}[1;1H\u{1B}(B\u{1B}[m\u{1B}[1m\u{1B}[31mu\u{1B}(B\u{1B}[m\u{1B}[4mv",
      "underline with colour is dropped (ncv); without colour it stays")
  }

  @Test func theLastColumnLeavesTheCursorPositionUnknown() {
    var writer = writer()
    put("xy", at: 8, row: 0, into: &writer)
    put("z", at: 0, row: 1, into: &writer)
    #expect(text(&writer) == "\u{1B}[1;9H\u{1B}(B\u{1B}[mxy\u{1B}[2;1Hz",
            "after the last column the next cell is addressed, whatever the terminal's wrap")
  }

  @Test func theBottomRightCellIsSkippedWhereItWouldScroll() {
    var scrolling = TerminalCapabilities.ansi
    scrolling.scrollsAtLastCell = true
    var writer = writer(scrolling)
    put("ab", at: 8, row: 3, into: &writer)
    #expect(text(&writer) == "\u{1B}[4;9H\u{1B}(B\u{1B}[ma", "b would scroll the screen")

    var xterm = self.writer()
    put("ab", at: 8, row: 3, into: &xterm)
    #expect(text(&xterm).hasSuffix("ab"), "with xenl the last cell is safe to write")
  }

  @Test func wideAndClusteredGraphemesAreWrittenWhole() {
    var writer = writer()
    writer.put(Cell("漢"), at: Position(column: 0, row: 0))
    writer.put(Cell("e\u{301}"), at: Position(column: 2, row: 0))
    writer.put(Cell("👨‍👩‍👧"), at: Position(column: 3, row: 0))
    writer.put(Cell("é"), at: Position(column: 5, row: 0))
    let output = text(&writer)
    #expect(output == "\u{1B}[1;1H\u{1B}(B\u{1B}[m漢e\u{301}👨‍👩‍👧é",
            "no address between them: each advances by its width")
  }

  @Test func cellsOutsideTheScreenAndControlCharactersAreNotSent() {
    var writer = writer()
    writer.put(Cell("a"), at: Position(column: 10, row: 0))
    writer.put(Cell("漢"), at: Position(column: 9, row: 0))
    writer.put(Cell("b"), at: Position(column: 0, row: 4))
    #expect(!writer.hasOutput)
    writer.put(Cell(glyph: Glyph("\u{1B}" as Unicode.Scalar, width: 1)),
               at: Position(column: 0, row: 0))
    #expect(text(&writer) == "\u{1B}[1;1H\u{1B}(B\u{1B}[m?",
            "an escape byte would start a sequence")
  }

  @Test func theCursorIsShownAndHiddenOnlyWhenThatChanges() {
    var writer = writer()
    writer.placeCursor(nil)
    #expect(text(&writer) == "\u{1B}[?25l")
    writer.placeCursor(nil)
    #expect(text(&writer) == "")
    writer.placeCursor(Position(column: 1, row: 1))
    #expect(text(&writer) == "\u{1B}[2;2H\u{1B}[?12l\u{1B}[?25h")
    writer.placeCursor(Position(column: 1, row: 1))
    #expect(text(&writer) == "")
  }

  @Test func forgettingTheStateSetsEverythingAgain() {
    var writer = writer()
    put("a", at: 0, row: 0, into: &writer)
    writer.placeCursor(nil)
    _ = writer.takeOutput()
    put("b", at: 5, row: 2, into: &writer)
    writer.forgetState()
    #expect(!writer.hasOutput, "what was not written is dropped (the screen was cleared)")
    put("c", at: 1, row: 0, into: &writer)
    writer.placeCursor(nil)
    #expect(text(&writer) == "\u{1B}[1;2H\u{1B}(B\u{1B}[mc\u{1B}[?25l")
  }

  @Test func theShellGetsPlainAttributesAndItsCursorBack() {
    var writer = writer()
    put("a", at: 0, row: 0, style: Style(attributes: [.reverse]), into: &writer)
    writer.placeCursor(nil)
    _ = writer.takeOutput()
    writer.restoreForShell()
    #expect(text(&writer) == "\u{1B}(B\u{1B}[m\u{1B}[?12l\u{1B}[?25h")
  }

  @Test func anyCursorAddressTemplateIsExpandedByTerminfo() {
    var vt52 = TerminalCapabilities.ansi
    vt52.cursorAddress = .template(Array("\u{1B}Y%p1%' '%+%c%p2%' '%+%c".utf8CString))
    var writer = writer(vt52)
    writer.placeCursor(Position(column: 3, row: 2))
    #expect(writer.takeOutput().prefix(4) == [0x1B, UInt8(ascii: "Y"), 32 + 2, 32 + 3])

    var ansiTemplate = TerminalCapabilities.ansi
    ansiTemplate.cursorAddress = .template(Array("\u{1B}[%i%p1%d;%p2%dH".utf8CString))
    var viaTemplate = self.writer(ansiTemplate)
    var direct = self.writer()
    for position in [Position(column: 0, row: 0), Position(column: 9, row: 3)] {
      viaTemplate.placeCursor(position)
      direct.placeCursor(position)
    }
    #expect(viaTemplate.takeOutput() == direct.takeOutput(),
            "the written-out ANSI form matches what tiparm makes of the same template")
  }
}
