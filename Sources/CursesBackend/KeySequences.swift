import CNcurses

/// Escape sequences curses should decode even when the terminfo entry names other ones.
///
/// Terminfo describes a terminal in "keypad transmit" mode (`\EOA` for Up on xterm), but
/// terminals behind multiplexers or with odd settings still send the normal-mode forms
/// (`\E[A`). Binding both means arrows, Home/End, Delete and Page Up/Down work either way.
/// Bracketed paste markers are bound to private codes (see ``KeyDecoder``).
enum KeySequences {
  /// Sequence and curses key code pairs to bind when the sequence is still free.
  static var fallbacks: [(sequence: String, code: Int32)] {
    [
      ("\u{1B}[A", cn_key_up()), ("\u{1B}OA", cn_key_up()),
      ("\u{1B}[B", cn_key_down()), ("\u{1B}OB", cn_key_down()),
      ("\u{1B}[C", cn_key_right()), ("\u{1B}OC", cn_key_right()),
      ("\u{1B}[D", cn_key_left()), ("\u{1B}OD", cn_key_left()),
      ("\u{1B}[H", cn_key_home()), ("\u{1B}OH", cn_key_home()), ("\u{1B}[1~", cn_key_home()),
      ("\u{1B}[F", cn_key_end()), ("\u{1B}OF", cn_key_end()), ("\u{1B}[4~", cn_key_end()),
      ("\u{1B}[3~", cn_key_delete()),
      ("\u{1B}[5~", cn_key_page_up()), ("\u{1B}[6~", cn_key_page_down()),
      ("\u{1B}[Z", cn_key_back_tab()),
      ("\u{1B}[200~", KeyDecoder.pasteStartCode), ("\u{1B}[201~", KeyDecoder.pasteEndCode),
    ]
  }

  /// Binds every fallback the current screen does not decode yet.
  @MainActor
  static func bindFallbacks() {
    for (sequence, code) in fallbacks where key_defined(sequence) == 0 {
      _ = define_key(sequence, code)
    }
  }
}
