import Foundation

/// Parses JSON text into Foundation values (dictionaries, arrays, strings, numbers, booleans).
func parseJSON(_ text: String) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// Parses a JSON object; fails with the text when it is something else.
func parseJSONObject(_ text: String) throws -> [String: Any] {
  guard let object = try parseJSON(text) as? [String: Any] else {
    throw ProcessFailure(description: "expected a JSON object, got:\n\(text)")
  }
  return object
}

/// Parses a JSON array of objects; fails with the text when it is something else.
func parseJSONArray(_ text: String) throws -> [[String: Any]] {
  guard let array = try parseJSON(text) as? [[String: Any]] else {
    throw ProcessFailure(description: "expected a JSON array of objects, got:\n\(text)")
  }
  return array
}

/// A settings file's values, compared as plain values (all six keys, nothing else).
struct SavedSettings: Codable, Equatable {
  var digest = "daily"
  var displayName = ""
  var enableNotifications = false
  var protectMyPosts = false
  var sendEmailNotifications = false
  var sendMobileNotifications = false

  static let keys: Set<String> = [
    "digest", "displayName", "enableNotifications", "protectMyPosts", "sendEmailNotifications",
    "sendMobileNotifications",
  ]

  /// Reads the values from JSON text that must hold exactly the six keys, with the right types.
  static func parse(_ text: String) throws -> SavedSettings {
    let object = try parseJSONObject(text)
    guard Set(object.keys) == keys else {
      throw ProcessFailure(
        description: "expected exactly the keys \(keys.sorted()), got:\n\(text)")
    }
    return try JSONDecoder().decode(SavedSettings.self, from: Data(text.utf8))
  }
}

/// A client as `settings-tui clients` and `client --json` print it.
struct SavedClient: Codable, Equatable {
  var name: String
  var email: String
  var age: Int
}
