import Foundation
import SettingsFeatures
import TerminalUI

/// One `--set field=value`, parsed.
struct FieldAssignment {
  let field: String
  let value: String

  /// Parses `field=value`; the field name is compared without case, dashes or underscores, so
  /// `displayName`, `display-name` and `display_name` all work.
  init(_ text: String) throws(ExitStatus) {
    guard let equals = text.firstIndex(of: "=") else {
      throw fail("--set \(Self.shown(text)): expected field=value (a field's name, =, then its value)")
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

  /// A multiselect's items: a JSON array of strings (`["a, b", "c"]`, for options that hold
  /// a comma), else `a,b,c`.
  private func list() throws(ExitStatus) -> [String] {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    // NB: An option may itself start with "[": what does not read as a JSON array is a list.
    if trimmed.hasPrefix("["), let array = try? JSONDecoder().decode([JSONValue].self, from: Data(trimmed.utf8)) {
      return try array.map { item throws(ExitStatus) in
        guard case let .string(text) = item else {
          throw fail("--set \(shown): a JSON array of options holds strings only (\"a\", not a number or null); or give a,b,c")
        }
        return text
      }
    }
    return value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// One of `options`: the one given, else the only one that differs from it just in case
  /// (`Weekly` for `weekly`).
  func option(
    of options: [String], matchKey: @escaping @Sendable (String) -> String = { $0.lowercased() }
  ) throws(ExitStatus) -> String {
    let matcher = OptionMatcher(options, matchKey: matchKey)
    guard let index = matcher.index(of: value) else {
      throw fail("--set \(shown): " + Self.refusal(matcher, value, options))
    }
    return options[index]
  }

  /// Some of `options` (a multiselect's, given as ``list()`` reads them), each as
  /// ``option(of:)`` finds it: each chosen once, in the options' order, as the form and line
  /// mode give them (a script comparing the output gets one order whichever way it asked).
  func options(
    of options: [String], matchKey: @escaping @Sendable (String) -> String = { $0.lowercased() }
  ) throws(ExitStatus) -> [String] {
    let matcher = OptionMatcher(options, matchKey: matchKey)
    var chosen = Set<Int>()
    for item in try list() {
      guard let index = matcher.index(of: item) else {
        let named = matcher.ambiguities(of: item).isEmpty ? "is not an option; " : ""
        // NB: a,b,c splits at commas: an option that holds one is named in a JSON array.
        let comma = options.first(where: { $0.contains(",") }).map { option in
          // NB: Quoted as the shell and JSON read it where it needs no escapes; else an example.
          let example = option.contains(where: { "\"'\\".contains($0) }) ? "a, b" : Self.shown(option)
          return value.hasPrefix("[") ? "" : " (an option with a comma goes in a JSON array: --set \(shownField)='[\"\(example)\"]')"
        } ?? ""
        throw fail("--set \(shownField): \"\(Self.shown(item))\" \(named)" + Self.refusal(matcher, item, options) + comma)
      }
      chosen.insert(index)
    }
    return chosen.sorted().map { options[$0] }
  }

  /// Why `value` names no option: it names several, differing only in case or accents (give
  /// one as written), or none.
  private static func refusal(_ matcher: OptionMatcher, _ value: String, _ options: [String]) -> String {
    guard let ambiguity = matcher.ambiguity(of: value, in: options, listed: choices) else {
      return "expected \(choices(options))"
    }
    return ambiguity + "; give one as it is written"
  }

  /// The options as a message names them: `daily, weekly or off`; a long list by its first few.
  /// An option with more than letters, digits, `-`, `_` and `.` is quoted (`"a, b"`), so the
  /// list reads one way.
  static func choices(_ options: [String]) -> String {
    let plain = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
    let named = options.prefix(6).map { option in
      let text = shown(option)
      return !text.isEmpty && text.unicodeScalars.allSatisfy(plain.contains) ? text : "\"\(text)\""
    }
    guard let last = named.last else { return "no value: the field has no options" }
    if options.count > named.count {
      return "one of \(options.count) options: \(named.joined(separator: ", ")), ..."
    }
    return named.count == 1 ? last : "\(named.dropLast().joined(separator: ", ")) or \(last)"
  }

  func bool() throws(ExitStatus) -> Bool {
    guard let answer = YesOrNo.answer(value) else {
      throw fail(
        "--set \(shown): expected yes or no (\(YesOrNo.yes.joined(separator: ", ")); \(YesOrNo.no.joined(separator: ", ")))")
    }
    return answer
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
