import Foundation

/// A key that appears twice in one object of a JSON text, found in the text itself.
///
/// JSON parsers keep one of the two silently (Foundation's the first, jq and Python the last),
/// so which one the person meant, only they know: a file with one is refused, naming the place.
/// Foundation gives no hook to see repeated keys, which is why the text is scanned here.
///
/// ```swift
/// RepeatedJSONKey.first(in: Array(#"{"a": {"b": 1, "b": 2}}"#.utf8))
/// // path "$.a.b", key "b", at: line 1, column 16
/// ```
public struct RepeatedJSONKey: Equatable, Sendable {
  /// Where the key is, as spec errors name places: `$.fields[0].key`.
  public var path: String
  /// The key itself.
  public var key: String
  /// Where it appears the second time.
  public var position: TextPosition

  /// The first key repeated within an object of `bytes`, at any depth; `nil` when there is
  /// none. Meant for text a JSON parser accepted: anything else gives no answer worth having.
  public static func first(in bytes: [UInt8]) -> RepeatedJSONKey? {
    /// One open object or array, and where in it the scan is.
    enum Container {
      case object(keys: Set<String>, current: String?, expectsKey: Bool)
      case array(index: Int)
    }
    var open: [Container] = []
    for token in JSONTokens(bytes) {
      switch token.kind {
      case .openObject:
        open.append(.object(keys: [], current: nil, expectsKey: true))
      case .openArray:
        open.append(.array(index: 0))
      case .close:
        _ = open.popLast()
      case .comma:
        switch open.last {
        case let .object(keys, current, _)?: open[open.count - 1] = .object(keys: keys, current: current, expectsKey: true)
        case let .array(position)?: open[open.count - 1] = .array(index: position + 1)
        case nil: break
        }
      case .string:
        guard case .object(var keys, _, true)? = open.last else { break }
        let key = JSONString.decoded(bytes[token.range])
        if keys.contains(key) {
          return RepeatedJSONKey(
            path: path(open.dropLast()) + member(key), key: key,
            position: TextPosition(offset: token.range.lowerBound, in: bytes))
        }
        // NB: Taken off the stack first, so the set is grown in place, not copied per key.
        open.removeLast()
        keys.insert(key)
        open.append(.object(keys: keys, current: key, expectsKey: false))
      case .colon, .scalar, .unclosedString:
        break
      }
    }
    return nil

    func path(_ containers: ArraySlice<Container>) -> String {
      containers.reduce("$") { path, container in
        switch container {
        case let .object(_, current, _): path + (current.map(member) ?? "")
        case let .array(position): path + "[\(position)]"
        }
      }
    }
    func member(_ key: String) -> String { ".\(key)" }
  }
}
