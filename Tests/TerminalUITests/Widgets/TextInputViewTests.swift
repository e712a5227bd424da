import Testing

@testable import TerminalUI

@Suite struct TextInputViewTests {
  private let area = Rect(x: 2, y: 0, width: 10, height: 1)

  @Test func unfocusedShowsTheValueAsTextAndTheRestAsAFillInLine() {
    let buffer = rendered(TextInputView(value: "Blob"), columns: 14, in: area)
    #expect(buffer.lines == ["  Blob"])
    #expect(buffer.style(column: 2) == Theme.color.text)
    #expect(buffer.style(column: 11) == Theme.color.field)
    #expect(buffer.style(column: 12) == .plain)
  }

  @Test func emptyUnfocusedShowsThePlaceholderDimmed() {
    let buffer = rendered(TextInputView(value: "", placeholder: "you@x.io"), columns: 14, in: area)
    #expect(buffer.lines == ["  you@x.io"])
    #expect(buffer.style(column: 2) == Theme.color.placeholder)
  }

  @Test func longUnfocusedValueIsTruncated() {
    let buffer = rendered(TextInputView(value: "ada.lovelace@example.com"), columns: 14, in: area)
    #expect(buffer.lines == ["  ada.lovel…"])
  }

  @Test func secureEntryShowsBullets() {
    let buffer = rendered(TextInputView(value: "hunter2", isSecure: true), columns: 14, in: area)
    #expect(buffer.lines == ["  •••••••"])
  }

  @Test func disabledIsDimmed() {
    let buffer = rendered(TextInputView(value: "Blob", isDisabled: true), columns: 14, in: area)
    #expect(buffer.style(column: 2) == Theme.color.disabled)
  }

  @Test func focusedShowsTheEditorAndReturnsTheCursor() {
    var buffer = Buffer(size: Size(columns: 14, rows: 1))
    var editor = TextEditor(text: "Blob")
    let cursor = TextInputView(value: "Blob").renderFocused(in: area, buffer: &buffer, editor: &editor)
    #expect(buffer.lines == ["  Blob"])
    #expect(cursor == Position(column: 6, row: 0))
    // NB: Typed text is plain, so typing a character costs the terminal one byte.
    #expect(buffer.style(column: 2) == Style.plain)
    #expect(buffer.style(column: 11) == Theme.color.field)
  }

  /// The hint shows under the cursor until the first character: a form's first field has
  /// focus from the start, and its hint was never seen.
  @Test func focusedEmptyFieldShowsThePlaceholderUnderTheCursor() {
    var buffer = Buffer(size: Size(columns: 14, rows: 1))
    var editor = TextEditor()
    let view = TextInputView(value: "", placeholder: "you@x.io")
    let cursor = view.renderFocused(in: area, buffer: &buffer, editor: &editor)
    #expect(buffer.lines == ["  you@x.io"])
    #expect(buffer.style(column: 2) == Theme.color.placeholder)
    #expect(cursor == Position(column: 2, row: 0))
    editor = TextEditor(text: "a")
    var typed = Buffer(size: Size(columns: 14, rows: 1))
    _ = TextInputView(value: "a", placeholder: "you@x.io").renderFocused(in: area, buffer: &typed, editor: &editor)
    #expect(typed.lines == ["  a"], "gone at the first character")
  }

  @Test func focusedLongValueScrollsAndKeepsTheOffset() {
    var buffer = Buffer(size: Size(columns: 14, rows: 1))
    var editor = TextEditor(text: "ada.lovelace@example.com")
    let view = TextInputView(value: editor.text)
    let cursor = view.renderFocused(in: area, buffer: &buffer, editor: &editor)
    #expect(buffer.lines == ["  ample.com"])
    #expect(cursor == Position(column: 11, row: 0))
    #expect(editor.scrollOffset == 15)
  }

  @Test func focusedWideTextNeverSplitsACharacter() {
    var buffer = Buffer(size: Size(columns: 14, rows: 1))
    var editor = TextEditor(text: "東京都港区六本木")
    let cursor = TextInputView(value: editor.text).renderFocused(in: area, buffer: &buffer, editor: &editor)
    // 16 columns of text, cursor at column 16: the window starts at "区" (column 8), not
    // inside "港" (columns 6-7).
    #expect(buffer.lines == ["  区六本木"])
    #expect(cursor == Position(column: 10, row: 0))
  }

  /// A combining mark pasted first has no letter to sit on: it shows on a dotted circle, one
  /// column, and the cursor after it stands one column on (it showed nothing and stood still).
  @Test func focusedMarkWithNothingBeforeItShowsOnADottedCircle() {
    var buffer = Buffer(size: Size(columns: 14, rows: 1))
    var editor = TextEditor(text: "\u{301}Ada")
    editor.moveCursor(to: 1)
    let cursor = TextInputView(value: editor.text).renderFocused(in: area, buffer: &buffer, editor: &editor)
    #expect(buffer.lines == ["  \u{25CC}\u{301}Ada"])
    #expect(cursor == Position(column: 3, row: 0))
    #expect(editor.text == "\u{301}Ada", "shown, not changed")
    let unfocused = rendered(TextInputView(value: "\u{301}Ada"), columns: 14, in: area)
    #expect(unfocused.lines == ["  \u{25CC}\u{301}Ada"])
  }

  @Test func focusedSecureEntryScrollsBullets() {
    var buffer = Buffer(size: Size(columns: 8, rows: 1))
    var editor = TextEditor(text: "秘密のパスワード")
    let cursor = TextInputView(value: editor.text, isSecure: true)
      .renderFocused(in: Rect(x: 0, y: 0, width: 5, height: 1), buffer: &buffer, editor: &editor)
    #expect(buffer.lines == ["••••"])
    #expect(cursor == Position(column: 4, row: 0))
    #expect(editor.text == "秘密のパスワード")
    #expect(editor.scrollOffset == 4)
  }

  @Test func emptyAreaDrawsNothingAndHasNoCursor() {
    var buffer = Buffer(size: Size(columns: 4, rows: 1))
    var editor = TextEditor(text: "x")
    let cursor = TextInputView(value: "x")
      .renderFocused(in: Rect(x: 0, y: 0, width: 0, height: 1), buffer: &buffer, editor: &editor)
    #expect(cursor == nil)
    #expect(buffer.lines == [""])
  }
}
