import CNcurses
import TerminalUI

extension CursesBackend: Backend {
  /// Puts changed cells into curses' virtual screen; ``flush()`` has curses send them.
  public func draw(_ cells: [(Position, Cell)]) {
    guard !isShutDown else { return }
    for (position, cell) in cells where !cell.isContinuation {
      put(cell, at: position)
    }
  }

  /// Remembers where the cursor goes; ``flush()`` moves it there, or hides it for `nil`.
  public func setCursor(_ position: Position?) {
    setCursor(position, isVisible: true)
  }

  /// Remembers where the cursor goes and whether it shows; ``flush()`` moves it there.
  public func setCursor(_ position: Position?, isVisible: Bool) {
    cursor = position
    cursorIsVisible = isVisible && position != nil
  }

  /// Forgets what the terminal shows: the next ``flush()`` clears it and repaints everything.
  public func clear() {
    guard !isShutDown else { return }
    _ = wclear(screen.window)
  }

  /// Has curses send the changed cells and place the cursor, in one update.
  public func flush() {
    guard !isShutDown else { return }
    // NB: Hidden before the update, shown after it: the cursor is never seen passing by.
    if !cursorIsVisible { setCursorVisible(false) }
    if let cursor {
      _ = leaveok(screen.window, false)
      _ = wmove(screen.window, Int32(cursor.row), Int32(cursor.column))
    } else {
      // NB: With the cursor hidden and nowhere in particular, curses need not move it back
      //     after an update.
      _ = leaveok(screen.window, true)
    }
    _ = wnoutrefresh(screen.window)
    _ = doupdate()
    if cursorIsVisible { setCursorVisible(true) }
  }

  private func put(_ cell: Cell, at position: Position) {
    let attributes = palette.attributes(for: cell.style)
    let pair = palette.pair(for: cell.style)
    let row = Int32(position.row)
    let column = Int32(position.column)
    if let scalar = cell.glyph.scalar, scalar.value >= 0x20, scalar.value < 0x7F {
      // NB: Printable ASCII looks the same in every locale and on every terminal, so it skips
      //     the fallback's string and Unicode-property work, a large share of the code a typed
      //     key touched (BENCHMARKS.md, "Per keystroke").
      _ = cn_put_character(screen.window, row, column, wchar_t(scalar.value), attributes, pair)
      return
    }
    switch GlyphFallback.output(for: cell, unicode: writesUnicode) {
    case let .alternateCharacter(letter):
      // NB: The alternate character set's letter, sent with smacs/rmacs (curses maps it through
      //     `acsc`): in a UTF-8 locale curses would send WACS_HLINE and the others as UTF-8,
      //     which a 7-bit terminal cannot show.
      _ = cn_put_character(
        screen.window, row, column, wchar_t(letter), attributes | cn_a_altcharset(), pair)
    case .horizontalLine:
      var line = cchar_t()
      guard cn_horizontal_line(&line, attributes, pair) == cn_ok() else { return }
      _ = mvwadd_wch(screen.window, row, column, &line)
    case let .text(text) where text.count > 1 && text.utf8.allSatisfy({ $0 < 0x80 }):
      // NB: A wide cell's fallback ("??"): one ASCII character per column, since a curses cell
      //     holds one spacing character.
      for (offset, scalar) in text.unicodeScalars.enumerated() {
        _ = cn_put_character(
          screen.window, row, column + Int32(offset), wchar_t(scalar.value), attributes, pair)
      }
    case let .text(text):
      var character = cchar_t()
      guard Self.makeCharacter(&character, text, attributes: attributes, pair: pair) else { return }
      _ = mvwadd_wch(screen.window, row, column, &character)
      // NB: A cluster given two columns whose first character curses counts as one (a flag's
      //     regional indicator, ⚠ with its emoji selector): curses would leave the second
      //     column as it was, and a character from an earlier frame showed there. It gets the
      //     cluster's next spacing character (the flag's other half, so the terminal can join
      //     them), or a space.
      guard cell.width == 2, let first = text.unicodeScalars.first, Self.columns(of: first) == 1 else { return }
      let next = text.unicodeScalars.dropFirst().first { Self.columns(of: $0) == 1 }
      _ = cn_put_character(screen.window, row, column + 1, wchar_t(next?.value ?? 0x20), attributes, pair)
    }
  }

  /// The columns curses gives `scalar` (the C library's `wcwidth`, in the current locale).
  private static func columns(of scalar: Unicode.Scalar) -> Int32 {
    cn_wcwidth(scalar.value)
  }

  /// Fills `character` with `text`'s first scalar and the marks that follow it (combining
  /// accents, variation selectors, a Hangul syllable's vowel and final consonant written as
  /// conjoining jamo): a `cchar_t` holds one spacing character and its zero-width ones, so an
  /// emoji ZWJ sequence keeps its first emoji. The joiner goes too: left alone it would join
  /// whatever the terminal draws next.
  private static func makeCharacter(
    _ character: inout cchar_t, _ text: String, attributes: attr_t, pair: Int16
  ) -> Bool {
    let scalars = text.unicodeScalars
    let marks = scalars.dropFirst().prefix {
      [.nonspacingMark, .spacingMark, .enclosingMark].contains($0.properties.generalCategory)
        || (0x1160...0x11FF).contains($0.value) || (0xD7B0...0xD7FF).contains($0.value)
    }
    var characters = (scalars.prefix(1) + marks.prefix(Int(CCHARW_MAX) - 2)).map {
      wchar_t(bitPattern: $0.value)
    }
    characters.append(0)
    if setcchar(&character, characters, attributes, pair, nil) == cn_ok() { return true }
    characters = [characters[0], 0]
    return setcchar(&character, characters, attributes, pair, nil) == cn_ok()
  }
}
