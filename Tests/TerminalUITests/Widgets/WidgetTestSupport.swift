@testable import TerminalUI

/// Renders a widget at the top-left of a blank buffer and returns the buffer.
func rendered(_ widget: some Widget, columns: Int = 30, rows: Int = 1, in area: Rect? = nil) -> Buffer {
  var buffer = Buffer(size: Size(columns: columns, rows: rows))
  widget.render(in: area ?? buffer.area, buffer: &buffer)
  return buffer
}

extension Buffer {
  /// The style of the cell at a column of a row.
  func style(column: Int, row: Int = 0) -> Style {
    self[Position(column: column, row: row)].style
  }
}
