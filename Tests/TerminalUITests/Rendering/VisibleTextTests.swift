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
}
