import SettingsFeatures

/// One member of a JSON object as its text gives it: the key, and the key's and the value's
/// bytes exactly as they were written.
struct RawJSONMember: Equatable, Sendable {
  /// The key, its escapes resolved (`"\u0064ark"` is `dark`).
  var key: String
  /// The key as written, quotes and escapes included.
  var keyText: [UInt8]
  /// The value as written, from its first byte to its last.
  var valueText: [UInt8]
}

/// The members of the JSON object a text holds, each with the exact bytes of its value.
///
/// A settings file's keys that are not settings (a newer version's, another tool's) are written
/// back by every save. Decoded into values and encoded again, some would not survive: a
/// number beyond a `Double`'s precision or range (`9007199254740993`, `1e400`) comes back
/// changed or not at all, and a lone surrogate (`"\ud800"`) does not decode. Foundation's
/// parsers have no way to hand back a value's text, so the object's top level is scanned here.
///
/// ```swift
/// RawJSONMembers.of(Array(#"{"id": 9007199254740993, "tags": ["a"]}"#.utf8))
/// // [id: 9007199254740993, tags: ["a"]], each value's bytes as written
/// ```
enum RawJSONMembers {
  /// The top-level members of `bytes`, in the text's order; `nil` when the text is not a JSON
  /// object. Meant for text a JSON parser accepted: it checks only the object's outline.
  static func of(_ bytes: [UInt8]) -> [RawJSONMember]? {
    var scanner = Scanner(bytes: bytes)
    // NB: A byte order mark may start the text (JSON parsers skip it too).
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.index = 3 }
    scanner.skipWhitespace()
    guard scanner.take(UInt8(ascii: "{")) else { return nil }
    var members: [RawJSONMember] = []
    scanner.skipWhitespace()
    if scanner.take(UInt8(ascii: "}")) { return members }
    while true {
      scanner.skipWhitespace()
      guard let keyText = scanner.string() else { return nil }
      scanner.skipWhitespace()
      guard scanner.take(UInt8(ascii: ":")) else { return nil }
      scanner.skipWhitespace()
      guard let valueText = scanner.value() else { return nil }
      members.append(
        RawJSONMember(key: JSONString.decoded(keyText), keyText: Array(keyText), valueText: Array(valueText)))
      scanner.skipWhitespace()
      if scanner.take(UInt8(ascii: ",")) { continue }
      return scanner.take(UInt8(ascii: "}")) ? members : nil
    }
  }

  /// Walks a JSON text; every step returns `nil` or `false` past its end.
  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    mutating func skipWhitespace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// Steps over `byte` when it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    /// A string, quotes included.
    mutating func string() -> ArraySlice<UInt8>? {
      let start = index
      guard take(UInt8(ascii: "\"")) else { return nil }
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard take(UInt8(ascii: "\"")) else { return nil }
      return bytes[start..<index]
    }

    /// Any value: a string, an object or array with all it holds, or a number or literal.
    mutating func value() -> ArraySlice<UInt8>? {
      guard index < bytes.count else { return nil }
      let start = index
      switch bytes[index] {
      case UInt8(ascii: "\""):
        return string()
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        var depth = 0
        while index < bytes.count {
          switch bytes[index] {
          case UInt8(ascii: "\""):
            guard string() != nil else { return nil }
            continue
          case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 {
              index += 1
              return bytes[start..<index]
            }
          default:
            break
          }
          index += 1
        }
        return nil
      default:
        let ends: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D]
        while index < bytes.count, !ends.contains(bytes[index]) { index += 1 }
        return index > start ? bytes[start..<index] : nil
      }
    }
  }
}
