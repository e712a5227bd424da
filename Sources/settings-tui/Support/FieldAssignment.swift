import Foundation

/// One `--set field=value`, parsed.
struct FieldAssignment {
  let field: String
  let value: String

  /// Parses `field=value`; the field name is compared without case, dashes or underscores, so
  /// `displayName`, `display-name` and `display_name` all work.
  init(_ text: String) throws(ExitStatus) {
    guard let equals = text.firstIndex(of: "=") else {
      throw fail("--set \(text): expected field=value, e.g. --set displayName=Blob")
    }
    self.field = String(text[..<equals])
    self.value = String(text[text.index(after: equals)...])
  }

  /// The field name as it is compared.
  var normalizedField: String {
    field.lowercased().filter { $0 != "-" && $0 != "_" }
  }

  func bool() throws(ExitStatus) -> Bool {
    switch value.lowercased() {
    case "true", "yes", "on", "1": return true
    case "false", "no", "off", "0": return false
    default: throw fail("--set \(field)=\(value): expected true or false")
    }
  }

  func int() throws(ExitStatus) -> Int {
    guard let number = Int(value.trimmingCharacters(in: .whitespaces)) else {
      throw fail("--set \(field)=\(value): expected a whole number")
    }
    return number
  }
}
