import Foundation

/// The text of a JSON string as it appears in a document, for scans of the text itself
/// (``RepeatedJSONKey``, the settings file's members) that find string tokens but do not parse.
public enum JSONString {
  /// The text of `quoted`, a string token with its quotes: escapes resolved (`"\u0064ark"` is
  /// `dark`), or the token as written when they do not decode (a lone surrogate).
  public static func decoded(_ quoted: ArraySlice<UInt8>) -> String {
    guard quoted.contains(UInt8(ascii: "\\")) else {
      return String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self)
    }
    return (try? JSONDecoder().decode(String.self, from: Data(quoted))) ?? String(decoding: quoted, as: UTF8.self)
  }
}
