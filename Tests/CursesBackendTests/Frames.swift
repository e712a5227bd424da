import TerminalUI

/// Screens drawn by the tests: a small form, as the app draws it.
enum Frames {
  static let label = Style(attributes: [.bold])
  static let field = Style(attributes: [.underline])
  static let focused = Style(foreground: .black, background: .cyan, attributes: [.reverse])

  /// Cells spelling `text` from `position`, one column each (ASCII only).
  static func text(
    _ text: String, at position: Position, style: Style = .plain
  ) -> [(Position, Cell)] {
    text.enumerated().map { offset, character in
      (Position(column: position.column + offset, row: position.row),
       Cell(String(character), style: style))
    }
  }

  /// A settings-like form: labels, field contents, a focused button, filling 20 rows.
  static func form(name: String = "Blob") -> [(Position, Cell)] {
    var cells: [(Position, Cell)] = []
    cells += text("Settings", at: Position(column: 2, row: 0), style: label)
    let labels = ["Display name", "Digest", "Notifications", "Email", "Mobile", "Protect posts"]
    for (row, name) in labels.enumerated() {
      cells += text(name, at: Position(column: 2, row: 2 + row * 2), style: label)
      cells += text(String(repeating: "_", count: 32), at: Position(column: 20, row: 2 + row * 2),
                    style: field)
    }
    cells += text(name, at: Position(column: 20, row: 2), style: field)
    cells += text("[ Save ]", at: Position(column: 20, row: 16), style: focused)
    cells += text("[ Cancel ]", at: Position(column: 30, row: 16))
    return cells
  }

  /// A blank buffer of `size` with `cells` drawn in.
  static func buffer(size: Size, cells: [(Position, Cell)]) -> Buffer {
    var buffer = Buffer(size: size)
    buffer.apply(cells)
    return buffer
  }
}

extension Buffer {
  /// Writes cells at their positions (test frames are ASCII: one column each).
  mutating func apply(_ cells: [(Position, Cell)]) {
    for (position, cell) in cells { self[position] = cell }
  }
}
