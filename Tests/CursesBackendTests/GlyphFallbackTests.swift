import Testing
import TerminalUI

@testable import CursesBackend

/// What a cell shows where Unicode cannot be written (the C locale, a VT100).
struct GlyphFallbackTests {
  private func shown(_ symbol: String) -> GlyphFallback.Output {
    GlyphFallback.output(for: Cell(symbol), unicode: false)
  }

  #if os(Linux)
    /// A name reads as `Jose`, not `Jos?`: a letter with an accent takes its plain spelling
    /// (glibc's transliteration; elsewhere `?` stays).
    @Test(arguments: [("é", "e"), ("ã", "a"), ("Ł", "L"), ("ø", "o"), ("Ç", "C"), ("ñ", "n")])
    func aLetterWithAnAccentShowsItsPlainLetter(letter: String, plain: String) {
      #expect(shown(letter) == .text(plain))
    }
  #endif

  /// What has no spelling of its width stays `?` per column, so nothing on the row moves:
  /// `ß` is `ss`, two letters for one column; CJK has no ASCII spelling.
  @Test func whatHasNoSpellingOfItsWidthShowsQuestionMarks() {
    #expect(shown("ß") == .text("?"))
    #expect(shown("東") == .text("??"))
  }

  @Test func theWidgetsSymbolsKeepTheirLookAlikes() {
    #expect(shown("›") == .text(">"))
    #expect(shown("─") == .alternateCharacter(UInt8(ascii: "q")))
  }

  @Test func unicodeIsWrittenAsItIsWhereItCanBe() {
    #expect(GlyphFallback.output(for: Cell("é"), unicode: true) == .text("é"))
  }
}
