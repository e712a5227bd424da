/// How ``Reducer/_printChanges(_:)`` reports an action and the state before and after it.
///
/// ``diff`` (the default) and ``actionLabels`` are given; make one of your own to log
/// elsewhere or in another form:
///
/// ```swift
/// Signup()._printChanges(
///   _ReducerPrinter { action, _, newState in logger.debug("\(action): \(newState.username)") }
/// )
/// ```
public struct _ReducerPrinter<State, Action>: Sendable {
  private let _printChange: @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void

  public init(
    printChange: @escaping @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void
  ) {
    self._printChange = printChange
  }

  /// Reports `receivedAction`, which took the state from `oldState` to `newState`.
  public func printChange(receivedAction: Action, oldState: State, newState: State) {
    _printChange(receivedAction, oldState, newState)
  }
}

extension _ReducerPrinter {
  /// The action, then the lines of the state's `dump` that it changed (`-` before, `+` after)
  /// with a line of context each side, on standard output; "(No state changes)" when it
  /// changed nothing.
  ///
  /// NB: The standard library's `dump` and `difference(from:)` rather than CustomDump's diff,
  ///     which TCA uses: CustomDump brings Foundation's networking part (libcurl) into every
  ///     program that links it, so it stays in the test library.
  public static var diff: Self { diff(to: { print($0) }) }

  /// ``diff``, each report handed to `write` (one string of lines, without a final newline).
  public static func diff(to write: @escaping @Sendable (String) -> Void) -> Self {
    Self { action, oldState, newState in
      write(ReducerChanges.report(action: action, oldState: oldState, newState: newState))
    }
  }

  /// Only the action received, on standard output: for a feature whose state is large.
  public static var actionLabels: Self { actionLabels(to: { print($0) }) }

  /// ``actionLabels``, each report handed to `write`.
  public static func actionLabels(to write: @escaping @Sendable (String) -> Void) -> Self {
    Self { action, oldState, _ in
      write("received action:\n  " + ReducerChanges.describe(action, state: oldState))
    }
  }
}

/// The text of the printers' reports.
enum ReducerChanges {
  /// Lines of unchanged state shown each side of a change.
  static let context = 1

  static func report<State, Action>(action: Action, oldState: State, newState: State) -> String {
    var lines = ["received action:", "  " + describe(action, state: oldState)]
    let changes = lineDiff(from: dumped(oldState), to: dumped(newState))
    if changes.allSatisfy({ $0.mark == " " }) {
      lines.append("  (No state changes)")
    } else {
      lines += collapsed(changes)
    }
    return lines.joined(separator: "\n")
  }

  /// `action` as its type and case, with the fields of its binding actions named from `state`.
  static func describe<Action, State>(_ action: Action, state: State) -> String {
    resolveBindingFieldNames(in: action, state: state)
    return String(reflecting: action)
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
    let changed = changes.indices.filter { changes[$0].mark != " " }
    var shown = Set(changed.flatMap { ($0 - context)...($0 + context) })
    let indent = { (index: Int) in changes[index].line.prefix { $0 == " " }.count }
    for index in changed {
      var depth = indent(index)
      for above in stride(from: index - 1, through: 0, by: -1) where depth > 0 && indent(above) < depth {
        shown.insert(above)
        depth = indent(above)
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
