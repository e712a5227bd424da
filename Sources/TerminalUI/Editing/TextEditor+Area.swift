extension TextEditor {
  /// One row of wrapped text: the graphemes it shows, as positions in the text.
  public struct WrappedRow: Hashable, Sendable {
    /// The first grapheme of the row and the one past its last (a line break is not in it).
    public var range: Range<Int>
    /// Whether the row was wrapped: the next row goes on with the same line.
    public var continues: Bool
  }

  /// The text's rows in a text area `width` columns wide, measured as the area shows them (a
  /// tab as `␉`, one column): each line wrapped at the last space that fits (the space stays
  /// at the end of its row), or, in a word longer than the row, where the row is full. Every
  /// line has at least one row, an empty one too.
  ///
  /// ```swift
  /// TextEditor.wrap(Array("one two three"), width: 8).map(\.range)   // [0..<8, 8..<13]
  /// ```
  public static func wrap(_ characters: [Character], width: Int) -> [WrappedRow] {
    let width = max(1, width)
    var rows: [WrappedRow] = []
    var lineStart = 0
    while true {
      var lineEnd = lineStart
      while lineEnd < characters.count && characters[lineEnd] != "\n" { lineEnd += 1 }
      var rowStart = lineStart
      var column = 0
      var lastSpace: Int?
      var position = lineStart
      while position < lineEnd {
        let characterWidth = characters[position].shownWidth
        if column + characterWidth > width && position > rowStart {
          let rowEnd = lastSpace.map { $0 + 1 } ?? position
          rows.append(WrappedRow(range: rowStart..<rowEnd, continues: true))
          rowStart = rowEnd
          column = characters[rowStart..<position].reduce(0) { $0 + $1.shownWidth }
          lastSpace = nil
          continue
        }
        if characters[position] == " " { lastSpace = position }
        column += characterWidth
        position += 1
      }
      rows.append(WrappedRow(range: rowStart..<lineEnd, continues: false))
      guard lineEnd < characters.count else { return rows }
      lineStart = lineEnd + 1
    }
  }

  /// The row of `rows` the cursor is on: at a wrap, the start of the next row.
  static func row(of cursor: Int, in rows: [WrappedRow]) -> Int {
    var low = 0
    var high = rows.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if rows[middle].range.lowerBound <= cursor { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The rows of a text area `width` by `height` to draw, scrolled as little as needed to show
  /// the cursor, and the cursor's place among them.
  ///
  /// ```swift
  /// var editor = TextEditor(text: "Dear Ada,\nthanks")
  /// editor.isMultiline = true
  /// let area = editor.visibleRows(width: 20, height: 3)   // rows ["Dear Ada,", "thanks"], cursor row 1, column 6
  /// ```
  public mutating func visibleRows(width: Int, height: Int) -> VisibleArea {
    let characters = Array(text)
    let rows = Self.wrap(characters, width: width)
    let cursorRow = Self.row(of: cursor, in: rows)
    let height = max(1, height)
    var first = min(scrollRow, max(0, rows.count - height))
    if cursorRow < first { first = cursorRow }
    if cursorRow >= first + height { first = cursorRow - height + 1 }
    scrollRow = first
    let shown = rows[first..<min(rows.count, first + height)].map { String(characters[$0.range]) }
    let column = characters[rows[cursorRow].range.lowerBound..<cursor].reduce(0) { $0 + $1.shownWidth }
    return VisibleArea(
      // NB: After a row filled to its end the cursor is at `width`, in the gap a text area
      //     keeps beside its text, not over the row's last character.
      rows: shown, cursorRow: cursorRow - first, cursorColumn: min(column, width),
      moreAbove: first > 0, moreBelow: first + height < rows.count)
  }

  /// What ``visibleRows(width:height:)`` shows.
  public struct VisibleArea: Hashable, Sendable {
    public var rows: [String]
    /// The cursor's row among ``rows`` and its column: `width` after a row filled to its end.
    public var cursorRow: Int
    public var cursorColumn: Int
    /// Whether rows are hidden above or below.
    public var moreAbove: Bool
    public var moreBelow: Bool
  }

  /// Applies one key in a text area `width` columns wide: Up and Down (and Ctrl-P, Ctrl-N) move
  /// by wrapped rows, keeping the column they started from; every other key as
  /// ``handle(_:)``.
  @discardableResult
  public mutating func handle(_ key: Key, width: Int) -> Outcome {
    switch key {
    case .up, .control("p"): return moveVertically(by: -1, width: width)
    case .down, .control("n"): return moveVertically(by: 1, width: width)
    default: return handle(key)
    }
  }

  private mutating func moveVertically(by step: Int, width: Int) -> Outcome {
    let characters = Array(text)
    let rows = Self.wrap(characters, width: width)
    let current = Self.row(of: cursor, in: rows)
    let goal = goalColumn
      ?? characters[rows[current].range.lowerBound..<cursor].reduce(0) { $0 + $1.shownWidth }
    goalColumn = goal
    let target = current + step
    guard rows.indices.contains(target) else { return .unchanged }
    let row = rows[target]
    var position = row.range.lowerBound
    var column = 0
    // NB: A wrapped row's end is the next row's start: stop before it, on this row.
    let last = row.continues ? max(row.range.lowerBound, row.range.upperBound - 1) : row.range.upperBound
    while position < last {
      let characterWidth = characters[position].shownWidth
      if column + characterWidth > goal { break }
      column += characterWidth
      position += 1
    }
    moveCursor(to: position)
    return .cursorMoved
  }
}
