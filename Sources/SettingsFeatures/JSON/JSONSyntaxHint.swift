/// What is likely wrong where a JSON parser stopped, in words a person can act on: the parser
/// says only where ("around character 36"), and the usual mistakes of a hand-written file show
/// at that byte (a single quote, a comment, a missing comma, a tab inside a string).
///
/// ```swift
/// JSONSyntaxHint.at(13, in: Array(#"{"title":"x" "fields":[]}"#.utf8))
/// // "a comma is missing before this"
/// ```
// NB: Written by hand: Foundation's parser names no cause for these, and the file's author
//     reads the message, not the parser.
public enum JSONSyntaxHint {
  /// The likely mistake at `offset` in `bytes`, where a parser stopped; `nil` when the byte
  /// there tells nothing.
  public static func at(_ offset: Int, in bytes: [UInt8]) -> String? {
    guard bytes.indices.contains(offset) else { return nil }
    let byte = bytes[offset]
    switch byte {
    case UInt8(ascii: "'"):
      return "strings and keys take double quotes (\"), not single ones"
    case UInt8(ascii: "/"), UInt8(ascii: "#"):
      return "JSON has no comments: remove it"
    case 0..<0x20:
      // NB: Outside a string these are spaces to the parser; it stops on one inside a string.
      return "a tab or line break inside a string is written \\t or \\n"
    default:
      break
    }
    let startsAValue =
      byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
      || byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    guard let previous = lastNonWhitespace(before: offset, in: bytes) else {
      return isLetter(byte) ? "a text value is written in double quotes" : nil
    }
    let endsAValue =
      bytes[previous] == UInt8(ascii: "\"") || bytes[previous] == UInt8(ascii: "}")
      || bytes[previous] == UInt8(ascii: "]") || isLetter(bytes[previous])
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[previous])
    if endsAValue, startsAValue || isLetter(byte) {
      return isKey(endingAt: previous, in: bytes) ? "a colon is missing after the key" : "a comma is missing before this"
    }
    return isLetter(byte) ? "a text value is written in double quotes" : nil
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  private static func lastNonWhitespace(before offset: Int, in bytes: [UInt8]) -> Int? {
    bytes[..<offset].lastIndex { !JSONTokens.isWhitespace($0) }
  }

  /// Whether the string whose closing quote is at `end` is an object's key: `{` or `,` before
  /// it, inside an object.
  private static func isKey(endingAt end: Int, in bytes: [UInt8]) -> Bool {
    guard bytes[end] == UInt8(ascii: "\""),
      let string = JSONTokens(bytes).first(where: { $0.kind == .string && $0.range.upperBound == end + 1 }),
      let before = lastNonWhitespace(before: string.range.lowerBound, in: bytes)
    else { return false }
    if bytes[before] == UInt8(ascii: "{") { return true }
    guard bytes[before] == UInt8(ascii: ",") else { return false }
    // NB: After a comma, a key where the innermost open bracket is an object's.
    var depth: [UInt8] = []
    for token in JSONTokens(bytes) where token.range.lowerBound < string.range.lowerBound {
      switch token.kind {
      case .openObject: depth.append(UInt8(ascii: "{"))
      case .openArray: depth.append(UInt8(ascii: "["))
      case .close: _ = depth.popLast()
      default: break
      }
    }
    return depth.last == UInt8(ascii: "{")
  }
}
