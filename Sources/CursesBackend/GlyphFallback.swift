import TerminalUI

/// What a cell shows on a terminal that cannot take Unicode: a locale whose character set is not
/// UTF-8, or a DEC VT (`vt100`, `vt220`: 7-bit terminals, whatever the locale says).
///
/// The horizontal line is drawn with curses' line-drawing character (the alternate character
/// set where terminfo has it, `-` where not); the few other symbols the widgets use get an
/// ASCII look-alike; anything else shows as `?`, one per column, so nothing moves.
enum GlyphFallback {
  /// How one cell is written.
  enum Output: Equatable {
    /// The cell's own text (Unicode allowed, or plain ASCII).
    case text(String)
    /// curses' horizontal line (`WACS_HLINE`).
    case horizontalLine
  }

  /// How `cell` is written when `unicode` is allowed or not.
  static func output(for cell: Cell, unicode: Bool) -> Output {
    let text = cell.symbol
    if text.unicodeScalars.contains(where: isControl) {
      return .text(String(repeating: "?", count: max(1, cell.width)))
    }
    if text == "─" { return .horizontalLine }
    guard !unicode, !text.utf8.allSatisfy({ $0 < 0x80 }) else { return .text(text) }
    if let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1,
      let ascii = lookAlikes[scalar]
    {
      return .text(ascii)
    }
    if let scalar = text.unicodeScalars.first, (0x2800...0x28FF).contains(scalar.value) {
      // NB: The spinner's braille frames turn as a classic ASCII spinner.
      return .text(spinner[Int(scalar.value) % spinner.count])
    }
    return .text(String(repeating: "?", count: max(1, cell.width)))
  }

  /// Whether Unicode may be written, given the locale and the terminal type.
  static func allowsUnicode(localeIsUTF8: Bool, terminalName: String) -> Bool {
    localeIsUTF8 && !terminalName.lowercased().hasPrefix("vt")
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
  }

  private static let lookAlikes: [Unicode.Scalar: String] = [
    "‹": "<", "›": ">", "←": "<", "→": ">", "↑": "^", "↓": "v", "×": "x", "…": ".",
    "•": "*", "✓": "+", "✗": "x", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+",
  ]

  private static let spinner = ["|", "/", "-", "\\"]
}
