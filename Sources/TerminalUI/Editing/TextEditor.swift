/// The editing state of the focused text field: its text, a cursor and a horizontal scroll.
///
/// A pure value: a key goes in, the text and cursor come out, so every key is testable without a
/// terminal. The cursor counts graphemes (0 is before the first, `text.count` after the last);
/// the scroll offset counts columns, because wide characters take two. When the text changes,
/// the caller sends it to the store as an ordinary binding action.
///
/// ```swift
/// var editor = TextEditor(text: "Blob")
/// editor.handle(.backspace)          // .textChanged, text == "Blo"
/// editor.handle(.control("a"))       // .cursorMoved, cursor == 0
/// let (slice, column) = editor.visible(width: 20)
/// ```
public struct TextEditor: Hashable, Sendable {
  /// What a key did to the editor.
  public enum Outcome: Hashable, Sendable {
    /// The text changed (the cursor may have moved too): send the new text to the store.
    case textChanged
    /// Only the cursor moved: redraw, nothing to send.
    case cursorMoved
    /// An editing key that had nothing to do, such as Backspace at the start: swallow it.
    case unchanged
    /// Not an editing key (Tab, Enter, Up, ...): let the form handle it.
    case notHandled
  }

  /// The text being edited.
  public private(set) var text: String
  /// The cursor as a grapheme index, from 0 to `text.count`.
  public private(set) var cursor: Int
  /// The first column shown by ``visible(width:)``.
  public internal(set) var scrollOffset: Int = 0
  /// The most characters the text may hold; typing and pasting stop there. `nil`: no limit.
  public var maxLength: Int?
  /// Whether the last key's text did not all fit under ``maxLength`` (a paste was cut, or a
  /// character was refused), so the person can be told.
  public private(set) var wasCut = false
  /// Whether the text may hold line breaks (a text area): Enter inserts one, a paste keeps
  /// them, and Home/End, Ctrl-A, Ctrl-K and Ctrl-U work on the cursor's line.
  public var isMultiline = false
  /// Whether the text is a secret shown as bullets: the word keys then move and delete to the
  /// start or the end, as a password field's do, so they give away no space's place.
  public var hidesWords = false
  /// The first wrapped row a text area shows (``visibleRows(width:height:)``).
  public internal(set) var scrollRow = 0
  /// The column Up and Down aim for, kept while they move through shorter rows.
  var goalColumn: Int?

  /// An editor with the cursor at the end of `text`.
  public init(text: String = "") {
    self.text = text
    self.cursor = Self.characterCount(of: text)
  }

  /// Replaces the text when the store changed the value from outside; the cursor stays where it
  /// was, clamped to the new text.
  public mutating func replaceText(_ newText: String) {
    guard newText != text else { return }
    text = newText
    cursor = min(cursor, Self.characterCount(of: newText))
  }

  /// Moves the cursor to a grapheme index, clamped to the text.
  public mutating func moveCursor(to index: Int) {
    cursor = min(max(0, index), Self.characterCount(of: text))
  }

  /// Applies one key and says what it did.
  ///
  /// Printable characters and pastes insert at the cursor; Backspace, Delete and Ctrl-D delete one
  /// grapheme; Left/Right, Ctrl-B/F, Home/End and Ctrl-A/E move; Ctrl-K kills to the end, Ctrl-U
  /// to the start, Ctrl-W and Alt-Backspace the previous word, Alt-D the next one; Alt-B and
  /// Alt-F move by words, as in readline, and so do Alt-Left and Alt-Right (what Ctrl-Left and
  /// Ctrl-Right arrive as). Anything else is ``Outcome/notHandled``.
  ///
  /// In a multi-line editor (``isMultiline``), Enter inserts a line break and a paste keeps its
  /// line breaks; Up and Down move by wrapped rows in ``handle(_:width:)``.
  @discardableResult
  public mutating func handle(_ key: Key) -> Outcome {
    wasCut = false
    switch key {
    case .up, .down, .control("p"), .control("n"): break
    default: goalColumn = nil
    }
    switch key {
    case .character(let character):
      guard TextSanitizer.isPrintable(character) else { return .notHandled }
      return insert(String(character))
    case .paste(let pasted):
      return insert(isMultiline ? TextSanitizer.multiLine(pasted) : TextSanitizer.singleLine(pasted))
    case .enter where isMultiline:
      return insert("\n")
    case .home where isMultiline, .control("a") where isMultiline:
      return move(to: lineStart())
    case .end where isMultiline:
      return move(to: lineEnd())
    case .control("k") where isMultiline:
      // NB: At the end of a line, Ctrl-K joins the next one, as in Emacs.
      let end = lineEnd()
      return delete(from: cursor, to: end == cursor ? end + 1 : end)
    case .control("u") where isMultiline:
      return delete(from: lineStart(), to: cursor)
    case .backspace, .control("h"):
      return delete(from: cursor - 1, to: cursor)
    case .delete, .control("d"):
      return delete(from: cursor, to: cursor + 1)
    case .left, .control("b"):
      return move(to: cursor - 1)
    case .right, .control("f"):
      return move(to: cursor + 1)
    case .home, .control("a"):
      return move(to: 0)
    case .end, .control("e"):
      return move(to: Self.characterCount(of: text))
    case .control("k"):
      return delete(from: cursor, to: Self.characterCount(of: text))
    case .control("u"):
      return delete(from: 0, to: cursor)
    case .control("w"), .alt(.backspace):
      return delete(from: hidesWords ? 0 : startOfPreviousWord(), to: cursor)
    case .alt(.character("b")), .alt(.left):
      return move(to: hidesWords ? 0 : startOfPreviousWord())
    case .alt(.character("f")), .alt(.right):
      return move(to: hidesWords ? Self.characterCount(of: text) : endOfNextWord())
    case .alt(.character("d")):
      return delete(from: cursor, to: hidesWords ? Self.characterCount(of: text) : endOfNextWord())
    default:
      return .notHandled
    }
  }

  // MARK: - Edits

  private mutating func insert(_ inserted: String) -> Outcome {
    var inserted = inserted
    if let maxLength, Self.characterCount(of: text) + Self.characterCount(of: inserted) > maxLength {
      // NB: Counted as the text would be: a combining accent, a skin tone or a flag's second
      //     half joins the character before it and takes no room of its own.
      func fits(_ count: Int) -> Bool { characters(inserting: inserted.prefix(count)) <= maxLength }
      if !fits(inserted.count) {
        var (low, high) = (0, inserted.count)  // fits(low), not fits(high)
        while high - low > 1 {
          let middle = (low + high) / 2
          if fits(middle) { low = middle } else { high = middle }
        }
        inserted = String(inserted.prefix(low))
        wasCut = true
      }
    }
    guard !inserted.isEmpty else { return .unchanged }
    // NB: Typing printable ASCII at the end of printable ASCII, the usual case: each byte is a
    //     grapheme, so no grapheme breaking is needed to place the cursor.
    if Self.isPrintableASCII(text), cursor == text.utf8.count, Self.isPrintableASCII(inserted) {
      text.append(inserted)
      cursor = text.utf8.count
      return .textChanged
    }
    let split = index(at: cursor)
    let prefix = String(text[..<split]) + inserted
    text = prefix + text[split...]
    // NB: A combining mark merges with the grapheme before it, so count the new prefix rather
    //     than adding `inserted.count`.
    cursor = min(prefix.count, text.count)
    return .textChanged
  }

  /// How many characters the text would have with `inserted` at the cursor.
  private func characters(inserting inserted: Substring) -> Int {
    let split = index(at: cursor)
    return (text[..<split] + inserted + text[split...]).count
  }

  private mutating func delete(from start: Int, to end: Int) -> Outcome {
    let lower = max(0, start)
    let upper = min(Self.characterCount(of: text), end)
    guard lower < upper else { return .unchanged }
    text.removeSubrange(index(at: lower)..<index(at: upper))
    cursor = lower
    return .textChanged
  }

  private mutating func move(to target: Int) -> Outcome {
    let clamped = min(max(0, target), Self.characterCount(of: text))
    guard clamped != cursor else { return .unchanged }
    cursor = clamped
    return .cursorMoved
  }

  /// The start of the cursor's line (after the line break before it).
  private func lineStart() -> Int {
    var position = cursor
    for character in text[..<index(at: cursor)].reversed() {
      if character == "\n" { break }
      position -= 1
    }
    return position
  }

  /// The end of the cursor's line (before its line break).
  private func lineEnd() -> Int {
    var position = cursor
    for character in text[index(at: cursor)...] {
      if character == "\n" { break }
      position += 1
    }
    return position
  }

  /// Where Ctrl-W starts deleting: back over spaces before the cursor, then over the word.
  private func startOfPreviousWord() -> Int {
    var position = cursor
    var characters = text[..<index(at: cursor)].reversed().makeIterator()
    var inWord = false
    while let character = characters.next() {
      if character.isWhitespace {
        if inWord { break }
      } else {
        inWord = true
      }
      position -= 1
    }
    return position
  }

  /// Where Alt-F stops and Alt-D deletes to: forward over spaces after the cursor, then over
  /// the word.
  private func endOfNextWord() -> Int {
    var position = cursor
    var inWord = false
    for character in text[index(at: cursor)...] {
      if character.isWhitespace {
        if inWord { break }
      } else {
        inWord = true
      }
      position += 1
    }
    return position
  }

  func index(at offset: Int) -> String.Index {
    text.index(text.startIndex, offsetBy: min(max(0, offset), Self.characterCount(of: text)))
  }

  /// Whether every byte is a printable ASCII character (space to tilde): then each byte is one
  /// grapheme one column wide.
  static func isPrintableASCII(_ text: String) -> Bool {
    // NB: Over the bytes in place, not through the view's iterator: this runs on the field's
    //     whole text a few times per keystroke (BENCHMARKS.md, "Per keystroke").
    let printable = text.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.allSatisfy { (0x20...0x7E).contains($0) }
    }
    if let printable { return printable }
    for byte in text.utf8 where byte < 0x20 || byte > 0x7E { return false }
    return true
  }

  /// The number of graphemes; for printable ASCII, the byte count, without grapheme breaking.
  static func characterCount(of text: String) -> Int {
    isPrintableASCII(text) ? text.utf8.count : text.count
  }
}
