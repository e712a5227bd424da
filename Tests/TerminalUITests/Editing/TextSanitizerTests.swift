import Testing

@testable import TerminalUI

/// Text from a paste or a line read in the terminal's line mode, made fit for a field.
struct TextSanitizerTests {
  @Test func escapeSequencesAreDroppedWholeNotJustTheirEscape() {
    // An arrow key typed into a line the terminal reads in its line mode: ESC [ D.
    #expect(TextSanitizer.singleLine("Bob\u{1B}[Dx") == "Bobx")
    #expect(TextSanitizer.singleLine("a\u{1B}[1;31mred\u{1B}[0m") == "ared")
    #expect(TextSanitizer.singleLine("F1\u{1B}OP!") == "F1!")
    #expect(TextSanitizer.singleLine("t\u{1B}]0;owned\u{7}itle") == "title")
    #expect(TextSanitizer.singleLine("t\u{1B}]0;owned\u{1B}\\itle") == "title")
    #expect(TextSanitizer.singleLine("alt\u{1B}b") == "alt")
    #expect(TextSanitizer.singleLine("c1\u{9B}2Jsi") == "c1si")
    #expect(TextSanitizer.multiLine("one\u{1B}[A\ntwo") == "one\ntwo")
  }

  @Test func anUnfinishedSequenceDropsOnlyWhatItHasAndPlainTextIsKept() {
    #expect(TextSanitizer.singleLine("end\u{1B}") == "end")
    #expect(TextSanitizer.singleLine("end\u{1B}[12") == "end")
    #expect(TextSanitizer.singleLine("José [x] ok") == "José [x] ok")
    #expect(TextSanitizer.singleLine("tab\there\nnext") == "tab here next")
    // A text area keeps a pasted snippet's indentation, as it keeps one written in the editor.
    #expect(TextSanitizer.multiLine("if x:\n\treturn 1") == "if x:\n\treturn 1")
  }
}
