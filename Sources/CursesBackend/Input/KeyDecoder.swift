import TerminalUI

/// Turns one decoded Unicode scalar into a ``TerminalUI/Key``: a pure mapping.
///
/// Control bytes become ``TerminalUI/Key/control(_:)`` with the lowercase letter, except those
/// with keys of their own (Tab, Enter, Backspace, Esc). Escape sequences are ``KeyParser``'s job.
///
/// ```swift
/// KeyDecoder.decode(character: 3)      // .control("c")
/// KeyDecoder.decode(character: 0xE9)   // .character("é")
/// ```
enum KeyDecoder {
  /// Esc, the first byte of every sequence.
  static let escapeByte: UInt8 = 0x1B

  /// Decodes a scalar value.
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
}
