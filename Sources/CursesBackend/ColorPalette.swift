import CNcurses
import TerminalUI

/// Turns a ``TerminalUI/Style`` into curses attributes and a colour pair.
///
/// Colour pairs are allocated on first use, one per (foreground, background) combination, and
/// reused after that. Without colour (``ColorMode/never``, a monochrome terminal, or no pairs
/// left) only the attributes are kept, so pair 0 is used and no colour sequence is ever sent.
/// On a terminal without `dim` (xterm-mono, vt100), dimmed text (disabled controls, the key help)
/// is underlined instead, so it still looks different from the rest.
@MainActor
struct ColorPalette {
  /// Whether `start_color` succeeded and colours may be used.
  let usesColor: Bool
  /// Whether `use_default_colors` succeeded, so -1 means "the terminal's own colour".
  private let hasDefaultColors: Bool
  private let pairLimit: Int
  private var pairs: [Int: Int16] = [:]
  /// What `.dim` becomes: `A_DIM`, or underline where the terminal cannot dim.
  let dim: attr_t

  /// Starts colour on the current screen when `mode` and the terminal allow it.
  init(mode: ColorMode) {
    let canDim = term_attrs() & cn_a_dim() != 0
    dim = canDim ? cn_a_dim() : cn_a_underline()
    guard mode == .automatic, has_colors(), start_color() == cn_ok() else {
      usesColor = false
      hasDefaultColors = false
      pairLimit = 0
      return
    }
    usesColor = true
    hasDefaultColors = use_default_colors() == cn_ok()
    pairLimit = min(Int(cn_color_pairs()), Int(Int16.max))
  }

  /// The curses attributes for a style's text attributes (colour excluded).
  func attributes(for style: Style) -> attr_t {
    var result = cn_a_normal()
    if style.attributes.contains(.bold) { result |= cn_a_bold() }
    if style.attributes.contains(.dim) { result |= dim }
    if style.attributes.contains(.underline) { result |= cn_a_underline() }
    if style.attributes.contains(.reverse) { result |= cn_a_reverse() }
    return result
  }

  /// The colour pair for a style, allocating it on first use; 0 when colour is off.
  mutating func pair(for style: Style) -> Int16 {
    guard usesColor else { return 0 }
    let foreground = cursesColor(style.foreground, fallback: 7)
    let background = cursesColor(style.background, fallback: 0)
    if foreground == -1 && background == -1 { return 0 }
    let key = Int(foreground + 1) << 8 | Int(background + 1)
    if let pair = pairs[key] { return pair }
    let next = pairs.count + 1
    guard next < pairLimit, init_pair(Int16(next), foreground, background) == cn_ok() else {
      return 0
    }
    pairs[key] = Int16(next)
    return Int16(next)
  }

  /// The curses colour number; `.default` is -1 when the terminal supports default colours.
  private func cursesColor(_ color: Style.Color, fallback: Int16) -> Int16 {
    guard color != .default else { return hasDefaultColors ? -1 : fallback }
    return Int16(color.rawValue)
  }
}
