import TerminalUI

extension CursesBackend: Backend {
  /// Encodes changed cells for the terminal; ``flush()`` sends them. Cells arrive from
  /// ``TerminalUI/Terminal``'s diff, so each one is written: there is no second diff here.
  public func draw(_ cells: [(Position, Cell)]) {
    guard !isShutDown else { return }
    writer.size = size
    for (position, cell) in cells where !cell.isContinuation {
      writer.put(cell, at: position)
    }
  }

  /// Remembers where the cursor goes; ``flush()`` moves it there, or hides it for `nil`.
  public func setCursor(_ position: Position?) {
    cursor = position
  }

  /// Clears the terminal now (through curses); cells drawn afterwards go onto a blank screen.
  public func clear() {
    guard !isShutDown else { return }
    clearWithCurses()
  }

  /// Places the cursor and sends the frame in one `write`.
  public func flush() {
    guard !isShutDown else { return }
    writer.placeCursor(cursor)
    writeOutput()
  }
}
