import Testing

@testable import TerminalUI

/// The text area's editing: wrapping, moving by rows, and the keys that work on lines.
struct TextAreaEditingTests {
  func area(_ text: String, cursor: Int? = nil) -> TextEditor {
    var editor = TextEditor(text: text)
    editor.isMultiline = true
    if let cursor { editor.moveCursor(to: cursor) }
    return editor
  }

  func rows(_ text: String, width: Int) -> [String] {
    let characters = Array(text)
    return TextEditor.wrap(characters, width: width).map { String(characters[$0.range]) }
  }

  @Test func textWrapsAtTheLastSpaceThatFitsAndLongWordsWhereTheRowIsFull() {
    #expect(rows("one two three", width: 8) == ["one two ", "three"])
    #expect(rows("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(rows("a\n\nb", width: 4) == ["a", "", "b"], "an empty line keeps its row")
    #expect(rows("", width: 4) == [""])
    #expect(rows("漢字かな", width: 5) == ["漢字", "かな"], "wide characters count two columns")
  }

  /// After a line that fills its row exactly, the cursor is after its last character (in the
  /// gap beside the text), not over it, where Left and Right both seemed to leave it.
  @Test func theCursorAfterAFullRowIsAfterItsLastCharacter() {
    var editor = area("abcd", cursor: 4)
    var visible = editor.visibleRows(width: 4, height: 3)
    #expect(visible.cursorRow == 0 && visible.cursorColumn == 4)
    _ = editor.handle(.left, width: 4)
    visible = editor.visibleRows(width: 4, height: 3)
    #expect(visible.cursorRow == 0 && visible.cursorColumn == 3)
  }

  @Test func enterInsertsALineBreakAndAPasteKeepsItsLines() {
    var editor = area("Dear Ada,")
    #expect(editor.handle(.enter) == .textChanged)
    editor.handle(.paste("thanks\r\nfor\tall"))
    #expect(editor.text == "Dear Ada,\nthanks\nfor\tall", "its tab too, as the external editor's text keeps it")
    var line = TextEditor(text: "one")
    #expect(line.handle(.enter) == .notHandled, "a one-line field leaves Enter to the form")
  }

  @Test func homeEndAndTheKillKeysWorkOnTheCursorsLine() {
    var editor = area("first\nsecond\nthird", cursor: 9)  // in "second", after "sec"
    editor.handle(.home)
    #expect(editor.cursor == 6)
    editor.handle(.end)
    #expect(editor.cursor == 12)
    editor.handle(.control("k"))  // at the end of the line: joins the next one
    #expect(editor.text == "first\nsecondthird")
    editor.handle(.control("u"))
    #expect(editor.text == "first\nthird")
    #expect(editor.cursor == 6)
  }

  @Test func upAndDownMoveByRowsKeepingTheColumn() {
    var editor = area("abcdef\nxy\nlonger line", cursor: 5)
    #expect(editor.handle(.down, width: 20) == .cursorMoved)
    #expect(editor.cursor == 9, "the end of the short line")
    editor.handle(.down, width: 20)
    #expect(editor.cursor == 15, "back to column 5 on a long enough line")
    #expect(editor.handle(.down, width: 20) == .unchanged, "no row below")
    editor.handle(.up, width: 20)
    editor.handle(.up, width: 20)
    #expect(editor.cursor == 5)
    // Across a wrap: the first row's end is the second row's start.
    var wrapped = area("one two three", cursor: 12)
    wrapped.handle(.up, width: 8)
    #expect(wrapped.cursor == 4, "column 4 of 'one two '")
  }

  /// A tab shows as `␉`, one column: Up and Down count it so, and land under the cursor as
  /// drawn (after "␉abc", column 4: after "abcd" on the row above), and the cursor is drawn
  /// where they put it.
  @Test func upAndDownCountATabAsTheColumnItShowsIn() {
    var editor = area("abcdefgh\n\tabcdefg", cursor: 13)
    editor.handle(.up, width: 20)
    #expect(editor.cursor == 4, "after 'abcd'")
    editor.handle(.down, width: 20)
    #expect(editor.cursor == 13, "back after '\\tabc'")
    #expect(editor.visibleRows(width: 20, height: 3).cursorColumn == 4)
    // A row of tabs wraps where its pictures fill the row.
    #expect(TextEditor.wrap(Array("\t\t\t\t"), width: 2).map(\.range) == [0..<2, 2..<4])
  }

  @Test func theLimitCountsLineBreaks() {
    var editor = area("ab")
    editor.maxLength = 4
    editor.handle(.enter)
    editor.handle(.paste("cdef"))
    #expect(editor.text == "ab\nc")
    #expect(editor.wasCut)
  }

  @Test func visibleRowsScrollAsLittleAsNeededToShowTheCursor() {
    var editor = area("1\n2\n3\n4\n5")
    var shown = editor.visibleRows(width: 10, height: 3)
    #expect(shown.rows == ["3", "4", "5"])
    #expect(shown.cursorRow == 2)
    #expect(shown.cursorColumn == 1)
    #expect(shown.moreAbove && !shown.moreBelow)
    editor.handle(.up, width: 10)
    shown = editor.visibleRows(width: 10, height: 3)
    #expect(shown.rows == ["3", "4", "5"], "no scroll while the cursor stays in view")
    editor.handle(.up, width: 10)
    editor.handle(.up, width: 10)
    shown = editor.visibleRows(width: 10, height: 3)
    #expect(shown.rows == ["2", "3", "4"])
    #expect(shown.cursorRow == 0)
  }
}
