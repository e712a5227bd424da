/// A `\u` escape in a JSON string that names no character: not four hex digits (a Windows
/// path's `\users`), or half of a surrogate pair alone (`\ud800`).
///
/// Foundation's parser gives no place for the first, and takes the second for the end of the
/// text ("ends too early"): found here, so the message names the place and the cause.
public enum BadUnicodeEscape {
  /// The byte offset of the first `\u` escape in a string that is not four hex digits, or is
  /// half of a surrogate pair alone; `nil` when there is none.
  public static func first(in bytes: [UInt8]) -> Int? {
    func unit(at index: Int) -> UInt32? {
      guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
        let text = String(bytes: bytes[(index + 2)..<(index + 6)], encoding: .utf8)
      else { return nil }
      return UInt32(text, radix: 16).flatMap { text.count == 4 && text.allSatisfy(\.isHexDigit) ? $0 : nil }
    }
    for token in JSONTokens(bytes) where token.kind == .string || token.kind == .unclosedString {
      var index = token.range.lowerBound + 1
      while index < token.range.upperBound {
        guard bytes[index] == UInt8(ascii: "\\") else {
          index += 1
          continue
        }
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
          index += 2
          continue
        }
        guard let code = unit(at: index) else { return index }
        if (0xDC00...0xDFFF).contains(code) { return index }
        if (0xD800...0xDBFF).contains(code) {
          guard let low = unit(at: index + 6), (0xDC00...0xDFFF).contains(low) else { return index }
          index += 12
          continue
        }
        index += 6
      }
    }
    return nil
  }
}
