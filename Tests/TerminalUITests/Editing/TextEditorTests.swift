import Testing

@testable import TerminalUI

@Suite struct TextEditorTests {
  private func editor(_ text: String, cursor: Int? = nil) -> TextEditor {
    var editor = TextEditor(text: text)
    if let cursor { editor.moveCursor(to: cursor) }
    return editor
  }

  @Test func initPlacesTheCursorAtTheEnd() {
    let editor = TextEditor(text: "Blob")
    #expect(editor.text == "Blob")
    #expect(editor.cursor == 4)
    #expect(editor.scrollOffset == 0)
    #expect(TextEditor().cursor == 0)
  }

  @Test func typingInsertsAtTheCursor() {
    var editor = editor("Bob", cursor: 2)
    #expect(editor.handle(.character("l")) == .textChanged)
    #expect(editor.text == "Bolb")
    #expect(editor.cursor == 3)
    #expect(editor.handle(.character(" ")) == .textChanged)
    #expect(editor.text == "Bol b")
  }

  @Test func typingWideAndCombiningCharacters() {
    var editor = editor("")
    editor.handle(.character("世"))
    editor.handle(.character("e"))
    editor.handle(.character("\u{301}"))
    #expect(editor.text == "世é")
    #expect(editor.cursor == 2)
  }

  @Test func controlCharactersAreNotTyped() {
    var editor = editor("a")
    #expect(editor.handle(.character("\u{1B}")) == .notHandled)
    #expect(editor.handle(.character("\n")) == .notHandled)
    #expect(editor.text == "a")
  }

  @Test func pasteIsOneEditWithLineBreaksAsSpacesAndControlsDropped() {
    var editor = editor("[]", cursor: 1)
    #expect(editor.handle(.paste("Ada\nLovelace\r\nthe\tfirst\u{7}\u{1B}")) == .textChanged)
    #expect(editor.text == "[Ada Lovelace the first]")
    #expect(editor.cursor == 23)
    #expect(editor.handle(.paste("\u{7}")) == .unchanged)
    #expect(editor.handle(.paste("")) == .unchanged)
  }

  @Test func backspaceDeletesTheGraphemeBeforeTheCursor() {
    var editor = editor("a世👍🏿b", cursor: 3)
    #expect(editor.handle(.backspace) == .textChanged)
    #expect(editor.text == "a世b")
    #expect(editor.cursor == 2)
    editor.moveCursor(to: 0)
    #expect(editor.handle(.backspace) == .unchanged)
    #expect(editor.text == "a世b")
  }

  @Test func deleteAndCtrlDDeleteTheGraphemeAtTheCursor() {
    var editor = editor("ab世c", cursor: 1)
    #expect(editor.handle(.delete) == .textChanged)
    #expect(editor.text == "a世c")
    #expect(editor.handle(.control("d")) == .textChanged)
    #expect(editor.text == "ac")
    #expect(editor.cursor == 1)
    editor.moveCursor(to: 2)
    #expect(editor.handle(.delete) == .unchanged)
  }

  @Test func leftRightAndCtrlBF() {
    var editor = editor("ab")
    #expect(editor.handle(.left) == .cursorMoved)
    #expect(editor.cursor == 1)
    #expect(editor.handle(.control("b")) == .cursorMoved)
    #expect(editor.cursor == 0)
    #expect(editor.handle(.left) == .unchanged)
    #expect(editor.handle(.right) == .cursorMoved)
    #expect(editor.handle(.control("f")) == .cursorMoved)
    #expect(editor.cursor == 2)
    #expect(editor.handle(.right) == .unchanged)
  }

  @Test func homeEndAndCtrlAE() {
    var editor = editor("hello", cursor: 2)
    #expect(editor.handle(.home) == .cursorMoved)
    #expect(editor.cursor == 0)
    #expect(editor.handle(.end) == .cursorMoved)
    #expect(editor.cursor == 5)
    #expect(editor.handle(.control("a")) == .cursorMoved)
    #expect(editor.cursor == 0)
    #expect(editor.handle(.control("e")) == .cursorMoved)
    #expect(editor.cursor == 5)
    #expect(editor.handle(.end) == .unchanged)
  }

  @Test func ctrlKKillsToTheEnd() {
    var editor = editor("hello world", cursor: 5)
    #expect(editor.handle(.control("k")) == .textChanged)
    #expect(editor.text == "hello")
    #expect(editor.cursor == 5)
    #expect(editor.handle(.control("k")) == .unchanged)
  }

  @Test func ctrlUKillsToTheStart() {
    var editor = editor("hello world", cursor: 6)
    #expect(editor.handle(.control("u")) == .textChanged)
    #expect(editor.text == "world")
    #expect(editor.cursor == 0)
    #expect(editor.handle(.control("u")) == .unchanged)
  }

  @Test func ctrlWDeletesThePreviousWordSkippingTrailingSpacesFirst() {
    var editor = editor("send to  ada@x.io  ")
    #expect(editor.handle(.control("w")) == .textChanged)
    #expect(editor.text == "send to  ")
    #expect(editor.handle(.control("w")) == .textChanged)
    #expect(editor.text == "send ")
    #expect(editor.handle(.control("w")) == .textChanged)
    #expect(editor.text == "")
    #expect(editor.handle(.control("w")) == .unchanged)
  }

  @Test func ctrlWInTheMiddleKeepsTheRest() {
    var editor = editor("one two three", cursor: 7)
    editor.handle(.control("w"))
    #expect(editor.text == "one  three")
    #expect(editor.cursor == 4)
  }

  /// Alt-B and Alt-F, and Ctrl- or Alt-Left and Right (`.alt(.left)`, `.alt(.right)`).
  @Test(arguments: [
    (Key.alt(.character("b")), Key.alt(.character("f"))), (Key.alt(.left), Key.alt(.right)),
  ])
  func altBAndAltFMoveByWordsAsInReadline(back: Key, forward: Key) {
    var editor = editor("send to  ada@x.io", cursor: 17)
    #expect(editor.handle(back) == .cursorMoved)
    #expect(editor.cursor == 9)
    #expect(editor.handle(back) == .cursorMoved)
    #expect(editor.cursor == 5)
    #expect(editor.handle(back) == .cursorMoved)
    #expect(editor.cursor == 0)
    #expect(editor.handle(back) == .unchanged)
    #expect(editor.handle(forward) == .cursorMoved)
    #expect(editor.cursor == 4)
    #expect(editor.handle(forward) == .cursorMoved)
    #expect(editor.cursor == 7, "over the space, then to the end of `to`")
    #expect(editor.handle(forward) == .cursorMoved)
    #expect(editor.cursor == 17)
    #expect(editor.handle(forward) == .unchanged)
  }

  @Test func altDDeletesTheNextWordAndAltBackspaceThePreviousOne() {
    var editor = editor("one two three", cursor: 3)
    #expect(editor.handle(.alt(.character("d"))) == .textChanged)
    #expect(editor.text == "one three")
    #expect(editor.cursor == 3)
    #expect(editor.handle(.alt(.backspace)) == .textChanged)
    #expect(editor.text == " three")
    #expect(editor.cursor == 0)
    #expect(editor.handle(.alt(.character("x"))) == .notHandled, "other Alt keys are no edit")
    #expect(editor.text == " three")
  }

  /// In a secret shown as bullets, the word keys go to the start or the end, as a password
  /// field's do: stopping at a word would show where its spaces are.
  @Test func wordKeysInASecretGoToTheStartOrTheEnd() {
    var secret = editor("word two", cursor: 8)
    secret.hidesWords = true
    #expect(secret.handle(.alt(.character("b"))) == .cursorMoved)
    #expect(secret.cursor == 0)
    #expect(secret.handle(.alt(.right)) == .cursorMoved)
    #expect(secret.cursor == 8)
    #expect(secret.handle(.control("w")) == .textChanged)
    #expect(secret.text == "")
    secret = editor("word two", cursor: 2)
    secret.hidesWords = true
    #expect(secret.handle(.alt(.character("d"))) == .textChanged)
    #expect(secret.text == "wo")
  }

  @Test func formKeysAreNotHandled() {
    var editor = editor("x")
    for key: Key in [.tab, .backTab, .enter, .escape, .up, .down, .pageUp, .resize, .control("c"), .unknown(7)] {
      #expect(editor.handle(key) == .notHandled, "\(key)")
    }
    #expect(editor.text == "x")
  }

  @Test func replaceTextClampsTheCursor() {
    var editor = editor("hello world")
    editor.replaceText("hi")
    #expect(editor.text == "hi")
    #expect(editor.cursor == 2)
    editor.moveCursor(to: 1)
    editor.replaceText("hey")
    #expect(editor.cursor == 1)
    editor.moveCursor(to: 99)
    #expect(editor.cursor == 3)
    editor.moveCursor(to: -4)
    #expect(editor.cursor == 0)
  }

  @Test func typingAtTheEndCountsBytesForASCIIAndGraphemesOtherwise() {
    var editor = TextEditor(text: "Ada")
    #expect(editor.handle(.character("!")) == .textChanged)
    #expect(editor.text == "Ada!")
    #expect(editor.cursor == 4)
    #expect(editor.handle(.character("é")) == .textChanged)
    #expect(editor.cursor == 5)
    #expect(editor.handle(.character("\u{301}")) == .textChanged, "a combining acute accent")
    #expect(editor.text == "Ada!é\u{301}")
    #expect(editor.cursor == 5, "the mark merges with the grapheme before it")
    #expect(editor.handle(.character("x")) == .textChanged)
    #expect(editor.cursor == 6)
  }
}

@Suite struct TextEditorLimitTests {
  @Test func typingStopsAtTheLimitAndSaysSo() {
    var editor = TextEditor(text: "abc")
    editor.maxLength = 4
    #expect(editor.handle(.character("d")) == .textChanged)
    #expect(!editor.wasCut)
    #expect(editor.handle(.character("e")) == .unchanged)
    #expect(editor.wasCut)
    #expect(editor.text == "abcd")
    #expect(editor.handle(.backspace) == .textChanged)
    #expect(!editor.wasCut, "the next key starts afresh")
  }

  @Test func aPasteThatDoesNotFitIsCutAtTheCursor() {
    var editor = TextEditor(text: "ab")
    editor.maxLength = 5
    editor.moveCursor(to: 1)
    #expect(editor.handle(.paste("XYZW")) == .textChanged)
    #expect(editor.text == "aXYZb")
    #expect(editor.cursor == 4)
    #expect(editor.wasCut)
  }

  /// At the limit, what joins the last character takes no room: an accent typed after its
  /// letter, a skin tone after its emoji, a flag's second half.
  @Test func whatJoinsTheLastCharacterIsTakenAtTheLimit() {
    for (typed, whole) in [("e\u{301}", "ae\u{301}"), ("👍🏽", "a👍🏽"), ("🇫🇷", "a🇫🇷")] {
      var editor = TextEditor(text: "a")
      editor.maxLength = 2
      for scalar in typed.unicodeScalars { _ = editor.handle(.character(Character(scalar))) }
      #expect(editor.text == whole, "\(typed.unicodeScalars.map(\.value))")
      #expect(!editor.wasCut)
      #expect(editor.handle(.character("x")) == .unchanged)
    }
    var editor = TextEditor(text: "ab")
    editor.maxLength = 3
    #expect(editor.handle(.paste("c\u{301}de")) == .textChanged)
    #expect(editor.text == "abc\u{301}")
    #expect(editor.wasCut)
  }
}
