import Foundation
import TerminalUI

/// One `--set field=value`, parsed.
struct FieldAssignment {
  let field: String
  let value: String

  /// Parses `field=value`; the field name is compared without case, dashes or underscores, so
  /// `displayName`, `display-name` and `display_name` all work.
  init(_ text: String) throws(ExitStatus) {
    guard let equals = text.firstIndex(of: "=") else {
      throw fail("--set \(Self.shown(text)): expected field=value, with a field that help names")
    }
    self.field = String(text[..<equals])
    self.value = String(text[text.index(after: equals)...])
  }

  /// The field name as it is compared.
  var normalizedField: String {
    field.lowercased().filter { $0 != "-" && $0 != "_" }
  }

  /// `field=value` as a message repeats it: a value pasted whole (a file, a key) is cut, so the
  /// message stays readable.
  var shown: String { Self.shown("\(field)=\(value)") }
  /// The field name as a message repeats it.
  var shownField: String { Self.shown(field) }

  static func shown(_ text: String) -> String { text.truncated(toWidth: 60) }

  /// A multiselect's options: a JSON array of strings (`["a, b", "c"]`, for options that hold
  /// a comma), else `a,b,c`; each chosen once, in the order given.
  func list() -> [String] {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    // NB: An option may itself start with "[": what does not read as a JSON array is a list.
    let items =
      if trimmed.hasPrefix("["), let array = try? JSONDecoder().decode([String].self, from: Data(trimmed.utf8)) {
        array
      } else {
        value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      }
    var chosen: [String] = []
    for item in items where !chosen.contains(item) { chosen.append(item) }
    return chosen
  }

  func bool() throws(ExitStatus) -> Bool {
    switch value.lowercased() {
    case "true", "yes", "on", "1": return true
    case "false", "no", "off", "0": return false
    default: throw fail("--set \(shown): expected true or false")
    }
  }

  func int() throws(ExitStatus) -> Int {
    let text = value.trimmingCharacters(in: .whitespaces)
    guard let number = Int(text) else {
      let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
      let tooLong = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
      throw fail("--set \(shown): expected a whole number\(tooLong ? ", found one too far from zero" : "")")
    }
    return number
  }
}
