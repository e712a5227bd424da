import TerminalUI
import Testing

/// Text from files and the database made safe and visible for a terminal.
struct VisibleTextTests {
  @Test func visibleForTerminalEscapesWhatATerminalWouldActOn() {
    #expect("ada\u{1B}]0;owned\u{7}".visibleForTerminal == #"ada\u{1B}]0;owned\u{7}"#)
    #expect("a\u{202E}b\u{85}".visibleForTerminal == #"a\u{202E}b\u{85}"#)
    #expect("Zoë 🙂".visibleForTerminal == "Zoë 🙂")
  }

  /// One character shown for each character of the text, so a cursor's place stays right.
  @Test func controlPicturesStandOneForOne() {
    #expect("Bl\u{7}ob".withControlPictures == "Bl␇ob")
    #expect("\u{0}\u{1B}\u{7F}".withControlPictures == "␀␛␡")
    #expect("a\u{202E}b\u{9B}c".withControlPictures == "a�b�c")
    #expect("a\r\nb".withControlPictures == "a␍b", "CR LF is one character")
    // Characters that take no room and join nothing show too: "ab" and "a\u{200B}b" differ.
    #expect("a\u{200B}b\u{2060}c\u{FEFF}".withControlPictures == "a�b�c�")
    // A joiner does join: an emoji family, a Persian word with ZWNJ stay as they are.
    #expect("👨\u{200D}👩 می\u{200C}خواهم".withControlPictures == "👨\u{200D}👩 می\u{200C}خواهم")
    for text in ["Ada", "Zoë 🙂", "漢字", ""] {
      #expect(text.withControlPictures == text)
    }
  }

  /// A character that would take no column shows in one: a mark with nothing to sit on (first,
  /// or after a tab) on a dotted circle, a soft hyphen or a joiner alone as `�`.
  @Test func charactersThatTakeNoColumnShowInOne() {
    #expect("\u{301}Ada".withControlPictures == "\u{25CC}\u{301}Ada")
    #expect("a\t\u{301}\u{302}".withControlPictures == "a␉\u{25CC}\u{301}\u{302}")
    #expect("Ada\u{AD}Lovelace".withControlPictures == "Ada\u{FFFD}Lovelace")
    #expect("\u{200D}x".withControlPictures == "\u{FFFD}x")
    // A vowel sign after an escape would join its picture: it too sits on a circle.
    #expect("\u{1B}\u{93F}".withControlPictures == "␛\u{25CC}\u{93F}")
    #expect("Zoe\u{308}".withControlPictures == "Zoe\u{308}", "a mark on its letter stays as it is")
  }

  /// Whatever the text, what is shown has one character for each of the text's, and each
  /// takes at least one column: the cursor's place is right, and every step it takes shows.
  @Test func everyShownCharacterStandsForOneAndTakesAColumn() {
    let pieces: [String] = [
      "a", "\u{301}", "\u{20DD}", "\t", "\n", "\r", "\u{1B}", "\u{AD}", "\u{200C}", "\u{200D}", "\u{1160}",
      "\u{11A8}", "\u{1100}", "\u{FE0F}", "🙂", "漢", "\u{93F}", "\u{85}", "\u{202E}", " ",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let text = (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
        .joined()
      let shown = text.withControlPictures
      #expect(shown.count == text.count, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
      #expect(shown.allSatisfy { $0.displayWidth >= 1 }, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }
}
