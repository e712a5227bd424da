/// A comma after the last member of an object or array, found in the text itself.
///
/// Foundation's parser takes `[1, 2,]`; JSON does not, nor do jq, Python or a browser. A spec
/// that passed here would then fail in the scripts around it, so such a comma is refused.
public enum TrailingJSONComma {
  /// The byte offset of the first comma that a `]` or `}` follows (white space aside), outside
  /// strings; `nil` when there is none.
  public static func first(in bytes: [UInt8]) -> Int? {
    var comma: Int?
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        comma = nil
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
      case UInt8(ascii: ","):
        comma = index
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if let comma { return comma }
      case 0x20, 0x09, 0x0A, 0x0D:
        break
      default:
        comma = nil
      }
      index += 1
    }
    return nil
  }
}
