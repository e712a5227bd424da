/// How a cell looks: a foreground and background colour plus text attributes.
///
/// Colours are the eight ANSI colours or the terminal's default. A backend that cannot show
/// colour (a monochrome terminal, `NO_COLOR`, `--no-color`) keeps the attributes and drops colours,
/// so every style must stay readable from its attributes alone.
///
/// ```swift
/// let focused = Style(foreground: .black, background: .cyan, attributes: [.bold])
/// ```
public struct Style: Hashable, Sendable {
  /// One of the eight ANSI colours, or the terminal's own default.
  public enum Color: UInt8, Hashable, Sendable, CaseIterable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case `default`
  }

  /// Text attributes that survive on a monochrome terminal.
  public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let underline = Attributes(rawValue: 1 << 2)
    public static let reverse = Attributes(rawValue: 1 << 3)
  }

  public var foreground: Color
  public var background: Color
  public var attributes: Attributes

  public init(
    foreground: Color = .default, background: Color = .default, attributes: Attributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default look: default colours, no attributes.
  public static let plain = Style()
}

extension Style {
  /// The style in 32 bits: foreground, background and attributes, one byte each.
  var packed: UInt32 {
    UInt32(foreground.rawValue) | UInt32(background.rawValue) << 8 | UInt32(attributes.rawValue) << 16
  }

  init(packed: UInt32) {
    self.init(
      foreground: Color(rawValue: UInt8(truncatingIfNeeded: packed)) ?? .default,
      background: Color(rawValue: UInt8(truncatingIfNeeded: packed >> 8)) ?? .default,
      attributes: Attributes(rawValue: UInt8(truncatingIfNeeded: packed >> 16)))
  }
}
