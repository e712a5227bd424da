import Testing

@testable import TerminalUI

@Suite struct TextEditorVisibleTests {
  @Test func shortTextIsShownWholeWithTheCursorPastTheEnd() {
    var editor = TextEditor(text: "Blob")
    #expect(editor.visible(width: 10) == ("Blob", 4))
    #expect(editor.scrollOffset == 0)
  }

  @Test func cursorAtTheEndOfALongTextScrollsJustEnough() {
    var editor = TextEditor(text: "ada@example.com")
    #expect(editor.visible(width: 10) == ("ample.com", 9))
    #expect(editor.scrollOffset == 6)
  }

  @Test func textThatExactlyFillsTheWidthScrollsOneForTheCursor() {
    var editor = TextEditor(text: "abcde")
    #expect(editor.visible(width: 5) == ("bcde", 4))
    editor.handle(.left)
    #expect(editor.visible(width: 5) == ("bcde", 3))
  }

  @Test func movingLeftScrollsOnlyWhenTheCursorLeavesTheWindow() {
    var editor = TextEditor(text: "0123456789")
    #expect(editor.visible(width: 5) == ("6789", 4))
    editor.moveCursor(to: 7)
    #expect(editor.visible(width: 5) == ("6789", 1))
    editor.moveCursor(to: 6)
    #expect(editor.visible(width: 5) == ("6789", 0))
    editor.moveCursor(to: 3)
    #expect(editor.visible(width: 5) == ("34567", 0))
    editor.handle(.home)
    #expect(editor.visible(width: 5) == ("01234", 0))
    editor.moveCursor(to: 4)
    #expect(editor.visible(width: 5) == ("01234", 4))
    editor.moveCursor(to: 5)
    #expect(editor.visible(width: 5) == ("12345", 4))
  }

  @Test func deletingTextScrollsBackSoNoSpaceIsWasted() {
    var editor = TextEditor(text: "0123456789")
    _ = editor.visible(width: 5)
    editor.handle(.control("u"))
    editor.handle(.character("x"))
    #expect(editor.visible(width: 5) == ("x", 1))
    #expect(editor.scrollOffset == 0)
  }

  @Test func wideCharactersAreMeasuredInColumns() {
    var editor = TextEditor(text: "世界")
    #expect(editor.visible(width: 10) == ("世界", 4))
    #expect(editor.visible(width: 4) == ("界", 2))
    #expect(editor.scrollOffset == 2)
  }

  @Test func aWideCharacterCutByTheRightEdgeIsLeftOut() {
    var editor = TextEditor(text: "a世界")
    editor.handle(.home)
    #expect(editor.visible(width: 4) == ("a世", 0))
    #expect(editor.visible(width: 2) == ("a", 0))
  }

  @Test func scrollingNeverStartsInsideAWideCharacter() {
    var editor = TextEditor(text: "世界人")
    // Cursor at the end (column 6) in a 4-column window needs offset 3, inside "界":
    // the window starts after it instead.
    #expect(editor.visible(width: 4) == ("人", 2))
    #expect(editor.scrollOffset == 4)
  }

  @Test func cursorOnAWideCharacterShowsAllOfIt() {
    var editor = TextEditor(text: "ab世")
    editor.moveCursor(to: 2)
    #expect(editor.visible(width: 3) == ("b世", 1))
  }

  @Test func tinyOrEmptyWindows() {
    var editor = TextEditor(text: "世")
    editor.handle(.home)
    #expect(editor.visible(width: 1) == ("", 0))
    #expect(editor.visible(width: 0) == ("", 0))
    var empty = TextEditor()
    #expect(empty.visible(width: 5) == ("", 0))
    #expect(empty.visible(width: 1) == ("", 0))
  }

  /// Printable ASCII takes a shortcut on byte offsets; it must scroll exactly as measuring every
  /// grapheme does, for every text length, cursor, width and earlier scroll.
  @Test func theASCIIShortcutScrollsLikeMeasuringEveryGrapheme() {
    for length in 0...12 {
      let text = String("abcdefghijkl".prefix(length))
      for cursor in 0...length {
        for width in 1...14 {
          for scroll in 0...13 {
            var shortcut = TextEditor(text: text)
            shortcut.moveCursor(to: cursor)
            shortcut.scrollOffset = scroll
            var measured = shortcut
            let fast = shortcut.visibleASCII(width: width)
            let slow = measured.visibleByGraphemes(width: width)
            #expect(fast == slow, "\(text) cursor \(cursor) width \(width) scroll \(scroll)")
            #expect(shortcut.scrollOffset == measured.scrollOffset)
          }
        }
      }
    }
  }

  @Test func textWithAnyNonASCIIGraphemeIsMeasured() {
    var editor = TextEditor(text: "漢字abc")
    #expect(editor.visible(width: 4) == ("abc", 3), "the wide characters scroll out whole")
    #expect(!TextEditor.isPrintableASCII("a\u{7F}b"))
    #expect(!TextEditor.isPrintableASCII("é"))
    #expect(TextEditor.isPrintableASCII(" ~"))
  }
}
