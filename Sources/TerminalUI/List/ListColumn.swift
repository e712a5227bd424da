/// One column of a ``ListLayout``: its title, how wide it is, and which side its text keeps to.
///
/// ```swift
/// ListColumn("Name", width: .flexible(minimum: 10))
/// ListColumn("Age", width: .fixed(3), alignment: .trailing)
/// ```
public struct ListColumn: Hashable, Sendable {
  /// How a column's width is decided.
  public enum Width: Hashable, Sendable {
    /// Always this many columns.
    case fixed(Int)
    /// A share of what the fixed columns leave, never less than `minimum` while the screen
    /// allows; flexible columns share equally by `weight`.
    case flexible(minimum: Int, weight: Int = 1)
  }

  /// Which side of its column a cell's text keeps to.
  public enum Alignment: Hashable, Sendable { case leading, trailing }

  public var title: String
  public var width: Width
  public var alignment: Alignment

  public init(_ title: String, width: Width, alignment: Alignment = .leading) {
    self.title = title
    self.width = width
    self.alignment = alignment
  }

  /// The gap between two columns.
  static let gap = 2

  /// Each column's width when the row is `available` columns wide: fixed columns get theirs
  /// (at least their title's), flexible ones share the rest by weight; when the row is too
  /// narrow, the last columns shrink first.
  static func widths(of columns: [ListColumn], available: Int) -> [Int] {
    guard !columns.isEmpty else { return [] }
    let usable = max(0, available - gap * (columns.count - 1))
    var widths = columns.map { column -> Int in
      switch column.width {
      case let .fixed(width): max(width, column.title.displayWidth)
      case let .flexible(minimum, _): max(minimum, column.title.displayWidth)
      }
    }
    let weights = columns.map { column -> Int in
      if case let .flexible(_, weight) = column.width { return max(1, weight) }
      return 0
    }
    let spare = usable - widths.reduce(0, +)
    let totalWeight = weights.reduce(0, +)
    if spare > 0, totalWeight > 0 {
      var given = 0
      for index in widths.indices where weights[index] > 0 {
        let share = spare * weights[index] / totalWeight
        widths[index] += share
        given += share
      }
      // NB: What the division left goes to the first flexible column.
      if let first = weights.firstIndex(where: { $0 > 0 }) { widths[first] += spare - given }
    } else if spare < 0 {
      var excess = -spare
      for index in widths.indices.reversed() where excess > 0 {
        let cut = min(excess, max(0, widths[index] - 1))
        widths[index] -= cut
        excess -= cut
      }
    }
    return widths
  }
}
