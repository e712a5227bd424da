extension Reducer {
  /// This reducer, reporting each action it receives and what the action changed in the state,
  /// as TCA's `_printChanges()` does: a debugging aid for a debug build (a release build runs
  /// the reducer alone and prints nothing).
  ///
  /// ```swift
  /// let store = Store(initialState: Signup.State()) { Signup()._printChanges() }
  /// ```
  ///
  /// prints, for each action,
  ///
  /// ```
  /// received action:
  ///   MyApp.Signup.Action.binding(.set(\Signup.State.username, "blob"))
  ///     ▿ MyApp.Signup.State
  /// -     - _username: ""
  /// +     - _username: "blob"
  ///       - _password: ""
  ///     … (4 unchanged)
  /// ```
  ///
  /// The default printer writes to standard output, which a terminal form leaves free when it
  /// draws on `/dev/tty`: run the program with `> changes.log` and follow the file from another
  /// terminal. ``_ReducerPrinter/diff(to:)`` writes elsewhere; `nil` turns printing off.
  public func _printChanges(_ printer: _ReducerPrinter<State, Action>? = .diff) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// The reducer ``Reducer/_printChanges(_:)`` builds.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let printer: _ReducerPrinter<Base.State, Base.Action>?

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    #if DEBUG
      if let printer {
        let oldState = state
        let effect = base.reduce(into: &state, action: action)
        printer.printChange(receivedAction: action, oldState: oldState, newState: state)
        return effect
      }
    #endif
    return base.reduce(into: &state, action: action)
  }
}
