import CNcurses
import TerminalUI

/// The terminfo strings ``ScreenWriter`` draws with, read once when the backend starts.
///
/// Parameterised strings that take a small, fixed set of values (the eight colours) are expanded
/// here, once. The cursor address is expanded per move: the common ANSI form
/// (`\E[%i%p1%d;%p2%dH`, used by xterm, tmux, screen, the Linux console and most others) is
/// written digit by digit, any other form goes through `tiparm`.
///
/// ```swift
/// let capabilities = TerminalCapabilities.ansi          // tests: a known xterm-like set
/// let current = TerminalCapabilities.current(colors: true)   // after `newterm`/`set_term`
/// ```
package struct TerminalCapabilities: Sendable {
  /// `sgr0`: every attribute and colour off.
  package var resetAttributes: [UInt8]
  /// `bold`, `dim`, `smul`, `rev`; empty when the terminal lacks one (it is then not shown).
  package var bold: [UInt8]
  package var dim: [UInt8]
  package var underline: [UInt8]
  package var reverse: [UInt8]
  /// `setaf`/`setab` for the eight ANSI colours; empty arrays when colour is off.
  package var foregrounds: [[UInt8]]
  package var backgrounds: [[UInt8]]
  /// `ncv`: the attributes (in ``Style/Attributes`` terms) the terminal cannot show with colour.
  package var attributesWithoutColor: Style.Attributes
  /// `civis` and `cnorm`.
  package var hideCursor: [UInt8]
  package var showCursor: [UInt8]
  /// `cub1`/`cuf1`: one column left or right, cheaper than an address for the commonest moves.
  package var cursorLeft: [UInt8]
  package var cursorRight: [UInt8]
  /// How the cursor is addressed.
  package var cursorAddress: CursorAddress
  /// `am` without `xenl`: writing the bottom-right cell would scroll the screen, so it is skipped.
  package var scrollsAtLastCell: Bool

  /// How a `cup` string is produced.
  package enum CursorAddress: Sendable {
    /// `ESC [ row+1 ; column+1 H`, written without `tiparm`.
    case ansi
    /// Any other `cup` template, expanded by `tiparm` on each move.
    case template([CChar])
  }

  /// Whether colours are sent at all.
  package var usesColor: Bool { !foregrounds.isEmpty }

  /// xterm's strings with the eight colours: what `TERM=xterm-256color` gives.
  package static let ansi = TerminalCapabilities(
    resetAttributes: Array("\u{1B}(B\u{1B}[m".utf8),
    bold: Array("\u{1B}[1m".utf8), dim: Array("\u{1B}[2m".utf8),
    underline: Array("\u{1B}[4m".utf8), reverse: Array("\u{1B}[7m".utf8),
    foregrounds: (0..<8).map { Array("\u{1B}[3\($0)m".utf8) },
    backgrounds: (0..<8).map { Array("\u{1B}[4\($0)m".utf8) },
    attributesWithoutColor: [],
    hideCursor: Array("\u{1B}[?25l".utf8), showCursor: Array("\u{1B}[?12l\u{1B}[?25h".utf8),
    cursorLeft: [0x08], cursorRight: Array("\u{1B}[C".utf8),
    cursorAddress: .ansi, scrollsAtLastCell: false)

  /// The capabilities of the current curses terminal (call after `set_term`).
  ///
  /// - Parameter colors: Whether colour may be used; it is also off when the terminal has fewer
  ///   than eight colours or no way to set them.
  /// - Returns: `nil` when the terminal cannot address the cursor, so it cannot draw a form.
  @MainActor
  static func current(colors: Bool) -> TerminalCapabilities? {
    guard let cup = cn_string_capability("cup") else { return nil }
    let template = Array(UnsafeBufferPointer(start: cup, count: strlen(cup) + 1))
    let isANSI = String(cString: cup) == "\u{1B}[%i%p1%d;%p2%dH"
    var foregrounds: [[UInt8]] = []
    var backgrounds: [[UInt8]] = []
    if colors, cn_number_capability("colors") >= 8,
      let setaf = cn_string_capability("setaf"), let setab = cn_string_capability("setab")
    {
      foregrounds = (0..<8).map { bytes(cn_tiparm1(setaf, Int32($0))) }
      backgrounds = (0..<8).map { bytes(cn_tiparm1(setab, Int32($0))) }
    }
    return TerminalCapabilities(
      resetAttributes: string("sgr0"),
      bold: string("bold"), dim: string("dim"), underline: string("smul"),
      reverse: string("rev"),
      foregrounds: foregrounds, backgrounds: backgrounds,
      attributesWithoutColor: attributes(noColorVideo: cn_number_capability("ncv")),
      hideCursor: string("civis"), showCursor: string("cnorm"),
      cursorLeft: string("cub1"), cursorRight: string("cuf1"),
      cursorAddress: isANSI ? .ansi : .template(template),
      scrollsAtLastCell: cn_flag_capability("am") != 0 && cn_flag_capability("xenl") == 0)
  }

  /// `cup` for a position (zero-based).
  func address(row: Int, column: Int, into output: inout [UInt8]) {
    switch cursorAddress {
    case .ansi:
      output.append(0x1B)
      output.append(UInt8(ascii: "["))
      Self.appendDecimal(row + 1, to: &output)
      output.append(UInt8(ascii: ";"))
      Self.appendDecimal(column + 1, to: &output)
      output.append(UInt8(ascii: "H"))
    case .template(let template):
      template.withUnsafeBufferPointer { template in
        guard let base = template.baseAddress else { return }
        output += Self.bytes(cn_tiparm2(base, Int32(row), Int32(column)))
      }
    }
  }

  private static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
    if value >= 10 { appendDecimal(value / 10, to: &output) }
    output.append(UInt8(ascii: "0") + UInt8(value % 10))
  }

  private static func string(_ name: String) -> [UInt8] {
    bytes(cn_string_capability(name))
  }

  private static func bytes(_ string: UnsafePointer<CChar>?) -> [UInt8] {
    guard let string else { return [] }
    return Array(UnsafeRawBufferPointer(start: string, count: strlen(string)))
  }

  /// `ncv`'s bits (curses' A_STANDOUT 1, A_UNDERLINE 2, A_REVERSE 4, A_DIM 16, A_BOLD 32).
  private static func attributes(noColorVideo: Int32) -> Style.Attributes {
    guard noColorVideo > 0 else { return [] }
    var result: Style.Attributes = []
    if noColorVideo & 2 != 0 { result.insert(.underline) }
    if noColorVideo & 4 != 0 { result.insert(.reverse) }
    if noColorVideo & 16 != 0 { result.insert(.dim) }
    if noColorVideo & 32 != 0 { result.insert(.bold) }
    return result
  }
}
