import Testing

@testable import TerminalUI

@Suite struct GlyphTests {
  @Test(arguments: [
    ("a", 1), ("~", 1), ("é", 1), ("世", 2), ("😀", 2), ("\u{301}", 0),
    ("e\u{301}", 1), ("👩‍💻", 2), ("❤️", 2), ("🇫🇷", 2),
  ])
  func keepsTheGraphemeAndItsWidth(symbol: String, width: Int) {
    let glyph = Glyph(symbol)
    #expect(glyph.string == symbol)
    #expect(glyph.width == width)
    #expect(!glyph.isContinuation)
    #expect(Glyph(Character(symbol), width: width) == glyph)
  }

  @Test func aSingleScalarIsStoredAsItsScalar() {
    #expect(Glyph("a").scalar == "a")
    #expect(Glyph("世").scalar == "世")
    #expect(Glyph("e\u{301}").scalar == nil)
    #expect(Glyph.continuation.scalar == nil)
  }

  @Test func theSameClusterIsTheSameGlyphAndDifferentClustersDiffer() {
    let first = Glyph("👩‍💻")
    let again = Glyph(String("👩‍💻".unicodeScalars.map(Character.init).map(String.init).joined()))
    #expect(first == again)
    #expect(first != Glyph("👨‍💻"))
    #expect(first.hashValue == again.hashValue)
  }

  @Test func asciiMatchesTheGeneralInitializer() {
    for byte in UInt8(0x20)...0x7E {
      #expect(Glyph(ascii: byte) == Glyph(String(UnicodeScalar(byte))), "\(byte)")
    }
    #expect(Glyph(ascii: 0x20) == .space)
  }

  @Test func theContinuationIsEmptyAndDiffersFromEveryGrapheme() {
    #expect(Glyph("") == .continuation)
    #expect(Glyph.continuation.string == "")
    #expect(Glyph.continuation.width == 0)
    #expect(Glyph.continuation.isContinuation)
    // NB: U+0000 is a grapheme of width 0, not "nothing".
    #expect(Glyph("\u{0}") != .continuation)
  }

  @Test func aCellsSymbolRoundTrips() {
    var cell = Cell("x", style: Style(attributes: .bold))
    #expect(cell.symbol == "x")
    cell.symbol = "界"
    #expect(cell.glyph == Glyph("界"))
    #expect(cell.width == 2)
    #expect(Cell.continuation().symbol == "")
    #expect(Cell.blank == Cell(" "))
  }

  @Test(arguments: [
    "Name", "a\tb", "line\r\nnext", "\u{7F}del", "  spaced  ", "",
    "─────────", "‹ Daily ›", "✓ saved…", "⠋ checking", "名前 世界", "a世b界c", "ＡＢ",
  ])
  func textOnTheFastPathsIsWrittenLikeAnyOtherText(sample: String) {
    // ASCII and standalone scalars take fast paths; a combining accent at the end sends the
    // same text down the general path, and both must write the same cells (wide ones cut at
    // the limit included).
    for limit in [3, 4, 8, 20] {
      var fast = Buffer(size: Size(columns: 24, rows: 1))
      var general = fast
      let used = fast.setString(sample, at: Position(column: 1, row: 0), maxWidth: limit)
      let usedGeneral = general.setString(sample + "e\u{301}", at: Position(column: 1, row: 0), maxWidth: limit)
      #expect(usedGeneral >= used, "\(sample.debugDescription) limit \(limit)")
      #expect(Array(fast.cells[0...used]) == Array(general.cells[0...used]), "\(sample.debugDescription) limit \(limit)")
      #expect(used <= limit)
    }
  }
}
