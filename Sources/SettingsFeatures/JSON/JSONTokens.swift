/// The tokens of a JSON text as its bytes show them: brackets, commas, colons, strings and
/// the runs of other bytes between them (numbers, literals), white space skipped.
///
/// Foundation's parser answers with values only, so the checks that need the text itself (a
/// repeated key, a comma before a closing bracket, a bad `\u` escape, how deep the text nests,
/// a value's bytes as written) walk these tokens. This is the one place that knows where a
/// string ends. It is not a parser: it reads text a parser accepted or is about to refuse, and
/// its tokens follow the bytes whether or not they make JSON.
///
/// ```swift
/// JSONTokens(Array(#"{"a": [1, "b"]}"#.utf8)).map(\.kind)
/// // [.openObject, .string, .colon, .openArray, .scalar, .comma, .string, .close, .close]
/// ```
public struct JSONTokens: Sequence, IteratorProtocol {
  public enum Kind: Equatable, Sendable {
    case openObject, openArray
    /// `}` or `]`.
    case close
    case comma, colon
    /// A string, its quotes included.
    case string
    /// A string the text ends inside.
    case unclosedString
    /// A number, `true`, `false`, `null`, or any other bytes up to the next token.
    case scalar
  }

  public struct Token: Equatable, Sendable {
    public var kind: Kind
    /// The token's bytes in the text.
    public var range: Range<Int>
  }

  private let bytes: [UInt8]
  private var index = 0

  /// The tokens of `bytes`, after a byte order mark that starts them (parsers skip it too).
  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  public mutating func next() -> Token? {
    while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    guard index < bytes.count else { return nil }
    let start = index
    index += 1
    let kind: Kind
    switch bytes[start] {
    case UInt8(ascii: "{"): kind = .openObject
    case UInt8(ascii: "["): kind = .openArray
    case UInt8(ascii: "}"), UInt8(ascii: "]"): kind = .close
    case UInt8(ascii: ","): kind = .comma
    case UInt8(ascii: ":"): kind = .colon
    case UInt8(ascii: "\""):
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard index < bytes.count else {
        index = bytes.count
        return Token(kind: .unclosedString, range: start..<index)
      }
      index += 1
      kind = .string
    default:
      while index < bytes.count, !Self.endsScalar(bytes[index]) { index += 1 }
      kind = .scalar
    }
    return Token(kind: kind, range: start..<index)
  }

  /// JSON's white space: space, tab, line feed, carriage return.
  public static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func endsScalar(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
      UInt8(ascii: ":"), UInt8(ascii: "\""):
      true
    default:
      isWhitespace(byte)
    }
  }
}
