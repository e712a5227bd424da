import CNcurses
import TerminalUI

/// Turns what `wget_wch` reports into a ``TerminalUI/Key``: a pure mapping, no curses state.
///
/// Control bytes become ``TerminalUI/Key/control(_:)`` with the lowercase letter, except those
/// with keys of their own (Tab, Enter, Backspace, Esc); function-key codes become named keys.
///
/// ```swift
/// KeyDecoder.decode(character: 3)                     // .control("c")
/// KeyDecoder.decode(functionKey: cn_key_back_tab())   // .backTab
/// ```
enum KeyDecoder {
  /// The control byte a terminal sends for Ctrl-Z.
  static let suspendByte: UInt32 = 26

  /// Decodes a character (`wget_wch` returned `OK`).
  static func decode(character code: UInt32) -> Key {
    switch code {
    case 9: return .tab
    case 10, 13: return .enter
    case 27: return .escape
    case 8, 127: return .backspace
    case 1...26:
      // NB: 1 is Ctrl-A: the letter is the byte's offset from "a" (0x61).
      guard let letter = Unicode.Scalar(0x60 + code) else { return .unknown(Int32(code)) }
      return .control(Character(letter))
    case 0, 28...31, 0x80...0x9F:
      return .unknown(Int32(code))
    default:
      guard let scalar = Unicode.Scalar(code) else { return .unknown(Int32(bitPattern: code)) }
      return .character(Character(scalar))
    }
  }

  /// Decodes a function key (`wget_wch` returned `KEY_CODE_YES`).
  static func decode(functionKey code: Int32) -> Key {
    functionKeys[code] ?? .unknown(code)
  }

  /// curses' own codes, and the private ones of ``KeyBindings/alternatives``.
  private static let functionKeys: [Int32: Key] = cursesKeys.merging(
    KeyBindings.alternatives.map { ($0.code, $0.key) }, uniquingKeysWith: { own, _ in own })

  private static let cursesKeys: [Int32: Key] = [
    cn_key_up(): .up,
    cn_key_down(): .down,
    cn_key_left(): .left,
    cn_key_right(): .right,
    cn_key_home(): .home,
    cn_key_end(): .end,
    cn_key_delete(): .delete,
    cn_key_backspace(): .backspace,
    cn_key_enter(): .enter,
    cn_key_back_tab(): .backTab,
    cn_key_page_up(): .pageUp,
    cn_key_page_down(): .pageDown,
    cn_key_resize(): .resize,
  ]
}
