/// What one cell shows, packed in 32 bits: a grapheme and the columns it takes (0, 1 or 2).
///
/// Cells are copied, compared and cleared on every frame (1,920 of them at 80x24), so a glyph
/// holds no reference: a grapheme of one Unicode scalar (ASCII, CJK, most emoji) is stored as
/// that scalar, and a longer cluster (an emoji ZWJ sequence, a letter with combining marks) as
/// its number in a process-wide table, where each distinct cluster is stored once. Two glyphs
/// are equal exactly when they show the same grapheme.
///
/// ```swift
/// Glyph("a").width            // 1
/// Glyph("世").width           // 2
/// Glyph("👩‍💻").string        // "👩‍💻" (a cluster of three scalars)
/// Glyph.continuation.width    // 0: the right half of a wide grapheme
/// ```
public struct Glyph: Hashable, Sendable {
  // Bits: 31 cluster flag, 30 present (0 only for the continuation), 24-25 width,
  // 0-23 the scalar's value or the cluster's number.
  private let raw: UInt32

  private static let clusterFlag: UInt32 = 1 << 31
  private static let presentFlag: UInt32 = 1 << 30
  private static let widthShift: UInt32 = 24
  private static let payloadMask: UInt32 = (1 << 24) - 1

  private init(raw: UInt32) { self.raw = raw }

  private init(payload: UInt32, width: Int, isCluster: Bool) {
    let width = UInt32(min(max(width, 0), 2))
    raw = (isCluster ? Self.clusterFlag : 0) | Self.presentFlag | width << Self.widthShift
      | (payload & Self.payloadMask)
  }

  /// The right half of a wide grapheme: nothing to draw, no width of its own.
  public static let continuation = Glyph(raw: 0)

  /// A space.
  public static let space = Glyph(ascii: 0x20)

  /// A printable ASCII character (0x20 to 0x7E), one column wide.
  public init(ascii: UInt8) {
    raw = Self.presentFlag | 1 << Self.widthShift | UInt32(ascii & 0x7F)
  }

  /// A grapheme of one scalar and the columns it takes.
  public init(_ scalar: Unicode.Scalar, width: Int) {
    self.init(payload: scalar.value, width: width, isCluster: false)
  }

  /// One grapheme cluster and the columns it takes.
  public init(_ character: Character, width: Int) {
    self.init(text: String(character), width: width)
  }

  /// The text of one cell: a grapheme, or "" for the continuation of a wide one. Its width is
  /// worked out (text of several graphemes, which a cell should not hold, counts them all).
  public init(_ symbol: String) {
    if symbol.isEmpty {
      self = .continuation
    } else {
      self.init(text: symbol, width: DisplayWidth.of(symbol))
    }
  }

  /// Non-empty text: stored as its scalar when it has one, else as a cluster in the table.
  private init(text: String, width: Int) {
    let scalars = text.unicodeScalars
    if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
      self.init(payload: first.value, width: width, isCluster: false)
    } else {
      self.init(cluster: text, width: width)
    }
  }

  private init(cluster: String, width: Int) {
    guard let number = GlyphTable.number(of: cluster) else {
      // NB: Only after 16 million distinct clusters: show the replacement character.
      self.init(payload: 0xFFFD, width: 1, isCluster: false)
      return
    }
    self.init(payload: number, width: width, isCluster: true)
  }

  /// The number of columns: 1 or 2 for a grapheme (0 for a lone combining mark or control
  /// character), 0 for the continuation.
  public var width: Int { Int(raw >> Self.widthShift & 0b11) }

  /// Whether this is the right half of a wide grapheme.
  public var isContinuation: Bool { raw == 0 }

  /// The grapheme's only scalar, or `nil` for a cluster of several and for the continuation.
  public var scalar: Unicode.Scalar? {
    guard raw & Self.presentFlag != 0, raw & Self.clusterFlag == 0 else { return nil }
    return Unicode.Scalar(raw & Self.payloadMask)
  }

  /// The grapheme as text; "" for the continuation.
  public var string: String {
    if raw == 0 { return "" }
    if let scalar { return String(Character(scalar)) }
    return GlyphTable.cluster(number: raw & Self.payloadMask)
  }
}

extension Glyph: CustomStringConvertible {
  public var description: String { isContinuation ? "<continuation>" : string }
}
