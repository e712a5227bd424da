/// A rectangle of cells on the screen: where a widget may draw.
///
/// Negative sizes are clamped to zero, so arithmetic that runs out of room yields an empty
/// rectangle instead of a crash.
///
/// ```swift
/// let screen = Rect(x: 0, y: 0, width: 80, height: 24)
/// let body = screen.inset(horizontal: 2, vertical: 1)   // x: 2, y: 1, 76 x 22
/// for line in body.rows { ... }                        // 22 rectangles of height 1
/// ```
public struct Rect: Hashable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// A rectangle with its top-left corner at `origin`.
  public init(origin: Position = Position(column: 0, row: 0), size: Size) {
    self.init(x: origin.column, y: origin.row, width: size.columns, height: size.rows)
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The first column inside the rectangle.
  public var left: Int { x }
  /// The first column past the right edge.
  public var right: Int { x + width }
  /// The first row inside the rectangle.
  public var top: Int { y }
  /// The first row past the bottom edge.
  public var bottom: Int { y + height }
  /// The top-left corner.
  public var origin: Position { Position(column: x, row: y) }
  /// The width and height as a ``Size``.
  public var size: Size { Size(columns: width, rows: height) }
  /// The number of cells inside.
  public var area: Int { width * height }
  /// Whether the rectangle holds no cells.
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// Whether a position lies inside the rectangle.
  public func contains(_ position: Position) -> Bool {
    position.column >= left && position.column < right
      && position.row >= top && position.row < bottom
  }

  /// The cells both rectangles cover; empty (at the overlap's corner) when they do not meet.
  public func intersection(_ other: Rect) -> Rect {
    let newLeft = max(left, other.left)
    let newTop = max(top, other.top)
    let newRight = min(right, other.right)
    let newBottom = min(bottom, other.bottom)
    return Rect(x: newLeft, y: newTop, width: newRight - newLeft, height: newBottom - newTop)
  }

  /// The rectangle shrunk by the given margins on each side (never below zero size).
  public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
    let width = max(0, self.width - left - right)
    let height = max(0, self.height - top - bottom)
    return Rect(x: x + min(left, self.width), y: y + min(top, self.height), width: width, height: height)
  }

  /// The rectangle shrunk by `horizontal` columns left and right and `vertical` rows top and bottom.
  public func inset(horizontal: Int = 0, vertical: Int = 0) -> Rect {
    inset(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
  }

  /// The row at `index` (counted from the top) as a rectangle of height 1, empty when out of range.
  public func row(_ index: Int) -> Rect {
    guard index >= 0 && index < height else { return Rect(x: x, y: y + max(0, index), width: width, height: 0) }
    return Rect(x: x, y: y + index, width: width, height: 1)
  }

  /// Every row from top to bottom, each a rectangle of height 1.
  public var rows: [Rect] {
    (0..<height).map { Rect(x: x, y: y + $0, width: width, height: 1) }
  }

  /// Splits off the first `count` columns: the left part and the rest.
  public func splitColumns(at count: Int) -> (left: Rect, right: Rect) {
    let leftWidth = min(max(0, count), width)
    return (
      Rect(x: x, y: y, width: leftWidth, height: height),
      Rect(x: x + leftWidth, y: y, width: width - leftWidth, height: height)
    )
  }

  /// Splits off the first `count` rows: the top part and the rest.
  public func splitRows(at count: Int) -> (top: Rect, bottom: Rect) {
    let topHeight = min(max(0, count), height)
    return (
      Rect(x: x, y: y, width: width, height: topHeight),
      Rect(x: x, y: y + topHeight, width: width, height: height - topHeight)
    )
  }
}
