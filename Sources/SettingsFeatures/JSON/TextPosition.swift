/// A place in a text, as a person finds it in an editor: "line 2, column 8".
public struct TextPosition: Equatable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// The location of the byte at `offset` (0-based) in `bytes`; columns count characters, as an
  /// editor shows them (a byte order mark that starts the text is no character of the line).
  public init(offset: Int, in bytes: [UInt8]) {
    let end = min(max(offset, 0), bytes.count)
    let before = bytes[..<end]
    let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, end) : 0
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bom
    line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
    column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
  }

  /// The location of the member named `key` of the object `bytes` hold (a string before a
  /// colon at the top level, its escapes resolved; not one of a value's own), or `nil` when
  /// there is none.
  public static func ofKey(_ key: String, in bytes: [UInt8]) -> TextPosition? {
    var depth = 0
    var previous: JSONTokens.Token?
    for token in JSONTokens(bytes) {
      switch token.kind {
      case .openObject, .openArray: depth += 1
      case .close: depth -= 1
      case .colon where depth == 1:
        if let string = previous, string.kind == .string, JSONString.decoded(bytes[string.range]) == key {
          return TextPosition(offset: string.range.lowerBound, in: bytes)
        }
      default: break
      }
      previous = token
    }
    return nil
  }

  public var description: String { "line \(line), column \(column)" }
}
