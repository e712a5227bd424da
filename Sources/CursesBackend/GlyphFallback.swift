import TerminalUI

/// What a cell shows on a terminal that cannot take Unicode: a locale whose character set is not
/// UTF-8, or a DEC VT (`vt100`, `vt220`: 7-bit terminals, whatever the locale says).
///
/// Line drawing (the rule under a title, a dialog's box) goes through the alternate character
/// set, which curses turns into the terminal's own (terminfo's `acsc`) or an ASCII look-alike
/// where it has none; the few other symbols the widgets use get an ASCII look-alike; a letter
/// with an accent its plain spelling (``Transliteration``, `José` as `Jose`); anything else
/// shows as `?`, one per column, so nothing moves.
enum GlyphFallback {
  /// How one cell is written.
  enum Output: Equatable {
    /// The cell's own text (Unicode allowed, or plain ASCII).
    case text(String)
    /// curses' horizontal line (`WACS_HLINE`), in a locale that takes Unicode.
    case horizontalLine
    /// A line-drawing character of the alternate character set, by its VT100 letter (`q` a
    /// horizontal line, `x` a vertical one, `l` `k` `m` `j` the corners).
    case alternateCharacter(UInt8)
  }

  /// How `cell` is written when `unicode` is allowed or not.
  static func output(for cell: Cell, unicode: Bool) -> Output {
    let text = cell.symbol
    if text.unicodeScalars.contains(where: isControl) {
      return .text(String(repeating: "?", count: max(1, cell.width)))
    }
    if text == "─" && unicode { return .horizontalLine }
    guard !unicode, !text.utf8.allSatisfy({ $0 < 0x80 }) else { return .text(text) }
    if let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1 {
      if let letter = lineDrawing[scalar] { return .alternateCharacter(letter) }
      if let ascii = lookAlikes[scalar] { return .text(ascii) }
    }
    if let scalar = text.unicodeScalars.first, (0x2800...0x28FF).contains(scalar.value) {
      // NB: The spinner's braille frames turn as a classic ASCII spinner.
      return .text(spinner[Int(scalar.value) % spinner.count])
    }
    if let spelled = Transliteration.ascii(text, width: max(1, cell.width)) { return .text(spelled) }
    return .text(String(repeating: "?", count: max(1, cell.width)))
  }

  /// Whether Unicode may be written, given the locale and the terminal type.
  static func allowsUnicode(localeIsUTF8: Bool, terminalName: String) -> Bool {
    localeIsUTF8 && !terminalName.lowercased().hasPrefix("vt")
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
  }

  private static let lineDrawing: [Unicode.Scalar: UInt8] = [
    "─": UInt8(ascii: "q"), "│": UInt8(ascii: "x"), "┌": UInt8(ascii: "l"), "┐": UInt8(ascii: "k"),
    "└": UInt8(ascii: "m"), "┘": UInt8(ascii: "j"),
  ]

  private static let lookAlikes: [Unicode.Scalar: String] = [
    "‹": "<", "›": ">", "←": "<", "→": ">", "↑": "^", "↓": "v", "×": "x", "…": ".",
    "•": "*", "✓": "+", "✗": "x", "·": "-",
  ]

  private static let spinner = ["|", "/", "-", "\\"]
}
