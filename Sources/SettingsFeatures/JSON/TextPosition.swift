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

  /// The location of the first member named `key` in `bytes` (a string before a colon, its
  /// escapes resolved), or `nil` when there is none.
  public static func ofKey(_ key: String, in bytes: [UInt8]) -> TextPosition? {
    var tokens = JSONTokens(bytes)
    var previous = tokens.next()
    while let token = tokens.next() {
      if token.kind == .colon, let string = previous, string.kind == .string,
        JSONString.decoded(bytes[string.range]) == key
      {
        return TextPosition(offset: string.range.lowerBound, in: bytes)
      }
      previous = token
    }
    return nil
  }

  public var description: String { "line \(line), column \(column)" }
}
