#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The text of ``_ReducerPrinter``'s reports: an action, and the lines of the state's `dump`
/// that it changed.
enum ReducerChanges {
  /// Lines of unchanged state shown each side of a change.
  static let context = 1
  /// The most lines, each side, a change may span and still be diffed line by line: a diff
  /// takes time in the product of the lines and the changes, and it runs before the next action.
  static let diffLimit = 2_000

  /// `print`, flushed: standard output to a file is buffered, and a report is for reading now.
  @Sendable static func writeToStandardOutput(_ text: String) {
    print(text)
    fflush(nil)
  }

  static func report<State, Action>(action: Action, oldState: State, newState: State) -> String {
    var lines = ["received action:", "  " + describe(action, state: oldState)]
    let (old, new) = (dumped(oldState), dumped(newState))
    guard old != new else { return (lines + ["  (No state changes)"]).joined(separator: "\n") }
    // NB: The same lines at both ends are left out of the diff: most actions change a few
    //     lines of a long dump.
    let prefix = zip(old, new).prefix { $0 == $1 }.count
    let suffix = zip(old[prefix...].reversed(), new[prefix...].reversed()).prefix { $0 == $1 }.count
    let (oldMiddle, newMiddle) = (old[prefix..<(old.count - suffix)], new[prefix..<(new.count - suffix)])
    if oldMiddle.count > diffLimit && newMiddle.count > diffLimit {
      lines.append("    … (\(oldMiddle.count) lines changed to \(newMiddle.count), too many to show)")
      return lines.joined(separator: "\n")
    }
    let changes = old[..<prefix].map { (mark: Character(" "), line: $0) }
      + lineDiff(from: Array(oldMiddle), to: Array(newMiddle))
      + new[(new.count - suffix)...].map { (mark: Character(" "), line: $0) }
    lines += collapsed(changes)
    return lines.joined(separator: "\n")
  }

  /// `action` as its type and case, with the fields of its binding actions named from `state`.
  static func describe<Action, State>(_ action: Action, state: State) -> String {
    resolveBindingFieldNames(in: action, state: state)
    return String(reflecting: action)
  }

  /// `action`'s type and case, and the cases inside it, without the values they carry:
  /// `Signup.Action.binding(.set(\Signup.State.username, …))`.
  static func label<Action, State>(of action: Action, state: State) -> String {
    resolveBindingFieldNames(in: action, state: state)
    return String(reflecting: Action.self) + caseLabel(action)
  }

  private static func caseLabel(_ value: Any) -> String {
    if let binding = value as? any ResolvableBindingAction { return ".set(\(binding.fieldDescription), …)" }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum else { return "…" }
    guard let payload = mirror.children.first, let name = payload.label else { return ".\(value)" }
    return ".\(name)(\(caseLabel(payload.value)))"
  }

  static func dumped<Value>(_ value: Value) -> [Substring] {
    var text = ""
    dump(value, to: &text)
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
  }

  /// Every line of both, in order, marked `-` (only in `old`), `+` (only in `new`) or ` `.
  static func lineDiff(from old: [Substring], to new: [Substring]) -> [(mark: Character, line: Substring)] {
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in new.difference(from: old) {
      switch change {
      case let .remove(offset, _, _): removed.insert(offset)
      case let .insert(offset, _, _): inserted.insert(offset)
      }
    }
    var result: [(mark: Character, line: Substring)] = []
    var (oldIndex, newIndex) = (0, 0)
    while oldIndex < old.count || newIndex < new.count {
      if oldIndex < old.count, removed.contains(oldIndex) {
        result.append(("-", old[oldIndex]))
        oldIndex += 1
      } else if newIndex < new.count, inserted.contains(newIndex) {
        result.append(("+", new[newIndex]))
        newIndex += 1
      } else {
        result.append((" ", new[newIndex]))
        oldIndex += 1
        newIndex += 1
      }
    }
    return result
  }

  /// The changed lines with ``context`` lines each side and the lines that hold them (less
  /// indented above them: `▿ form: FormState<…>` above `- hasEdits: true`), so each change
  /// reads with its path; each run of other unchanged lines as one `… (n unchanged)`.
  static func collapsed(_ changes: [(mark: Character, line: Substring)]) -> [String] {
    // NB: Each line's holder in one pass, with the lines that may hold what comes next on a
    //     stack; each holder is then marked once, however many changes it holds.
    var holder = [Int?](repeating: nil, count: changes.count)
    var open: [(indent: Int, index: Int)] = []
    for index in changes.indices {
      let indent = changes[index].line.prefix { $0 == " " }.count
      while let last = open.last, last.indent >= indent { open.removeLast() }
      holder[index] = open.last?.index
      open.append((indent, index))
    }
    var shown = Set<Int>()
    var marked = Set<Int>()
    for index in changes.indices where changes[index].mark != " " {
      shown.formUnion(max(0, index - context)...min(changes.count - 1, index + context))
      var next = holder[index]
      while let above = next, marked.insert(above).inserted {
        shown.insert(above)
        next = holder[above]
      }
    }
    var lines: [String] = []
    var hidden = 0
    for index in changes.indices {
      guard shown.contains(index) else {
        hidden += 1
        continue
      }
      if hidden > 0 { lines.append("    … (\(hidden) unchanged)") }
      hidden = 0
      lines.append("\(changes[index].mark)   \(changes[index].line)")
    }
    if hidden > 0 { lines.append("    … (\(hidden) unchanged)") }
    return lines
  }
}
