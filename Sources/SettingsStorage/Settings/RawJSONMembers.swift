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
    var tokens = JSONTokens(bytes)
    guard tokens.next()?.kind == .openObject else { return nil }
    var members: [RawJSONMember] = []
    var next = tokens.next()
    if next?.kind == .close { return members }
    while true {
      guard let key = next, key.kind == .string, tokens.next()?.kind == .colon,
        let value = value(from: &tokens)
      else { return nil }
      members.append(
        RawJSONMember(
          key: JSONString.decoded(bytes[key.range]), keyText: Array(bytes[key.range]), valueText: Array(bytes[value])))
      switch tokens.next()?.kind {
      case .comma?: next = tokens.next()
      case .close?: return members
      default: return nil
      }
    }
  }

  /// The bytes of the value `tokens` come to next: a string, a number or literal, or an object
  /// or array with all it holds.
  private static func value(from tokens: inout JSONTokens) -> Range<Int>? {
    guard let first = tokens.next() else { return nil }
    switch first.kind {
    case .string, .scalar:
      return first.range
    case .openObject, .openArray:
      var depth = 1
      while let token = tokens.next() {
        switch token.kind {
        case .openObject, .openArray: depth += 1
        case .close: depth -= 1
        default: break
        }
        if depth == 0 { return first.range.lowerBound..<token.range.upperBound }
      }
      return nil
    case .close, .comma, .colon, .unclosedString:
      return nil
    }
  }
}
