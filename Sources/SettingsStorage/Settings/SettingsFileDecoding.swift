import Foundation
import SettingsFeatures

/// Reads ``UserSettings`` from the bytes of a settings file, forgivingly where it is safe and
/// with a message a person can act on where it is not.
///
/// Missing keys take their defaults (a file written by an older version, or by hand with only
/// the keys someone cares about, still loads) and unknown keys are read past (``otherMembers(in:)``
/// has them, for a save to write back). Broken JSON, a value
/// of the wrong type, or a `digest` other than daily, weekly or off is an error that names the
/// file, says where, and says the file was left unchanged.
///
/// ```swift
/// let settings = try SettingsFileDecoding.decode(Array(#"{"displayName": "Blob"}"#.utf8), path: path)
/// // settings.displayName == "Blob", every other field at its default
/// ```
enum SettingsFileDecoding {
  static func decode(_ bytes: [UInt8], path: String) throws(StorageError) -> UserSettings {
    let data = Data(bytes)
    if let repeated = RepeatedJSONKey.first(in: bytes) {
      let name = repeated.path == "$.\(repeated.key)" ? repeated.key : repeated.path
      throw problem(in: path, "“\(name)” appears twice (again at \(repeated.position))")
    }
    // NB: Foundation's decoder takes a comma after the last item; a save writes keys that are
    //     not settings back as written, so the file would go on failing in every other tool.
    if let comma = TrailingJSONComma.first(in: bytes) {
      throw problem(
        in: path, "it is not valid JSON (\(TextPosition(offset: comma, in: bytes)): a comma after the last item)")
    }
    do {
      return try JSONDecoder().decode(SettingsFileContents.self, from: data).settings
    } catch let error as InvalidDigest {
      let location = TextPosition.ofKey("digest", in: bytes).map { " (\($0))" } ?? ""
      throw problem(
        in: path,
        #"“digest” is "\#(error.value)"\#(location), but must be one of daily, weekly, off"#
      )
    } catch let DecodingError.typeMismatch(_, context) {
      guard let key = context.codingPath.last?.stringValue else {
        throw problem(in: path, notAnObject(bytes))
      }
      let location = TextPosition.ofKey(key, in: bytes).map { " (\($0))" } ?? ""
      throw problem(in: path, "“\(key)”\(location) must be \(SettingsFileContents.expectation(for: key))")
    } catch DecodingError.valueNotFound(_, let context) where context.codingPath.isEmpty {
      throw problem(in: path, notAnObject(bytes))  // NB: the whole file is `null`
    } catch {
      throw problem(in: path, "it is not valid JSON (\(syntaxProblem(in: data, bytes: bytes)))")
    }
  }

  /// The members of a settings file whose keys are not settings (a newer version's, another
  /// tool's), in the file's order, each value's text as written. Asked only of a file that
  /// ``decode(_:path:)`` read: if its members still cannot be told apart, saving over it would
  /// lose them, so that is an error.
  static func otherMembers(in bytes: [UInt8], path: String) throws(StorageError) -> [RawJSONMember] {
    guard let members = RawJSONMembers.of(bytes) else {
      throw StorageError(
        "Cannot save settings to \(path): its keys that are not settings could not be read back "
          + "to keep them. The file was left unchanged.")
    }
    return members.filter { !isSetting($0.key) }
  }

  /// Whether `key` is one a setting is read from.
  static func isSetting(_ key: String) -> Bool { SettingsFileContents.keys.contains(key) }

  /// Why a file that is valid JSON but not an object cannot be settings, naming what it holds
  /// from its first character (only asked once the decoder has refused it).
  private static func notAnObject(_ bytes: [UInt8]) -> String {
    var tokens = JSONTokens(bytes)
    let first = tokens.next().map { bytes[$0.range.lowerBound] }
    let kind =
      switch first {
      case UInt8(ascii: "n"): "null"
      case UInt8(ascii: "["): "an array"
      case UInt8(ascii: "\""): "text"
      default: "a number or true/false"
      }
    return "it must hold one JSON object ({ ... }) of settings, not \(kind)"
  }

  private static func problem(in path: String, _ detail: String) -> StorageError {
    StorageError(
      "Cannot load settings from \(path): \(detail). The file was left unchanged: fix or remove it."
    )
  }

  /// Where and why the JSON is broken, e.g. "line 3, column 8: Invalid value".
  ///
  /// NB: `JSONDecoder` only says "not valid JSON"; `JSONSerialization` adds the byte offset.
  private static func syntaxProblem(in data: Data, bytes: [UInt8]) -> String {
    // NB: The parser takes a lone surrogate for the end of the file, and gives no place for a
    //     `\u` without four hex digits.
    if let offset = BadUnicodeEscape.first(in: bytes) {
      return "\(TextPosition(offset: offset, in: bytes)): a \\u escape that names no character "
        + "(\\u takes four hex digits, and a surrogate its pair)"
    }
    let description: String
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return "it could not be read as settings"
    } catch let error as NSError {
      description = (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
    }
    let marker = " around character "
    guard let range = description.range(of: marker) else {
      if description.hasPrefix("Unexpected end of file") {
        return "\(TextPosition(offset: bytes.count, in: bytes)): the file ends too early"
      }
      return description
    }
    let reason = String(description[..<range.lowerBound])
    let digits = description[range.upperBound...].prefix(while: \.isNumber)
    guard let offset = Int(digits) else { return reason }
    return "\(TextPosition(offset: offset, in: bytes)): \(reason)"
  }
}

/// A `digest` value that is not one of the ``Digest`` cases.
struct InvalidDigest: Error {
  var value: String
}

/// The settings file's keys, each optional: missing ones take the ``UserSettings`` default.
private struct SettingsFileContents: Decodable {
  var settings: UserSettings

  private enum Key: String, CodingKey, CaseIterable {
    case digest, displayName, enableNotifications, protectMyPosts
    case sendEmailNotifications, sendMobileNotifications
  }

  /// Every key a setting is read from.
  static let keys = Set(Key.allCases.map(\.rawValue))

  /// What a key's value must be, in words, for an error message.
  static func expectation(for key: String) -> String {
    switch Key(rawValue: key) {
    case .digest: #"one of "daily", "weekly", "off" in quotes"#
    case .displayName: "text in quotes"
    default: "true or false"
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    var settings = UserSettings()
    if let raw = try container.decodeIfPresent(String.self, forKey: .digest) {
      guard let digest = Digest(rawValue: raw) else { throw InvalidDigest(value: raw) }
      settings.digest = digest
    }
    func flag(_ key: Key, _ field: WritableKeyPath<UserSettings, Bool>) throws {
      if let value = try container.decodeIfPresent(Bool.self, forKey: key) {
        settings[keyPath: field] = value
      }
    }
    settings.displayName =
      try container.decodeIfPresent(String.self, forKey: .displayName) ?? settings.displayName
    try flag(.enableNotifications, \.enableNotifications)
    try flag(.protectMyPosts, \.protectMyPosts)
    try flag(.sendEmailNotifications, \.sendEmailNotifications)
    try flag(.sendMobileNotifications, \.sendMobileNotifications)
    // NB: Read as the form saves it (trimmed): what this program loaded, the merge's base,
    //     and what another program saved meanwhile then compare alike, so a name saved with a
    //     space after it is no change of the form's that a merge would put over theirs.
    self.settings = settings.trimmed
  }
}
