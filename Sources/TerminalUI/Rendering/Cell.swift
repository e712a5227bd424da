/// One terminal cell: the grapheme drawn there and its style.
///
/// A wide grapheme (CJK, most emoji) occupies two cells: the first holds the grapheme, the second
/// is a ``Cell/continuation(style:)`` cell that backends never draw. A blank cell holds a space.
/// A cell holds no reference (see ``Glyph``), so frames are copied and compared like numbers.
public struct Cell: Hashable, Sendable {
  /// The grapheme shown in this cell and its width.
  public var glyph: Glyph
  // NB: The style packed in 32 bits: a cell is two words with no padding, so comparing two
  //     cells is comparing two integers.
  private var styleBits: UInt32

  /// How the cell looks.
  public var style: Style {
    get { Style(packed: styleBits) }
    set { styleBits = newValue.packed }
  }

  /// A cell showing `symbol`, one grapheme cluster ("" for the continuation of a wide one).
  public init(_ symbol: String = " ", style: Style = .plain) {
    self.glyph = symbol == " " ? .space : Glyph(symbol)
    self.styleBits = style.packed
  }

  public init(glyph: Glyph, style: Style = .plain) {
    self.glyph = glyph
    self.styleBits = style.packed
  }

  /// A blank cell in the default style.
  public static let blank = Cell(glyph: .space)

  /// The second column of a wide grapheme: drawn by its left neighbour.
  public static func continuation(style: Style = .plain) -> Cell {
    Cell(glyph: .continuation, style: style)
  }

  /// The grapheme cluster shown in this cell; empty for the continuation half of a wide one.
  public var symbol: String {
    get { glyph.string }
    set { glyph = Glyph(newValue) }
  }

  /// The number of columns the grapheme takes (0 for a continuation).
  public var width: Int { glyph.width }

  /// Whether this cell is the covered half of a wide grapheme.
  public var isContinuation: Bool { glyph.isContinuation }
}

extension Cell: CustomDebugStringConvertible {
  public var debugDescription: String { "Cell(\(glyph.description.debugDescription), \(style))" }
}
