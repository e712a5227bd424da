/// A comma after the last member of an object or array, found in the text itself.
///
/// Foundation's parser takes `[1, 2,]`; JSON does not, nor do jq, Python or a browser. A spec
/// that passed here would then fail in the scripts around it, so such a comma is refused.
public enum TrailingJSONComma {
  /// The byte offset of the first comma that a `]` or `}` follows (white space aside), outside
  /// strings; `nil` when there is none.
  public static func first(in bytes: [UInt8]) -> Int? {
    var previous: JSONTokens.Token?
    for token in JSONTokens(bytes) {
      if token.kind == .close, let previous, previous.kind == .comma { return previous.range.lowerBound }
      previous = token
    }
    return nil
  }
}
