import CNcurses
import TerminalUI

extension CursesBackend: Backend {
  /// Writes cells into curses' virtual screen; ``flush()`` sends only what differs from the
  /// terminal, so redrawing an unchanged cell costs nothing.
  public func draw(_ cells: [(Position, Cell)]) {
    guard !isShutDown else { return }
    for (position, cell) in cells where !cell.isContinuation {
      put(cell, at: position)
    }
  }

  /// Remembers where the cursor goes; ``flush()`` moves it there, or hides it for `nil`.
  public func setCursor(_ position: Position?) {
    cursor = position
  }

  /// Forgets what the terminal shows: the next ``flush()`` clears it and repaints everything.
  public func clear() {
    guard !isShutDown else { return }
    _ = wclear(screen.window)
  }

  /// Sends the changed cells and the cursor to the terminal in one update.
  public func flush() {
    guard !isShutDown else { return }
    if let cursor {
      // NB: With leaveok on, curses skips cursor moves after an update: cheaper while hidden.
      _ = leaveok(screen.window, false)
      _ = wmove(screen.window, Int32(cursor.row), Int32(cursor.column))
    } else {
      _ = leaveok(screen.window, true)
    }
    _ = wnoutrefresh(screen.window)
    _ = doupdate()
    setCursorVisible(cursor != nil)
  }

  private func put(_ cell: Cell, at position: Position) {
    var character = cchar_t()
    let attributes = ColorPalette.attributes(for: cell.style)
    let pair = palette.pair(for: cell.style)
    var status: Int32
    if let scalar = cell.glyph.scalar {
      // NB: Nearly every cell: one scalar, no array to build.
      var characters: (wchar_t, wchar_t) = (wchar_t(bitPattern: scalar.value), 0)
      status = withUnsafePointer(to: &characters) { pointer in
        pointer.withMemoryRebound(to: wchar_t.self, capacity: 2) { characters in
          setcchar(&character, characters, attributes, pair, nil)
        }
      }
    } else {
      var characters = cell.symbol.unicodeScalars.prefix(Int(CCHARW_MAX) - 1).map {
        wchar_t(bitPattern: $0.value)
      }
      characters.append(0)
      status = setcchar(&character, characters, attributes, pair, nil)
      if status != cn_ok() {
        // NB: A cchar_t holds one spacing character plus combining marks; a longer cluster (an
        //     emoji ZWJ sequence) is refused, so fall back to its first scalar.
        characters = [characters[0], 0]
        status = setcchar(&character, characters, attributes, pair, nil)
      }
    }
    guard status == cn_ok() else { return }
    _ = mvwadd_wch(screen.window, Int32(position.row), Int32(position.column), &character)
  }
}
