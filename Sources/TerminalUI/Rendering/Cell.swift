/// One terminal cell: the grapheme drawn there and its style.
///
/// A wide grapheme (CJK, most emoji) occupies two cells: the first holds the grapheme, the second
/// is a ``Cell/continuation`` cell that backends never draw. A blank cell holds a space.
public struct Cell: Hashable, Sendable {
  /// The grapheme cluster shown in this cell; empty for the continuation half of a wide one.
  public var symbol: String
  public var style: Style

  public init(_ symbol: String = " ", style: Style = .plain) {
    self.symbol = symbol
    self.style = style
  }

  /// A blank cell in the default style.
  public static let blank = Cell()

  /// The second column of a wide grapheme: drawn by its left neighbour.
  public static func continuation(style: Style = .plain) -> Cell { Cell("", style: style) }

  /// Whether this cell is the covered half of a wide grapheme.
  public var isContinuation: Bool { symbol.isEmpty }
}
