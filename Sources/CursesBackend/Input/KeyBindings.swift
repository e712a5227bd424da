import CNcurses
import TerminalUI

/// The key sequences curses is taught besides the terminal's own (terminfo's `kcuu1`, `khome`,
/// ...), and the markers of a bracketed paste.
///
/// terminfo describes a terminal in keypad-transmit mode (`\EOA` for Up on xterm); terminals
/// behind multiplexers or with other settings still send the normal-mode forms (`\E[A`), and
/// Home and End have several common spellings. `define_key` gives each one a private key code
/// that ``KeyDecoder`` maps back.
///
/// The same keys held with Shift, Alt or Ctrl (xterm's `\E[3;2~` for Shift-Delete) count as
/// the keys themselves: a form has no use for the modifier, and a sequence curses does not know
/// would otherwise arrive as Esc followed by its other bytes as text. One modifier matters:
/// Left and Right with Ctrl or Alt (`\E[1;5D`, `\E[1;3D`; rxvt's `\EOd`) move by words in
/// readline, editors and browsers' text boxes, so they arrive as `.alt(.left)` and
/// `.alt(.right)`. Where terminfo already names one of these sequences (xterm's `kRIT5`), its
/// code is mapped instead (``install()``), so every terminal type behaves the same.
enum KeyBindings {
  /// A private key code per alternative sequence, past curses' own codes.
  static let alternatives: [(sequence: String, code: Int32, key: Key)] = {
    let plain: [(String, Key)] = [
      ("\u{1B}[A", .up), ("\u{1B}OA", .up), ("\u{1B}[B", .down), ("\u{1B}OB", .down),
      ("\u{1B}[C", .right), ("\u{1B}OC", .right), ("\u{1B}[D", .left), ("\u{1B}OD", .left),
      ("\u{1B}[H", .home), ("\u{1B}OH", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home),
      ("\u{1B}[F", .end), ("\u{1B}OF", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
      ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
      ("\u{1B}[Z", .backTab), ("\u{1B}OM", .enter),
      ("\u{1B}Od", .alt(.left)), ("\u{1B}Oc", .alt(.right)),
    ]
    // NB: xterm's modifier parameter: 2 Shift, 3 Alt, 4 Shift-Alt, 5 Ctrl, ... 8 Shift-Alt-Ctrl.
    let modified: [(String, Key)] = (2...8).flatMap { modifier in
      let letters: [(String, Key)] = [
        ("A", .up), ("B", .down), ("C", .right), ("D", .left), ("H", .home), ("F", .end),
      ]
      let tildes: [(String, Key)] = [("3", .delete), ("5", .pageUp), ("6", .pageDown)]
      // NB: 3 and up hold Alt or Ctrl: Left and Right move by words.
      func held(_ key: Key) -> Key { modifier >= 3 && (key == .left || key == .right) ? .alt(key) : key }
      return letters.map { ("\u{1B}[1;\(modifier)\($0.0)", held($0.1)) }
        + tildes.map { ("\u{1B}[\($0.0);\(modifier)~", $0.1) }
    }
    return (plain + modified).enumerated().map { index, entry in
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
  /// has them. Returns whether bracketed paste can be used (`BE`, `PS` and `PE` all known), and
  /// the keys of the codes terminfo's own names for alternative sequences give (xterm's
  /// `kRIT5`), which ``KeyDecoder`` does not know.
  @MainActor
  static func install() -> (pastesInBrackets: Bool, terminfoKeys: [Int32: Key]) {
    var terminfoKeys: [Int32: Key] = [:]
    for (sequence, code, key) in alternatives {
      let bound = key_defined(sequence)
      if bound == 0 {
        _ = define_key(sequence, code)
      } else if bound > 0, KeyDecoder.decode(functionKey: bound) == .unknown(bound) {
        terminfoKeys[bound] = key
      }
    }
    guard let start = cn_string_capability("PS"), let end = cn_string_capability("PE"),
      cn_string_capability("BE") != nil
    else { return (false, terminfoKeys) }
    _ = define_key(start, pasteStartCode)
    _ = define_key(end, pasteEndCode)
    return (true, terminfoKeys)
  }
}
