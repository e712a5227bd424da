/// A column and row on the screen, counted from the top-left corner at (0, 0).
public struct Position: Hashable, Sendable {
  public var column: Int
  public var row: Int
  public init(column: Int, row: Int) {
    self.column = column
    self.row = row
  }
}

/// A screen size in columns and rows.
public struct Size: Hashable, Sendable {
  public var columns: Int
  public var rows: Int
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}
