/// A grid of cells that widgets draw into, one per screen column and row.
///
/// The buffer knows display width: a wide grapheme fills its cell and the ``Cell/continuation(style:)``
/// cell to its right, and overwriting either half of a wide grapheme blanks the other half, so the
/// buffer never holds an orphan half. ``Terminal`` compares two buffers with ``diff(from:)``.
///
/// ```swift
/// var buffer = Buffer(size: Size(columns: 20, rows: 2))
/// buffer.setString("Name 世界", at: Position(column: 0, row: 0))
/// buffer.lines   // ["Name 世界", ""]
/// ```
public struct Buffer: Hashable, Sendable {
  /// The number of columns and rows.
  public private(set) var size: Size
  /// The cells in row-major order: `cells[row * size.columns + column]`.
  public private(set) var cells: [Cell]

  /// A buffer of the given size where every cell is `cell` (blank by default).
  public init(size: Size, filling cell: Cell = .blank) {
    let size = Size(columns: max(0, size.columns), rows: max(0, size.rows))
    self.size = size
    self.cells = Array(repeating: cell, count: size.columns * size.rows)
  }

  /// The whole buffer as a rectangle at the origin.
  public var area: Rect { Rect(size: size) }

  /// The index of a position in ``cells``, or `nil` outside the buffer.
  public func index(of position: Position) -> Int? {
    guard position.column >= 0, position.column < size.columns,
      position.row >= 0, position.row < size.rows
    else { return nil }
    return position.row * size.columns + position.column
  }

  /// The position of an index in ``cells``.
  public func position(ofIndex index: Int) -> Position {
    guard size.columns > 0 else { return Position(column: 0, row: 0) }
    return Position(column: index % size.columns, row: index / size.columns)
  }

  /// The cell at a position; reading outside the buffer gives a blank cell, writing there is ignored.
  ///
  /// Writing is width-aware like a terminal: a wide symbol also fills the continuation cell to its
  /// right (or becomes a blank when it does not fit), and either half of a wide grapheme that gets
  /// overwritten blanks the other half.
  public subscript(position: Position) -> Cell {
    get {
      guard let index = index(of: position) else { return .blank }
      return cells[index]
    }
    set {
      guard index(of: position) != nil else { return }
      if newValue.isContinuation {
        // NB: A continuation only makes sense to the right of a wide grapheme; elsewhere it
        //     would be an orphan half, so it becomes a blank.
        if let index = index(of: position), cells[index].isContinuation {
          cells[index].style = newValue.style
        } else {
          place(Cell(" ", style: newValue.style), column: position.column, row: position.row)
        }
      } else if newValue.width == 2 {
        if position.column + 1 < size.columns {
          placeWide(newValue, column: position.column, row: position.row)
        } else {
          place(Cell(" ", style: newValue.style), column: position.column, row: position.row)
        }
      } else {
        place(newValue, column: position.column, row: position.row)
      }
    }
  }

  /// Writes text from a position onward and returns how many columns it used.
  ///
  /// Graphemes of width zero (control characters, a lone combining mark) are skipped. A wide
  /// grapheme that does not fit in the remaining width is replaced by a blank and ends the write.
  /// Writing stops at `maxWidth` columns or the right edge, whichever comes first.
  ///
  /// ```swift
  /// buffer.setString("Save", at: Position(column: 2, row: 5), style: theme.button)
  /// ```
  @discardableResult
  public mutating func setString(
    _ string: String, at position: Position, style: Style = .plain, maxWidth: Int? = nil
  ) -> Int {
    guard position.row >= 0, position.row < size.rows, position.column >= 0 else { return 0 }
    let limit = min(maxWidth ?? Int.max, size.columns - position.column)
    guard limit > 0 else { return 0 }
    // NB: Labels, values and key help are nearly always ASCII: there one byte is one narrow
    //     grapheme, so no grapheme breaking and no width tables.
    let ascii = string.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
      return setASCII(bytes, at: position, style: style, limit: limit)
    }
    if let used = ascii ?? nil { return used }
    if let used = setStandalone(string, at: position, style: style, limit: limit) { return used }
    var used = 0
    for character in string {
      let width = character.displayWidth
      if width == 0 { continue }
      guard write(Glyph(character, width: width), width: width, at: position, used: &used, style: style, limit: limit)
      else { break }
    }
    return used
  }

  /// ``setString(_:at:style:maxWidth:)`` for text whose every scalar is a grapheme of its own
  /// (``DisplayWidth/ofStandalone(_:)``); `nil`, having written nothing, for any other text.
  private mutating func setStandalone(
    _ string: String, at position: Position, style: Style, limit: Int
  ) -> Int? {
    let scalars = string.unicodeScalars
    guard scalars.allSatisfy({ DisplayWidth.ofStandalone($0.value) != nil }) else { return nil }
    var used = 0
    for scalar in scalars {
      let width = DisplayWidth.ofStandalone(scalar.value) ?? 1
      guard write(Glyph(scalar, width: width), width: width, at: position, used: &used, style: style, limit: limit)
      else { break }
    }
    return used
  }

  /// ``setString(_:at:style:maxWidth:)`` for ASCII text: control characters take no column.
  private mutating func setASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, at position: Position, style: Style, limit: Int
  ) -> Int {
    var used = 0
    for byte in bytes where byte >= 0x20 && byte != 0x7F {
      guard write(Glyph(ascii: byte), width: 1, at: position, used: &used, style: style, limit: limit)
      else { break }
    }
    return used
  }

  /// Writes one grapheme of width 1 or 2 `used` columns after `position` and counts its columns;
  /// returns whether the text may go on. A wide grapheme that does not fit before `limit` is
  /// replaced by a blank and ends the text, as does reaching `limit`.
  private mutating func write(
    _ glyph: Glyph, width: Int, at position: Position, used: inout Int, style: Style, limit: Int
  ) -> Bool {
    let column = position.column + used
    if width == 2 {
      guard used + 2 <= limit else {
        place(Cell(glyph: .space, style: style), column: column, row: position.row)
        used += 1
        return false
      }
      placeWide(Cell(glyph: glyph, style: style), column: column, row: position.row)
    } else {
      place(Cell(glyph: glyph, style: style), column: column, row: position.row)
    }
    used += width
    return used < limit
  }

  /// Sets every cell inside `rect` (clipped to the buffer) to a narrow `cell`.
  public mutating func fill(_ rect: Rect, with cell: Cell) {
    let clipped = rect.intersection(area)
    guard !clipped.isEmpty else { return }
    let narrow = cell.isContinuation || cell.width == 2 ? Cell(glyph: .space, style: cell.style) : cell
    for row in clipped.top..<clipped.bottom {
      for column in clipped.left..<clipped.right {
        place(narrow, column: column, row: row)
      }
    }
  }

  /// Changes the style of every cell inside `rect`, keeping the symbols.
  public mutating func setStyle(_ rect: Rect, style: Style) {
    let clipped = rect.intersection(area)
    guard !clipped.isEmpty else { return }
    for row in clipped.top..<clipped.bottom {
      let start = row * size.columns
      for column in clipped.left..<clipped.right {
        cells[start + column].style = style
      }
    }
  }

  /// Each row as text: continuation cells skipped, trailing spaces trimmed.
  ///
  /// Tests compare these to the expected screen, so a failure reads like a screenshot.
  public var lines: [String] {
    (0..<size.rows).map { row in
      var line = rowText(row)
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// One row's symbols with continuation cells skipped and no trimming.
  func rowText(_ row: Int) -> String {
    var line = ""
    let start = row * size.columns
    for cell in cells[start..<(start + size.columns)] where !cell.isContinuation {
      if let scalar = cell.glyph.scalar {
        line.unicodeScalars.append(scalar)
      } else {
        line += cell.glyph.string
      }
    }
    return line
  }

  // MARK: - Width-aware placement

  /// Copies the given rows of `other` (of the same size) into this buffer.
  mutating func copyRows(_ rows: some Sequence<Int>, from other: Buffer) {
    guard other.size == size else {
      self = other
      return
    }
    let columns = size.columns
    other.cells.withUnsafeBufferPointer { source in
      cells.withUnsafeMutableBufferPointer { target in
        for row in rows where row >= 0 && row < size.rows {
          let start = row * columns
          for column in 0..<columns { target[start + column] = source[start + column] }
        }
      }
    }
  }

  /// Copies row `source` of `other` (of the same width) into row `row` of this buffer.
  mutating func copyRow(_ source: Int, of other: Buffer, to row: Int) {
    guard other.size.columns == size.columns, source >= 0, source < other.size.rows,
      row >= 0, row < size.rows
    else { return }
    let columns = size.columns
    for column in 0..<columns {
      cells[row * columns + column] = other.cells[source * columns + column]
    }
  }

  /// Gives this buffer cells of its own if it shares them with another buffer, copying them
  /// now rather than at whichever write comes first.
  mutating func makeCellsUnique() {
    // NB: `reserveCapacity` is documented to leave an array with unique, mutable storage.
    cells.reserveCapacity(cells.count)
  }

  /// Writes one narrow cell (or a continuation), blanking the other half of any wide grapheme it hits.
  private mutating func place(_ cell: Cell, column: Int, row: Int) {
    breakWideGrapheme(column: column, row: row)
    cells[row * size.columns + column] = cell
  }

  /// Writes a wide cell and its continuation; the caller guarantees `column + 1` is inside.
  private mutating func placeWide(_ cell: Cell, column: Int, row: Int) {
    breakWideGrapheme(column: column, row: row)
    breakWideGrapheme(column: column + 1, row: row)
    let index = row * size.columns + column
    cells[index] = cell
    cells[index + 1] = .continuation(style: cell.style)
  }

  /// Before `column` is overwritten: blanks the other half of the wide grapheme it belongs to.
  private mutating func breakWideGrapheme(column: Int, row: Int) {
    let start = row * size.columns
    let index = start + column
    if cells[index].isContinuation {
      if column > 0 && !cells[index - 1].isContinuation {
        cells[index - 1].glyph = .space
      }
    } else if column + 1 < size.columns && cells[index + 1].isContinuation {
      cells[index + 1].glyph = .space
    }
  }
}

extension Buffer: CustomDebugStringConvertible {
  /// The buffer drawn inside a frame, one line per row, like a screenshot.
  public var debugDescription: String {
    let border = String(repeating: "─", count: size.columns)
    var text = "Buffer \(size.columns)x\(size.rows)\n┌\(border)┐\n"
    for row in 0..<size.rows {
      text += "│\(rowText(row))│\n"
    }
    return text + "└\(border)┘"
  }
}
