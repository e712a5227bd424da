extension Buffer {
  /// The cells that differ from `previous`, in row-major order, ready for ``Backend/draw(_:)``.
  ///
  /// Continuation cells are never returned: the wide grapheme to their left draws them. When a
  /// wide grapheme of the previous frame gives way to a narrow one, the column it covered is
  /// returned too, because the terminal erased it. Buffers of different sizes differ everywhere.
  ///
  /// ```swift
  /// let changes = next.diff(from: previous)   // [(Position, Cell)]
  /// ```
  public func diff(from previous: Buffer) -> [(Position, Cell)] {
    guard previous.size == size else {
      return cells.indices.compactMap { index in
        cells[index].isContinuation ? nil : (position(ofIndex: index), cells[index])
      }
    }
    return diff(from: previous, rows: 0..<size.rows)
  }

  /// Like ``diff(from:)`` for the given rows only (ascending), when the caller knows the others
  /// are equal: a typed key compares one row of 80 cells instead of all 1,920. Buffers of
  /// different sizes are compared whole, as by ``diff(from:)``.
  public func diff(from previous: Buffer, rows: some Sequence<Int>) -> [(Position, Cell)] {
    guard previous.size == size else { return diff(from: previous) }
    let columns = size.columns
    var changes: [(Position, Cell)] = []
    cells.withUnsafeBufferPointer { cells in
      previous.cells.withUnsafeBufferPointer { previousCells in
        for row in rows where row >= 0 && row < size.rows {
          let start = row * columns
          // NB: Most rows are unchanged: cells compare as integers, so skip those rows whole.
          if cells[start..<(start + columns)].elementsEqual(previousCells[start..<(start + columns)]) {
            continue
          }
          // Columns still covered by the wide grapheme just emitted (skip them), and columns
          // whose previous content was part of a wider grapheme (repaint them even if equal).
          var coveredByCurrent = 0
          var invalidated = 0
          for column in 0..<columns {
            let current = cells[start + column]
            let old = previousCells[start + column]
            if coveredByCurrent == 0, invalidated == 0, current == old { continue }
            if coveredByCurrent == 0 && !current.isContinuation && (current != old || invalidated > 0) {
              changes.append((Position(column: column, row: row), current))
            }
            let currentWidth = current.width
            let oldWidth = old.width
            coveredByCurrent = max(0, max(currentWidth, coveredByCurrent) - 1)
            invalidated = max(0, max(currentWidth, oldWidth, invalidated) - 1)
          }
        }
      }
    }
    return changes
  }
}
