import ArgumentParser
import ComposableForms
import Foundation
import SettingsFeatures
import SettingsStorage

/// `settings-tui form SPEC.json`: a form described in JSON, for shell scripts; prints the
/// values as one JSON object.
struct SpecFormCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "form",
    abstract: "Show a form described in JSON and print its values as one JSON object.",
    discussion: """
      The spec: {"title": ..., "submit": ..., "fields": [...]} or {"title": ..., "pages": \
      [{"title": ..., "fields": [...]}]}. A field: key, kind (text, textarea, secret, toggle, \
      confirm, select, multiselect, number, note; text when left out), label, description, default, \
      options (with optionsBy naming a select above: a list for each of its options), and rules: \
      required, min, max, minLength, maxLength, pattern, patternError, oneOf; rows (a list's or text area's height), echo \
      (a secret's: bullets or none), text (a note's). A mistake in the spec is reported with \
      its JSON path and exit 2, before anything is drawn.
      --set key=value fills a field, and with --no-input submits it (a multiselect takes a,b,c, or a JSON array: '["a, b","c"]').
      """
  )

  @Argument(help: ArgumentHelp("The form's spec (JSON, at most 1 MiB): a file, a pipe such as <(jq ...), or - for standard input.", valueName: "spec"))
  var specPath: String

  @OptionGroup var options: FormOptions

  func validate() throws {
    if specPath.isEmpty { throw ValidationError("The spec needs a path; give - for standard input.") }
  }

  @MainActor
  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    let spec: FormSpec
    do {
      spec = try FormSpec.parse(try SpecFile.read(specPath))
    } catch let error as FormSpec.Problems {
      let name = specPath == "-" ? "standard input" : specPath
      // NB: A generated spec can be wrong thousands of times over; the first mistakes say
      //     enough, and a screenful of them stays readable.
      let shown = 20
      for message in error.messages.prefix(shown) { printError("\(name): \(message)") }
      if error.messages.count > shown {
        printError("\(name): \(error.messages.count - shown) more mistakes not shown")
      }
      throw ExitStatus.usageOrEnvironment
    } catch {
      throw fail("\(error)")
    }
    // NB: Line mode reads answers from standard input, and the form needs a terminal anyway.
    if specPath == "-", !options.noInput { try Self.readAnswersFromTheTerminal() }
    SpecForm.install(spec)
    let store = Store(initialState: SpecForm.State()) { SpecForm() }
    var options = self.options
    options.json = true
    // NB: --set values apply in the form's order, so a list whose options follow a select is
    //     set after that select, whatever order the command line gives them in; each is
    //     checked first as given, so the first mistake named is the first one typed.
    for text in options.assignments { _ = try Self.action(for: FieldAssignment(text), in: spec) }
    options.assignments = Self.inFormOrder(options.assignments, of: spec)
    let actions = try FormSession.actions(for: options) { assignment throws(ExitStatus) in
      try Self.action(for: assignment, in: spec)
    }
    try await FormSession.run(
      // NB: No draft: a spec's fields may hold secrets, and a script can run the form again.
      store, layout: SpecForm.layout(), draft: Optional<DraftKeeper<SpecForm.State, String>>.none,
      options: options, environment: environment,
      setting: actions,
      output: { OrderedJSONObject(values: $0.values) },
      confirmation: { _ in "" })
  }

  /// Line mode reads its answers from standard input, which the spec (`form -`) has used up:
  /// they come from the terminal instead, as a pager's keys do. Without a terminal, neither
  /// mode can ask, and the advice says what can.
  static func readAnswersFromTheTerminal() throws(ExitStatus) {
    let terminal = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
    guard terminal >= 0, dup2(terminal, 0) == 0 else {
      throw fail(
        "the spec came from standard input, so there is nothing left there to answer the form: "
          + "give the spec as a file (form spec.json), or pass --no-input with --set field=value")
    }
    _ = close(terminal)
  }

  /// `assignments` (`key=value`) in the order of their fields in `spec`, the last for each
  /// field alone: an earlier value for a select would still move the lists that follow it.
  static func inFormOrder(_ assignments: [String], of spec: FormSpec) -> [String] {
    let order = Dictionary(spec.fields.indices.map { (spec.fields[$0].key, $0) }, uniquingKeysWith: { first, _ in first })
    let key = { (text: String) in String(text.prefix { $0 != "=" }) }
    let last = Dictionary(assignments.indices.map { (key(assignments[$0]), $0) }, uniquingKeysWith: { _, later in later })
    return assignments.indices
      .filter { last[key(assignments[$0])] == $0 }
      .sorted { (order[key(assignments[$0])] ?? -1, $0) < (order[key(assignments[$1])] ?? -1, $1) }
      .map { assignments[$0] }
  }

  /// The binding action a `--set key=value` stands for.
  static func action(for assignment: FieldAssignment, in spec: FormSpec) throws(ExitStatus) -> SpecForm.Action {
    guard let index = spec.fields.firstIndex(where: { $0.kind != .note && $0.key == assignment.field })
    else {
      let keys = spec.fields.filter { $0.kind != .note }.map(\.key).joined(separator: ", ")
      throw fail("--set \(assignment.shownField): no such field. Fields: \(keys)")
    }
    switch spec.fields[index].kind {
    case .text, .secret:
      return .set(\.texts[index], assignment.value)
    case .textarea:
      // NB: A file written on Windows (`--set "notes=$(cat notes.txt)"`) ends its lines with
      //     CR LF: a line break, as pasted text and line mode's answers take it.
      return .set(\.texts[index], assignment.value.replacing("\r\n", with: "\n").replacing("\r", with: "\n"))
    case .select:
      return .set(\.texts[index], try assignment.option(of: spec.fields[index].options, matchKey: SpecForm.matchKey))
    case .toggle, .confirm:
      return .set(\.flags[index], try assignment.bool())
    case .number:
      return .set(\.numbers[index], try assignment.int())
    case .multiselect:
      return .set(\.lists[index], try assignment.options(of: spec.fields[index].options, matchKey: SpecForm.matchKey))
    case .note:
      throw fail("--set \(assignment.field): a note has no value")
    }
  }
}

extension OrderedJSONObject {
  /// A spec form's values as one JSON object, by key, in the spec's order; a field without a
  /// value (a note) is left out.
  init(values: [(key: String, value: FormSpec.Value)]) {
    self.init(members: values.compactMap { key, value -> (key: String, value: any Encodable)? in
      switch value {
      case let .text(text): (key, text)
      case let .flag(flag): (key, flag)
      case let .number(number): (key, number)
      case let .list(items): (key, items)
      case .none: nil
      }
    })
  }
}
