import CNcurses
import TerminalUI

/// The key sequences curses is taught besides the terminal's own (terminfo's `kcuu1`, `khome`,
/// ...), and the markers of a bracketed paste.
///
/// terminfo describes a terminal in keypad-transmit mode (`\EOA` for Up on xterm); terminals
/// behind multiplexers or with other settings still send the normal-mode forms (`\E[A`), and
/// Home and End have several common spellings. `define_key` gives each one a private key code
/// that ``KeyDecoder`` maps back. A sequence terminfo already names is left to terminfo.
enum KeyBindings {
  /// A private key code per alternative sequence, past curses' own codes.
  static let alternatives: [(sequence: String, code: Int32, key: Key)] = {
    let table: [(String, Key)] = [
      ("\u{1B}[A", .up), ("\u{1B}OA", .up), ("\u{1B}[B", .down), ("\u{1B}OB", .down),
      ("\u{1B}[C", .right), ("\u{1B}OC", .right), ("\u{1B}[D", .left), ("\u{1B}OD", .left),
      ("\u{1B}[H", .home), ("\u{1B}OH", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home),
      ("\u{1B}[F", .end), ("\u{1B}OF", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
      ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
      ("\u{1B}[Z", .backTab), ("\u{1B}OM", .enter),
    ]
    return table.enumerated().map { index, entry in
      (entry.0, firstCode + 2 + Int32(index), entry.1)
    }
  }()

  /// The code bound to the start of a bracketed paste (terminfo `PS`, `\E[200~` on xterm).
  static let pasteStartCode = firstCode
  /// The code bound to the end of a bracketed paste (terminfo `PE`).
  static let pasteEndCode = firstCode + 1

  /// Past every code curses defines (`KEY_MAX`), so none is taken.
  private static var firstCode: Int32 { 0x6000 }

  /// Teaches the current screen the alternative sequences, and the paste markers when terminfo
  /// has them; returns whether bracketed paste can be used (`BE`, `PS` and `PE` all known).
  @MainActor
  static func install() -> Bool {
    for (sequence, code, _) in alternatives where key_defined(sequence) == 0 {
      _ = define_key(sequence, code)
    }
    guard let start = cn_string_capability("PS"), let end = cn_string_capability("PE"),
      cn_string_capability("BE") != nil
    else { return false }
    _ = define_key(start, pasteStartCode)
    _ = define_key(end, pasteEndCode)
    return true
  }
}
