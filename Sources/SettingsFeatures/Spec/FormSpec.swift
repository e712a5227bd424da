import ComposableForms
import Foundation
import TerminalUI

/// A form described in JSON, for `settings-tui form SPEC.json`: a title, fields (or pages of
/// fields), each with a key, a kind, a label, a description, a default, options and rules.
///
/// ```json
/// {
///   "title": "Deploy",
///   "fields": [
///     {"key": "service", "kind": "text", "label": "Service", "required": true, "pattern": "[a-z-]+"},
///     {"key": "env", "kind": "select", "label": "Environment", "options": ["dev", "staging", "prod"]},
///     {"key": "replicas", "kind": "number", "label": "Replicas", "min": 1, "max": 20, "default": 2},
///     {"key": "confirm", "kind": "confirm", "label": "Go ahead?", "default": true}
///   ]
/// }
/// ```
///
/// ``parse(_:)`` reports every mistake with its place in the document (`$.fields[2].kind`).
public struct FormSpec: Hashable, Sendable {
  /// The largest whole number (of either sign) a spec's number holds: every whole number up to
  /// it is exact in the `Double` a JSON parser reads.
  static let wholeNumberLimit = 999_999_999_999_999
  /// The whole numbers a spec takes, in words for a message.
  static var wholeNumberRange: String { "from -\(wholeNumberLimit) to \(wholeNumberLimit)" }

  /// Whether `number` is whole and within ``wholeNumberLimit``.
  static func isWholeNumberInRange(_ number: Double) -> Bool {
    number == number.rounded() && abs(number) <= Double(wholeNumberLimit)
  }

  public var title: String
  public var submitTitle: String
  /// The pages' titles, in order; empty for a spec without pages.
  public var pages: [String] = []
  public var fields: [Field]

  /// One field of the form.
  public struct Field: Hashable, Sendable {
    /// Where the field is in the spec's JSON, e.g. `$.pages[1].fields[0]`.
    public var path: String
    public var key: String
    public var kind: Kind
    public var label: String
    public var description: String?
    /// The page the field is on (an index into ``FormSpec/pages``); 0 without pages.
    public var page: Int
    public var defaultValue: Value
    /// A list's options; for one whose options follow a select (``optionsBy``), every option
    /// any of its lists holds, in the select's order.
    public var options: [String]
    /// The index of the select, earlier in the form, whose value chooses this list's options
    /// (`"optionsBy"` names its key); `nil`: the options are always ``options``.
    public var optionsBy: Int?
    /// With ``optionsBy``: the options offered while the select holds each of its options.
    public var optionsByValue: [String: [String]] = [:]
    /// What the list shows for an option given as `{"value": …, "label": …}`, by its value
    /// (the value is what the output holds and `--set` takes).
    public var optionLabels: [String: String] = [:]
    public var required: Bool
    public var minimum: Int?
    public var maximum: Int?
    public var minLength: Int?
    public var maxLength: Int?
    public var pattern: String?
    /// What a value that does not match `pattern` is told, in the person's words; `nil`:
    /// "Must match" and the pattern.
    public var patternError: String?
    public var oneOf: [String]?
    /// A note's text.
    public var text: String
    /// How many options a list shows, or rows a text area has.
    public var rows: Int?
    /// A secret's echo: bullets (the default) or none.
    public var hidesEcho: Bool

    /// What the list and line mode show for the option `value`: its label, else the value.
    public func title(of value: String) -> String {
      optionLabels[value] ?? value
    }

    /// The options offered while the select ``optionsBy`` holds `value` (always ``options``
    /// for a list whose options are fixed).
    public func options(when value: String) -> [String] {
      optionsBy == nil ? options : optionsByValue[value] ?? []
    }

    /// The choice a select takes while the select it follows holds `value` and its own choice
    /// is not offered there: its default where offered, else the first option.
    public func fallbackChoice(when value: String) -> String {
      let options = options(when: value)
      return defaultValue.text.flatMap { options.contains($0) ? $0 : nil } ?? options.first ?? ""
    }

    /// The most characters a text kind holds, the one fact its control, its rule and line mode
    /// share: `maxLength`, else 1,000 (10,000 in a text area), so that a paste cannot grow a
    /// value without bound and `--no-input` takes no more than the form would.
    public var lengthLimit: Int { maxLength ?? (kind == .textarea ? 10_000 : 1_000) }

    /// A number's range, the one fact its control, its rule and line mode share: `min`...`max`;
    /// without `min` it starts at 0 (at Int32's least where `max` is negative), without `max` it
    /// ends at Int32's most (at Int's where `min` is above that).
    public var numberRange: ClosedRange<Int> {
      let lower = minimum ?? (maximum.map { $0 < 0 ? Int(Int32.min) : 0 } ?? 0)
      let upper = maximum ?? (lower > Int(Int32.max) ? Int.max : Int(Int32.max))
      // NB: A spec with min above max is refused before any field is made; never trap here.
      return lower...max(lower, upper)
    }
  }

  /// The kinds of field a spec can ask for.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    case text, textarea, secret, toggle, confirm, select, multiselect, number, note

    /// What the field holds.
    var valueType: String {
      switch self {
      case .text, .textarea, .secret, .select: "a string"
      case .toggle, .confirm: "true or false"
      case .multiselect: "an array of strings"
      case .number: "a whole number"
      case .note: "nothing"
      }
    }
  }

  /// A field's value.
  public enum Value: Hashable, Sendable {
    case text(String)
    case flag(Bool)
    case number(Int)
    case list([String])
    case none
  }

  /// What is wrong with a spec: every mistake, each with its place.
  public struct Problems: Error, Hashable, Sendable, CustomStringConvertible {
    public var messages: [String]
    public var description: String { messages.joined(separator: "\n") }
  }
}

extension FormSpec {
  /// The spec in `bytes` (JSON), or every mistake in it.
  public static func parse(_ bytes: [UInt8]) throws(Problems) -> FormSpec {
    let root: JSONValue
    do {
      root = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    } catch {
      throw Problems(messages: [syntaxProblem(in: bytes, error: error)])
    }
    if let comma = TrailingJSONComma.first(in: bytes) {
      throw Problems(messages: [
        "\(TextPosition(offset: comma, in: bytes)): a comma after the last item, which JSON does not allow (jq and most parsers refuse it): remove it"
      ])
    }
    var parser = Parser()
    if let repeated = RepeatedJSONKey.first(in: bytes) {
      parser.problem(repeated.path, "appears twice (again at \(repeated.position)); keep one")
    }
    let spec = parser.spec(root)
    guard parser.problems.isEmpty, let spec else { throw Problems(messages: parser.problems) }
    return spec
  }

  /// Why `bytes` are not JSON, in words a person can act on: empty, not UTF-8, nested deeper
  /// than a parser follows, or where the text stops being JSON.
  private static func syntaxProblem(in bytes: [UInt8], error: any Error) -> String {
    if bytes.allSatisfy(JSONTokens.isWhitespace) {
      return "$: the spec is empty (expected a JSON object with \"title\" and \"fields\")"
    }
    if let offset = firstInvalidUTF8(in: bytes) {
      return "\(TextPosition(offset: offset, in: bytes)): not valid UTF-8 (a spec is UTF-8 text)"
    }
    if nestingDepth(of: bytes) > maximumNesting {
      return "$: nested more than \(maximumNesting) levels deep, deeper than a JSON parser follows"
    }
    if case let DecodingError.dataCorrupted(context) = error, !context.codingPath.isEmpty {
      // NB: Valid JSON with a value nothing can hold: the value's place, as other mistakes have.
      let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      return "$\(path): \(context.debugDescription)"
    }
    // NB: The parser gives no place for a bad \u escape (a Windows path's \users), and takes a
    //     lone surrogate for the end of the file: found here, first.
    if let offset = BadUnicodeEscape.first(in: bytes) {
      return "\(TextPosition(offset: offset, in: bytes)): not valid JSON "
        + "(\\u takes four hex digits, and a surrogate its pair; a backslash itself is \\\\)"
    }
    let description = parserDescription(of: bytes)
    if description?.localizedCaseInsensitiveContains("end of file") == true {
      return "\(TextPosition(offset: bytes.count, in: bytes)): the JSON ends before it is complete "
        + "(a bracket, brace or quote left open: a file cut short?)"
    }
    if let offset = syntaxErrorOffset(in: bytes, description: description) {
      let hint = JSONSyntaxHint.at(offset, in: bytes).map { " (\($0))" } ?? ""
      return "\(TextPosition(offset: offset, in: bytes)): not valid JSON\(hint)"
    }
    return "$: not valid JSON (\(describe(error)))"
  }

  /// How deep Foundation's parser follows arrays and objects.
  private static let maximumNesting = 512

  /// The byte offset of the first byte that is not part of valid UTF-8.
  private static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
    var iterator = bytes.makeIterator()
    var decoder = Unicode.UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case let .scalarValue(scalar): offset += UTF8.width(scalar)
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// The deepest nesting of arrays and objects, brackets inside strings aside.
  private static func nestingDepth(of bytes: [UInt8]) -> Int {
    var depth = 0
    var deepest = 0
    for token in JSONTokens(bytes) {
      switch token.kind {
      case .openObject, .openArray:
        depth += 1
        deepest = max(deepest, depth)
      case .close:
        depth -= 1
      default:
        break
      }
    }
    return deepest
  }

  /// Where the JSON in `bytes` stops being JSON (a byte offset), when Foundation's parser says
  /// ("… around character 36." in its debug description; its decoder does not say).
  private static func syntaxErrorOffset(in bytes: [UInt8], description: String?) -> Int? {
    guard let description, let marker = description.range(of: "around character "),
      let counted = Int(description[marker.upperBound...].prefix { $0.isNumber })
    else { return nil }
    // NB: Counted after a byte order mark, which the parser skips.
    let offset = counted + (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
    return offset <= bytes.count ? offset : nil
  }

  /// What Foundation's parser says is wrong with `bytes`, or `nil` when it takes them.
  private static func parserDescription(of bytes: [UInt8]) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
      return nil
    } catch {
      return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
    }
  }

  private static func describe(_ error: any Error) -> String {
    if case let DecodingError.dataCorrupted(context) = error {
      return (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
    }
    return "\(error)"
  }
}

/// Reads a spec from its JSON, collecting every problem with its JSON path.
private struct Parser {
  var problems: [String] = []
  /// Each key given so far, with the path of the field that gave it first.
  var keysSeen: [String: String] = [:]
  /// The fields read so far, in order: a list's `optionsBy` names one of them.
  var fieldsSoFar: [FormSpec.Field] = []
  /// Every key the spec's fields give, read before them, so that `optionsBy` naming a field
  /// further down can say so.
  var keysInSpec: Set<String> = []

  mutating func problem(_ path: String, _ message: String) {
    problems.append("\(path): \(message)")
  }

  mutating func spec(_ root: JSONValue) -> FormSpec? {
    guard case let .object(pairs) = root else {
      problem("$", "expected an object with \"title\" and \"fields\" (or \"pages\"), found \(root.kindName)")
      return nil
    }
    let object = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    for key in Self.sortedKeys(pairs) where !["title", "submit", "fields", "pages"].contains(key) {
      problem("$.\(key)", "unknown key (expected title, submit, fields or pages)")
    }
    let title = shownLine(object["title"], "$.title", leftOut: "\"Form\"") ?? "Form"
    let submit = shownLine(object["submit"], "$.submit", leftOut: "\"Submit\"") ?? "Submit"
    var fields: [FormSpec.Field] = []
    var pageTitles: [String] = []
    keysInSpec = Self.keys(in: object)
    switch (object["fields"], object["pages"]) {
    case (nil, nil):
      problem("$", "expected \"fields\" (an array of fields) or \"pages\"")
    case (.some, .some):
      problem("$", "give either \"fields\" or \"pages\", not both")
    case let (fieldList?, nil):
      fields = self.fields(fieldList, "$.fields", page: 0)
    case let (nil, pageList?):
      guard case let .array(pages) = pageList else {
        problem("$.pages", "expected an array of pages, found \(pageList.kindName)")
        break
      }
      for (index, page) in pages.enumerated() {
        let path = "$.pages[\(index)]"
        guard case let .object(pagePairs) = page else {
          problem(path, "expected a page object with \"title\" and \"fields\", found \(page.kindName)")
          continue
        }
        let pageObject = Dictionary(pagePairs, uniquingKeysWith: { first, _ in first })
        for key in Self.sortedKeys(pagePairs) where !["title", "fields"].contains(key) {
          problem("\(path).\(key)", "unknown key (expected title or fields)")
        }
        pageTitles.append(shownLine(pageObject["title"], "\(path).title", leftOut: "\"Page \(index + 1)\"") ?? "Page \(index + 1)")
        guard let pageFields = pageObject["fields"] else {
          problem(path, "expected \"fields\"")
          continue
        }
        let onPage = self.fields(pageFields, "\(path).fields", page: pageTitles.count - 1)
        if case let .array(items) = pageFields, items.isEmpty {
          // NB: Such a page was never shown: the form opened on the next.
          problem("\(path).fields", "a page needs a field that takes input; this one has no fields")
        } else if !onPage.isEmpty, onPage.allSatisfy({ $0.kind == .note }) {
          problem("\(path).fields", "a page needs a field that takes input, not only notes")
        }
        fields += onPage
      }
    }
    if fields.isEmpty && problems.isEmpty { problem("$", "the form has no fields") }
    if pageTitles.isEmpty, !fields.isEmpty, fields.allSatisfy({ $0.kind == .note }) {
      problem("$.fields", "a form needs a field that takes input, not only notes")
    }
    return FormSpec(title: title, submitTitle: submit, pages: pageTitles, fields: fields)
  }

  /// The keys the fields of a spec's root `object` give (in "fields" or in the pages'), as
  /// written, before any is checked.
  static func keys(in object: [String: JSONValue]) -> Set<String> {
    var lists: [JSONValue] = object["fields"].map { [$0] } ?? []
    if case let .array(pages)? = object["pages"] {
      for case let .object(pairs) in pages { lists += pairs.filter { $0.key == "fields" }.map(\.value) }
    }
    var keys = Set<String>()
    for case let .array(items) in lists {
      for case let .object(pairs) in items {
        for case (key: "key", value: .string(let key)) in pairs { keys.insert(key) }
      }
    }
    return keys
  }

  mutating func fields(_ value: JSONValue, _ path: String, page: Int) -> [FormSpec.Field] {
    guard case let .array(items) = value else {
      problem(path, "expected an array of fields, found \(value.kindName)")
      return []
    }
    return items.enumerated().compactMap { index, item in
      let field = field(item, "\(path)[\(index)]", page: page)
      if let field { fieldsSoFar.append(field) }
      return field
    }
  }

  static let fieldKeys: Set<String> = [
    "key", "kind", "label", "description", "default", "options", "optionsBy", "required", "min", "max",
    "minLength", "maxLength", "pattern", "patternError", "oneOf", "text", "rows", "echo",
  ]

  /// An object's keys in one order from run to run: the decoder hands them over in its
  /// dictionary's order, which changes with every process.
  static func sortedKeys(_ pairs: [(key: String, value: JSONValue)]) -> [String] {
    pairs.map(\.key).sorted()
  }

  /// The kinds each key of a field applies to; a key missing here applies to every kind.
  static let kindsTaking: [String: [FormSpec.Kind]] = [
    "required": FormSpec.Kind.allCases.filter { $0 != .note },
    "options": [.select, .multiselect],
    "optionsBy": [.select, .multiselect],
    "min": [.number, .multiselect],
    "max": [.number, .multiselect],
    "minLength": [.text, .textarea, .secret],
    "maxLength": [.text, .textarea, .secret],
    "pattern": [.text, .textarea, .secret],
    "patternError": [.text, .textarea, .secret],
    "oneOf": [.text, .textarea, .secret],
    "text": [.note],
    "rows": [.textarea, .select, .multiselect],
    "echo": [.secret],
  ]

  /// "a", "a or b", "a, b or c".
  static func list(_ names: [String]) -> String {
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " or " + last
  }

  mutating func field(_ value: JSONValue, _ path: String, page: Int) -> FormSpec.Field? {
    guard case let .object(pairs) = value else {
      problem(path, "expected a field object, found \(value.kindName)")
      return nil
    }
    let object = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    for key in Self.sortedKeys(pairs) where !Self.fieldKeys.contains(key) {
      let meant = NearestName.to(key, among: Self.fieldKeys.sorted()).map { "did you mean \"\($0)\"? " } ?? ""
      problem("\(path).\(key)", "unknown key (\(meant)expected one of \(Self.fieldKeys.sorted().joined(separator: ", ")))")
    }
    // NB: Left out, a field is text; `null` (a jq variable left unset) names no kind, and
    //     taken for text it would quietly change what the field asks.
    if object["kind"] == .null {
      problem("\(path).kind", "null is no kind (expected one of \(FormSpec.Kind.allCases.map(\.rawValue).joined(separator: ", ")); leave kind out for text)")
    }
    let kindName = string(object["kind"], "\(path).kind") ?? "text"
    // NB: Checked before the kind, so a field of an unknown kind still names a duplicate key
    //     in the same run, not in the next one.
    if kindName != FormSpec.Kind.note.rawValue, case let .string(key)? = object["key"] {
      if let first = keysSeen[key] {
        problem("\(path).key", "duplicate key \"\(key)\" (first used at \(first))")
      } else {
        keysSeen[key] = path
      }
    }
    guard let kind = FormSpec.Kind(rawValue: kindName) else {
      let kinds = FormSpec.Kind.allCases.map(\.rawValue)
      let meant = NearestName.to(kindName, among: kinds).map { "did you mean \"\($0)\"? " } ?? ""
      problem("\(path).kind", "unknown kind \"\(kindName)\" (\(meant)expected one of \(kinds.joined(separator: ", ")))")
      return nil
    }
    // NB: A rule the kind does not apply would be ignored, and the script's author would
    //     believe the value checked.
    for key in Self.sortedKeys(pairs) {
      if let kinds = Self.kindsTaking[key], !kinds.contains(kind) {
        problem(
          "\(path).\(key)",
          "a \(kind.rawValue) takes no \(key) (it applies to \(Self.list(kinds.map(\.rawValue))))")
      }
    }
    let key = string(object["key"], "\(path).key")
    if key == nil && kind != .note { problem(path, "expected \"key\", the name the value is printed under") }
    // NB: `--set key=value` names a field by what comes before the first "=".
    if let key, key.isEmpty || key.contains("=") || key.unicodeScalars.contains(where: Self.isControl) {
      problem("\(path).key", "a key must be a non-empty name without \"=\" or control characters")
    }
    var field = FormSpec.Field(
      path: path, key: key ?? "", kind: kind, label: shownLine(object["label"], "\(path).label", leftOut: key == nil ? nil : "the key") ?? key ?? "",
      description: shownLine(object["description"], "\(path).description", leftOut: nil), page: page,
      defaultValue: .none, options: [],
      required: bool(object["required"], "\(path).required") ?? false,
      minimum: int(object["min"], "\(path).min"), maximum: int(object["max"], "\(path).max"),
      minLength: int(object["minLength"], "\(path).minLength"),
      maxLength: int(object["maxLength"], "\(path).maxLength"),
      pattern: string(object["pattern"], "\(path).pattern"),
      patternError: line(object["patternError"], "\(path).patternError"),
      oneOf: strings(object["oneOf"], "\(path).oneOf"),
      text: noteText(object["text"], "\(path).text"),
      rows: int(object["rows"], "\(path).rows"), hidesEcho: false)
    // NB: With optionsBy, options is an object: a list for each option of that select.
    let optionsIsObject = { if case .object? = object["options"] { true } else { false } }()
    var optionLists: [(path: String, options: [String])] = []
    if object["optionsBy"] == nil, optionsIsObject {
      problem(
        "\(path).options",
        "expected an array of strings, found an object (lists that follow a select need optionsBy, naming it)")
    } else if object["optionsBy"] == nil {
      field.options = options(object["options"], "\(path).options", labels: &field.optionLabels) ?? []
      optionLists = [("\(path).options", field.options)]
    } else if let by = string(object["optionsBy"], "\(path).optionsBy") {
      optionLists = optionsBy(by, object["options"], &field, path)
    }
    if let echo = string(object["echo"], "\(path).echo") {
      switch echo {
      case "bullets": field.hidesEcho = false
      case "none": field.hidesEcho = true
      default: problem("\(path).echo", "expected \"bullets\" or \"none\"")
      }
    }
    if let rows = field.rows, rows < 1 || rows > 50 { problem("\(path).rows", "expected 1 to 50") }
    if field.patternError?.isEmpty == true {
      problem("\(path).patternError", "an empty patternError says nothing: leave it out for \"Must match\" and the pattern")
    } else if field.patternError != nil, object["pattern"] == nil, Self.kindsTaking["pattern"]?.contains(kind) == true {
      problem("\(path).patternError", "says what a value that does not match pattern is told: give pattern too")
    }
    if let pattern = field.pattern, pattern.isEmpty {
      problem("\(path).pattern", "an empty pattern matches only empty text: leave pattern out for any text")
      field.pattern = nil
    } else if let pattern = field.pattern, let reason = Self.regexProblem(pattern) {
      problem("\(path).pattern", "not a valid regular expression: \(reason)")
      // NB: Said once: the default is not judged again by a rule that cannot run.
      field.pattern = nil
    }
    // NB: Options given that are all wrong were each named already: not said again here.
    let optionsNamedWrong = !problems.filter { $0.hasPrefix("\(path).options") }.isEmpty
    if [.select, .multiselect].contains(kind) && object["optionsBy"] == nil && !optionsIsObject && field.options.isEmpty
      && !optionsNamedWrong
    {
      problem("\(path).options", "a \(kind.rawValue) needs options (an array of strings)")
    }
    for (listPath, options) in optionLists {
      // NB: An option is a row of a list and a value in the output, as it is written: one line
      //     of text that shows. Every such option is named, not only the first.
      for index in options.indices where !Self.isVisibleLine(options[index]) {
        problem(
          "\(listPath)[\(index)]",
          "an option must be one line of visible text (no line breaks, tabs, control or direction characters, not empty)")
      }
      // NB: Line mode's answers and --set are read without spaces at either end, and a list
      //     shows none: " x" could not be told from "x", nor chosen by name.
      for index in options.indices
      where Self.isVisibleLine(options[index]) && (options[index].first?.isWhitespace == true || options[index].last?.isWhitespace == true) {
        problem(
          "\(listPath)[\(index)]",
          "an option cannot start or end with a space: it could not be told from the same option without one, nor typed")
      }
      // NB: Two equal options could not be told apart in the form or in its output.
      var seen = Set<String>()
      if let index = options.indices.first(where: { !seen.insert(options[$0]).inserted }) {
        problem("\(listPath)[\(index)]", "\"\(options[index].truncated(toWidth: 40))\" appears twice; keep one")
      } else if !field.optionLabels.isEmpty {
        // NB: Nor two that show alike, labelled or not.
        var shown = Set<String>()
        if let index = options.indices.first(where: { !shown.insert(field.title(of: options[$0])).inserted }) {
          problem(
            "\(listPath)[\(index)]",
            "shows as \"\(field.title(of: options[index]).truncated(toWidth: 40))\", as another option does: give each its own label")
        }
      }
      if kind == .multiselect, !options.isEmpty, let minimum = field.minimum, minimum > options.count {
        problem(
          "\(path).min",
          "min (\(minimum)) is more than the \(options.count) option\(options.count == 1 ? "" : "s")"
            + (listPath == "\(path).options" ? "" : " at \(listPath)"))
      }
    }
    if let minimum = field.minimum, let maximum = field.maximum, minimum > maximum {
      problem("\(path).min", "min (\(minimum)) is larger than max (\(maximum))")
    }
    // NB: Rules no value can meet would make a form nobody can submit.
    for (name, length) in [("minLength", field.minLength), ("maxLength", field.maxLength)] {
      if let length, length < 0 { problem("\(path).\(name)", "expected 0 or more") }
    }
    if let minLength = field.minLength, let maxLength = field.maxLength, minLength > maxLength {
      problem("\(path).minLength", "minLength (\(minLength)) is larger than maxLength (\(maxLength))")
    } else if let minLength = field.minLength, field.maxLength == nil, minLength > field.lengthLimit {
      problem("\(path).minLength", "minLength (\(minLength)) is more than a \(kind.rawValue) holds without maxLength (\(field.lengthLimit))")
    }
    if let oneOf = field.oneOf, oneOf.isEmpty {
      problem("\(path).oneOf", "no value could be chosen: give at least one")
    }
    if kind == .multiselect, let maximum = field.maximum, maximum < 1 {
      problem("\(path).max", "expected 1 or more: with \(maximum), nothing could be chosen")
    }
    if kind == .multiselect, let minimum = field.minimum, minimum < 0 {
      problem("\(path).min", "expected 0 or more")
    }
    if field.required, kind != .multiselect, field.maxLength == 0 {
      problem("\(path).required", "a required \(kind.rawValue) needs room for a value: maxLength is 0")
    }
    field.defaultValue = defaultValue(object["default"], field, "\(path).default")
    // NB: A list that follows a select starts with the options of the select's first choice.
    let select = field.optionsBy.map { fieldsSoFar[$0] }
    let selected = field.optionsBy.map(firstChoice(of:)) ?? ""
    if select != nil, object["default"] == nil || object["default"] == .null, kind == .select {
      field.defaultValue = .text(field.options(when: selected).first ?? "")
    }
    // NB: A multiselect's values are kept in the options' order, as the form, line mode and
    //     --set give them: a default listed in another order is put in it, so a script gets
    //     one order whichever way the values came.
    if kind == .multiselect, case let .list(items) = field.defaultValue {
      let options = field.options(when: selected)
      let place = { (item: String) in options.firstIndex(of: item) ?? options.count }
      field.defaultValue = .list(items.enumerated().sorted { (place($0.element), $0.offset) < (place($1.element), $1.offset) }.map(\.element))
    }
    if let value = object["default"], value != .null, kind == .select, let select,
      case let .text(text) = field.defaultValue
    {
      // NB: A select that follows another takes its default wherever the other's choice offers
      //     it (``SpecForm/State/followSelects(before:)``), and starts at its first option
      //     where the first choice does not: a default one of the lists offers will do.
      if !field.optionsByValue.values.contains(where: { $0.contains(text) }) {
        problem(
          "\(path).default",
          "the default breaks its own rule: \"\(text.truncated(toWidth: 40))\" is not one of the options "
            + "for any choice of \(select.key)")
      }
    } else if let value = object["default"], value != .null,
      let broken = FormSpec.error(
        of: field, value: field.defaultValue, requiredToo: false,
        offered: select.map { (field.options(when: selected), when: FormSpec.when($0, is: selected)) })
    {
      problem("\(path).default", "the default breaks its own rule: \(broken)")
    }
    return field
  }

  /// The choice the select at `index` of the fields so far starts with: its default, unless
  /// it follows a select whose first choice does not offer it (then its first option, as
  /// ``SpecForm/State/init()`` starts it).
  func firstChoice(of index: Int) -> String {
    let field = fieldsSoFar[index]
    guard let select = field.optionsBy else { return field.defaultValue.text ?? "" }
    return field.fallbackChoice(when: firstChoice(of: select))
  }

  /// A list whose options follow the select `key` names: that select's index in `field`, and
  /// `options` (an object with a list for each of the select's options) in `field` too; the
  /// lists with their paths, for the checks every list gets.
  mutating func optionsBy(
    _ key: String, _ options: JSONValue?, _ field: inout FormSpec.Field, _ path: String
  ) -> [(path: String, options: [String])] {
    // NB: Said once, by the check of the keys each kind takes.
    guard [.select, .multiselect].contains(field.kind) else { return [] }
    guard let index = fieldsSoFar.lastIndex(where: { $0.key == key }) else {
      let earlier = fieldsSoFar.filter { $0.kind == .select }.map(\.key)
      problem(
        "\(path).optionsBy",
        (keysInSpec.contains(key) && key != field.key
          ? "\(key) comes after this field: a list can follow only a select above it"
          : "no select named \"\(key.truncated(toWidth: 40))\" comes before this field")
          + (earlier.isEmpty ? "" : " (selects before it: \(earlier.joined(separator: ", ")))"))
      return []
    }
    let select = fieldsSoFar[index]
    guard select.kind == .select else {
      problem("\(path).optionsBy", "\(key) is a \(select.kind.rawValue); the options can follow only a select")
      return []
    }
    guard case let .object(pairs)? = options else {
      problem(
        "\(path).options",
        "with optionsBy, expected an object with a list of options for each option of \(key), found "
          + (options?.kindName ?? "nothing"))
      return []
    }
    let given = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    for name in Self.sortedKeys(pairs) where !select.options.contains(name) {
      problem("\(path).options\(Self.member(name))", "\(key) has no option \"\(name.truncated(toWidth: 40))\"")
    }
    var lists: [(path: String, options: [String])] = []
    var all: [String] = []
    var seen = Set<String>()
    for option in select.options {
      let listPath = "\(path).options\(Self.member(option))"
      guard let list = given[option] else {
        problem("\(path).options", "no list for \"\(option)\", an option of \(key) (give one, with at least one option)")
        continue
      }
      let items = self.options(list, listPath, labels: &field.optionLabels) ?? []
      if case let .array(given) = list, given.isEmpty {
        problem(listPath, "a \(field.kind.rawValue) needs options here too: give at least one")
      }
      field.optionsByValue[option] = items
      lists.append((listPath, items))
      for item in items where seen.insert(item).inserted { all.append(item) }
    }
    field.optionsBy = index
    field.options = all
    return lists
  }

  /// An object's member in a path, as JSONPath writes one whose name may hold any character:
  /// `["us east"]`, `["a.b"]`.
  static func member(_ name: String) -> String {
    "[\"" + name.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\"]"
  }

  mutating func defaultValue(_ value: JSONValue?, _ field: FormSpec.Field, _ path: String) -> FormSpec.Value {
    let wrong = { (self: inout Parser, found: JSONValue) in
      self.problem(path, "expected \(field.kind.valueType) for a \(field.kind.rawValue), found \(found.kindName)")
    }
    switch (field.kind, value) {
    case (.note, nil), (.note, .null?): return .none
    case (.note, let value?):
      wrong(&self, value)
      return .none
    case (.text, nil), (.textarea, nil), (.secret, nil), (.text, .null?), (.textarea, .null?), (.secret, .null?): return .text("")
    case (.text, .string(let text)?), (.textarea, .string(let text)?), (.secret, .string(let text)?): return .text(text)
    case (.select, nil), (.select, .null?): return .text(field.options.first ?? "")
    case (.select, .string(let text)?): return .text(text)
    case (.toggle, nil), (.confirm, nil), (.toggle, .null?), (.confirm, .null?): return .flag(false)
    case (.toggle, .bool(let flag)?), (.confirm, .bool(let flag)?): return .flag(flag)
    case (.number, nil), (.number, .null?):
      // NB: Zero, or the end of the range nearest to it.
      let range = field.numberRange
      return .number(min(max(0, range.lowerBound), range.upperBound))
    case (.number, .number(let number)?) where FormSpec.isWholeNumberInRange(number):
      return .number(Int(number))
    case (.number, .number(let number)?) where number == number.rounded():
      problem(path, "expected a whole number \(FormSpec.wholeNumberRange), found one further from zero")
      return FormSpec.Value.empty(for: field)
    case (.multiselect, nil), (.multiselect, .null?): return .list([])
    case (.multiselect, .array(let items)?) where items.allSatisfy({ if case .string = $0 { true } else { false } }):
      return .list(items.compactMap { if case let .string(text) = $0 { text } else { nil } })
    case (_, let value?):
      wrong(&self, value)
      return FormSpec.Value.empty(for: field)
    }
  }

  /// A string shown on one line (a title, a label, a description): line breaks and tabs become
  /// a space (each run of them one), as the form and line mode both show it on a line; the
  /// words on either side were run together. Other control characters (Esc, a bell) are
  /// refused, as in options and defaults: they are no text, and may be a terminal's commands.
  mutating func line(_ value: JSONValue?, _ path: String) -> String? {
    guard let text = string(value, path) else { return nil }
    guard text.unicodeScalars.contains(where: Self.isControl) else { return text }
    if refusesControlCharacters(text, path, allowing: Self.lineBreaksAndTabs) { return nil }
    var result = String.UnicodeScalarView()
    var inRun = false
    for scalar in text.unicodeScalars {
      if Self.isControl(scalar) {
        if !inRun { result.append(" ") }
        inRun = true
      } else {
        result.append(scalar)
        inRun = false
      }
    }
    return String(result)
  }

  /// Why `pattern` is no regular expression (the parser's words: "expected ')'"), or `nil`.
  static func regexProblem(_ pattern: String) -> String? {
    do {
      _ = try Regex(pattern)
      return nil
    } catch {
      return String(describing: error)
    }
  }

  /// A title or a label, where given: one that is blank (empty, spaces, invisible characters
  /// only, as `Rule.required` reads a text) is refused, since it shows as nothing: an empty
  /// button, a question line mode asks as a bare ": " that a screen reader reads as nothing.
  /// Leaving it out gives `leftOut` (nothing: a description).
  mutating func shownLine(_ value: JSONValue?, _ path: String, leftOut: String?) -> String? {
    guard let text = line(value, path) else { return nil }
    guard Rule<String>.required("").validate(text) == nil else {
      problem(path, "blank, so it would show as nothing: give a text, or leave it out" + (leftOut.map { " for \($0)" } ?? ""))
      return nil
    }
    return text
  }

  /// Control characters, and the line and paragraph separators (U+2028, U+2029).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
  }

  /// The control characters that lay text out: line breaks (`\n`, `\r`, U+2028, U+2029) and tabs.
  static let lineBreaksAndTabs: Set<Unicode.Scalar> = ["\n", "\r", "\t", "\u{2028}", "\u{2029}"]

  /// Reports `text` at `path` when it holds a control character other than `allowing`;
  /// `true` when it does.
  mutating func refusesControlCharacters(_ text: String, _ path: String, allowing: Set<Unicode.Scalar>) -> Bool {
    guard text.unicodeScalars.contains(where: { Self.isControl($0) && !allowing.contains($0) }) else { return false }
    problem(path, "control characters (such as Esc) cannot be part of it; line breaks and tabs can")
    return true
  }


  /// Whether `text` is one line that shows something: no control characters, and more than
  /// spaces and marks with nothing to sit on.
  static func isVisibleLine(_ text: String) -> Bool {
    // NB: The rule a form's text fields use says which characters steer how text shows.
    Rule<String>.noControlCharacters("").validate(text) == nil
      && !text.unicodeScalars.contains(where: isControl)
      && text.contains { !$0.isWhitespace && $0.unicodeScalars.first?.properties.generalCategory != .nonspacingMark }
  }

  /// A note's text: its line breaks and tabs lay it out; other control characters are refused.
  mutating func noteText(_ value: JSONValue?, _ path: String) -> String {
    guard let text = string(value, path) else { return "" }
    guard Rule<String>.required("").validate(text) == nil else {
      problem(path, "blank, so it would show as nothing: give a text, or leave it out")
      return ""
    }
    return refusesControlCharacters(text, path, allowing: Self.lineBreaksAndTabs) ? "" : text
  }

  mutating func string(_ value: JSONValue?, _ path: String) -> String? {
    switch value {
    case nil, .null?: return nil
    case let .string(text)?: return text
    case let value?:
      problem(path, "expected a string, found \(value.kindName)")
      return nil
    }
  }

  /// A list's options: each a string, or an object `{"value": …, "label": …}` that the list
  /// shows by its label, as dialog's tag and item or huh's `NewOption`; the values, with each
  /// label put in `labels` under its value; `nil` where one is malformed (each is named), so
  /// that no check of the rest names an option by another's place.
  mutating func options(_ value: JSONValue?, _ path: String, labels: inout [String: String]) -> [String]? {
    guard case let .array(items)? = value, items.contains(where: { if case .object = $0 { true } else { false } })
    else { return strings(value, path) }
    let problemsBefore = problems.count
    var values: [String] = []
    for (index, item) in items.enumerated() {
      let itemPath = "\(path)[\(index)]"
      switch item {
      case let .string(text):
        values.append(text)
      case let .object(pairs):
        let object = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        for key in Self.sortedKeys(pairs) where !["value", "label"].contains(key) {
          problem("\(itemPath).\(key)", "unknown key (expected value and label)")
        }
        guard object["value"] != nil else {
          problem(itemPath, "expected \"value\", what the output holds (and \"label\", what the list shows)")
          continue
        }
        guard let text = string(object["value"], "\(itemPath).value") else { continue }
        values.append(text)
        guard let label = shownLine(object["label"], "\(itemPath).label", leftOut: "the value") else { continue }
        // NB: One value shows one way, in whichever list of a select it stands.
        if let earlier = labels[text], earlier != label {
          problem("\(itemPath).label", "\"\(text.truncated(toWidth: 40))\" is labelled \"\(earlier.truncated(toWidth: 40))\" already")
        } else {
          labels[text] = label
        }
      default:
        problem(itemPath, "expected a string, or an object with value and label, found \(item.kindName)")
      }
    }
    return problems.count == problemsBefore ? values : nil
  }

  mutating func strings(_ value: JSONValue?, _ path: String) -> [String]? {
    switch value {
    case nil, .null?: return nil
    case let .array(items)?:
      var texts: [String] = []
      for (index, item) in items.enumerated() {
        if case let .string(text) = item { texts.append(text) } else {
          problem("\(path)[\(index)]", "expected a string, found \(item.kindName)")
        }
      }
      return texts
    case let value?:
      problem(path, "expected an array of strings, found \(value.kindName)")
      return nil
    }
  }

  mutating func bool(_ value: JSONValue?, _ path: String) -> Bool? {
    switch value {
    case nil, .null?: return nil
    case let .bool(flag)?: return flag
    case let value?:
      problem(path, "expected true or false, found \(value.kindName)")
      return nil
    }
  }

  mutating func int(_ value: JSONValue?, _ path: String) -> Int? {
    switch value {
    case nil, .null?: return nil
    case let .number(number)? where FormSpec.isWholeNumberInRange(number): return Int(number)
    case let .number(number)? where number == number.rounded():
      problem(path, "expected a whole number \(FormSpec.wholeNumberRange), found one further from zero")
      return nil
    case let value?:
      problem(path, "expected a whole number, found \(value.kindName)")
      return nil
    }
  }
}

extension FormSpec {
  /// The words for "the select `field` holds `value`" in a message: `environment is "dev"`.
  static func when(_ field: Field, is value: String) -> String {
    "\(field.key) is \"\(value.truncated(toWidth: 40))\""
  }
}

extension FormSpec.Value {
  /// The value a field of this kind holds when nothing was given.
  static func empty(for field: FormSpec.Field) -> Self {
    switch field.kind {
    case .text, .textarea, .secret: .text("")
    case .select: .text(field.options.first ?? "")
    case .toggle, .confirm: .flag(false)
    case .number: .number(0)
    case .multiselect: .list([])
    case .note: .none
    }
  }
}

extension FormSpec {
  /// What is wrong with `value` for `field` by its rules, or `nil`; `requiredToo: false` leaves
  /// out "required" (a default may be empty: the person fills it in).
  ///
  /// `offered`: the options a list that follows a select offers now, and when (`environment
  /// is "dev"`), said where a choice is not among them.
  public static func error(
    of field: Field, value: Value, requiredToo: Bool = true, offered: (options: [String], when: String)? = nil
  ) -> String? {
    let options = offered?.options ?? field.options
    let notAnOption = { (text: String) in
      "\"\(text.truncated(toWidth: 40))\" is not one of the options" + (offered.map { " when \($0.when)" } ?? "")
    }
    switch value {
    case let .text(text):
      if field.kind == .select || field.kind == .multiselect {
        return options.contains(text) ? nil : notAnOption(text)
      }
      // NB: Spaces or invisible characters alone are no answer to a required field, as in
      //     the built-in forms (the same rule).
      if requiredToo, field.required, let missing = Rule<String>.required("Required").validate(text) { return missing }
      if text.isEmpty { return nil }
      // NB: A value from --set or a default is held to what typing allows: one line of text
      //     without characters that steer a terminal; a text area takes line breaks and tabs.
      let steering = field.kind == .textarea
        ? String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\n" && $0 != "\t" })) : text
      if let problem = Rule<String>.noControlCharacters(
        field.kind == .textarea
          ? "Control characters other than line breaks and tabs, and text direction overrides, cannot be part of this text"
          : "Control characters (line breaks, tabs, escapes) and text direction overrides cannot be part of this text"
      ).validate(steering) {
        return problem
      }
      if let minLength = field.minLength, text.count < minLength { return "At least \(minLength) characters" }
      if text.count > field.lengthLimit { return "At most \(field.lengthLimit) characters" }
      if let oneOf = field.oneOf, !oneOf.contains(text) {
        return "Must be one of: \(oneOf.joined(separator: ", "))"
      }
      if let pattern = field.pattern {
        switch PatternMatch.check(pattern, text) {
        case .matches: break
        case .doesNotMatch: return field.patternError ?? "Must match \(pattern)"
        case .tooSlow: return "Gave up matching \(pattern): too slow for this value"
        }
      }
      return nil
    case let .flag(flag):
      guard requiredToo, field.required, !flag else { return nil }
      return field.kind == .confirm ? "Please answer Yes" : "Must be on"
    case let .number(number):
      let range = field.numberRange
      if number < range.lowerBound { return "At least \(range.lowerBound)" }
      if number > range.upperBound { return "At most \(range.upperBound)" }
      return nil
    case let .list(items):
      // NB: The chosen ones as a set, the options walked once: linear time for thousands of
      //     each, and no set of every option made for the usual one or two chosen.
      let unknown = Set(items).subtracting(options)
      if let unknown = items.first(where: unknown.contains) {
        return notAnOption(unknown)
      }
      var seen = Set<String>()
      if let twice = items.first(where: { !seen.insert($0).inserted }) {
        return "\"\(twice.truncated(toWidth: 40))\" is chosen twice"
      }
      let minimum = max(field.minimum ?? 0, requiredToo && field.required ? 1 : 0)
      if items.count < minimum { return minimum == 1 ? "Choose at least one" : "Choose at least \(minimum)" }
      if let maximum = field.maximum, items.count > maximum { return "Choose at most \(maximum)" }
      return nil
    case .none:
      return nil
    }
  }
}
