/// What is likely wrong where a JSON parser stopped, in words a person can act on: the parser
/// says only where ("around character 36"), and the usual mistakes of a hand-written file show
/// at that byte and the tokens before it (a single quote, a comment, a missing comma or colon,
/// a key without quotes, a tab inside a string).
///
/// ```swift
/// JSONSyntaxHint.at(13, in: Array(#"{"title":"x" "fields":[]}"#.utf8))
/// // "a comma is missing before this"
/// ```
// NB: Written by hand: Foundation's parser names no cause for these, and the file's author
//     reads the message, not the parser.
public enum JSONSyntaxHint {
  /// The likely mistake at `offset` in `bytes`, where a parser stopped; `nil` when the text
  /// there tells nothing certain.
  public static func at(_ offset: Int, in bytes: [UInt8]) -> String? {
    guard bytes.indices.contains(offset) else { return nil }
    let byte = bytes[offset]
    var open: [JSONTokens.Kind] = []
    var previous: JSONTokens.Token?
    var beforePrevious: JSONTokens.Token?
    for token in JSONTokens(bytes) {
      if token.range.lowerBound >= offset { break }
      if token.range.contains(offset) {
        // NB: Inside a string, the parser stops on a control character (a tab, a line break).
        let isString = token.kind == .string || token.kind == .unclosedString
        return isString && byte < 0x20 ? "a tab or line break inside a string is written \\t or \\n" : nil
      }
      switch token.kind {
      case .openObject, .openArray: open.append(token.kind)
      case .close: _ = open.popLast()
      default: break
      }
      (beforePrevious, previous) = (previous, token)
    }
    if byte == UInt8(ascii: "'") { return "strings and keys take double quotes (\"), not single ones" }
    if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "#") { return "JSON has no comments: remove it" }
    guard let previous else { return nil }
    guard let innermost = open.last else { return "text after the end of the JSON object: a spec is one object" }
    let startsAValue = isLetter(byte) || Self.valueStarts.contains(byte)
    switch previous.kind {
    case .string, .scalar, .close:
      guard startsAValue else { return nil }
      let previousIsKey =
        innermost == .openObject && previous.kind == .string
        && (beforePrevious?.kind == .openObject || beforePrevious?.kind == .comma)
      return previousIsKey ? "a colon is missing after the key" : "a comma is missing before this"
    case .openObject:
      return isLetter(byte) ? "a key is written in double quotes" : nil
    case .comma:
      guard isLetter(byte) else { return nil }
      return innermost == .openObject ? "a key is written in double quotes" : "a text value is written in double quotes"
    case .colon, .openArray:
      return isLetter(byte) ? "a text value is written in double quotes" : nil
    case .unclosedString:
      return nil
    }
  }

  /// The bytes a value other than a word starts with: a string, an object, an array, a number.
  private static let valueStarts = Set("\"{[-0123456789".utf8)

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }
}
