/// How ``Reducer/_printChanges(_:)`` reports an action and the state before and after it.
///
/// ``diff`` (the default, where TCA's is `.customDump`) and ``actionLabels`` are given; make
/// one of your own to log elsewhere or in another form:
///
/// ```swift
/// Signup()._printChanges(
///   _ReducerPrinter { action, _, newState in logger.debug("\(action): \(newState.username)") }
/// )
/// ```
///
/// A printer runs on the store's thread, right after the reducer, before the next action.
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
  /// with a line of context each side and the lines that hold them, on standard output (each
  /// report flushed, so `tail -f` shows it at once); "(No state changes)" when it changed
  /// nothing.
  ///
  /// Dictionaries and sets are dumped in their storage order, which can change as they grow,
  /// so a change there may show entries that moved. A change spanning thousands of lines is
  /// counted rather than shown.
  ///
  /// NB: The standard library's `dump` and `difference(from:)` rather than CustomDump's diff,
  ///     which TCA uses: CustomDump brings Foundation's networking part (libcurl) into every
  ///     program that links it, so it stays in the test library.
  public static var diff: Self { diff(to: ReducerChanges.writeToStandardOutput) }

  /// ``diff``, each report handed to `write` (one string of lines, without a final newline).
  public static func diff(to write: @escaping @Sendable (String) -> Void) -> Self {
    Self { action, oldState, newState in
      write(ReducerChanges.report(action: action, oldState: oldState, newState: newState))
    }
  }

  /// Only the action's case, its payload left out (`Signup.Action.binding(.set(\Signup.State.username, …))`),
  /// on standard output: for a feature whose state or actions are large.
  public static var actionLabels: Self { actionLabels(to: ReducerChanges.writeToStandardOutput) }

  /// ``actionLabels``, each report handed to `write`.
  public static func actionLabels(to write: @escaping @Sendable (String) -> Void) -> Self {
    Self { action, oldState, _ in
      write("received action:\n  " + ReducerChanges.label(of: action, state: oldState))
    }
  }
}
