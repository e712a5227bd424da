import IssueReporting
import Synchronization

/// Finds reducers that implement both `body` and `reduce(into:action:)`.
///
/// Swift picks the type's own `reduce` over the default one that runs `body`, so such a
/// reducer's `body` never runs, with no word from the compiler. `Store` and `TestStore` run
/// their reducer's first action through ``reduce(_:into:action:)``, which watches whether the
/// default `reduce` of that very type ran.
// NB: TCA's `@Reducer` macro diagnoses this at compile time; we use no macros (see
//     ARCHITECTURE.md), so the check happens once per store, at its first action.
@usableFromInline
enum BodyCheck {
  /// The reducer type being watched (its `ObjectIdentifier` as an integer), `ran` once its
  /// body ran, or `idle`.
  private static let watched = Atomic<Int>(idle)
  private static var idle: Int { 0 }
  private static var ran: Int { -1 }

  /// Called by the default `reduce`, which runs `body`.
  @usableFromInline
  static func bodyRuns<R>(_ type: R.Type) {
    // NB: A relaxed load, one instruction, when no check is running.
    let current = watched.load(ordering: .relaxed)
    guard current != idle, current == Int(bitPattern: ObjectIdentifier(type)) else { return }
    _ = watched.compareExchange(expected: current, desired: ran, ordering: .relaxed)
  }

  /// Runs `reducer` once, and reports it when it has a body that its `reduce` does not run.
  static func reduce<R: Reducer>(
    _ reducer: R, into state: inout R.State, action: R.Action
  ) -> Effect<R.Action> {
    guard R.Body.self != Never.self else { return reducer.reduce(into: &state, action: action) }
    let id = Int(bitPattern: ObjectIdentifier(R.self))
    // NB: Only one check runs at a time; a store whose check overlaps another's skips it.
    guard watched.compareExchange(expected: idle, desired: id, ordering: .relaxed).exchanged
    else { return reducer.reduce(into: &state, action: action) }
    let effect = reducer.reduce(into: &state, action: action)
    let bodyRan = watched.exchange(idle, ordering: .relaxed) == ran
    if !bodyRan {
      reportIssue(
        """
        '\(R.self)' implements both 'body' and 'reduce(into:action:)': its 'reduce' runs and \
        its 'body' never does. Implement one of them.
        """)
    }
    return effect
  }
}

extension Reducer {
  /// Runs the reducer for one action, the way stores do; `checkingBody` on a store's first
  /// action, to report a reducer whose `body` its own `reduce` hides.
  package func _reduce(
    into state: inout State, action: Action, checkingBody: Bool
  ) -> Effect<Action> {
    checkingBody
      ? BodyCheck.reduce(self, into: &state, action: action)
      : reduce(into: &state, action: action)
  }
}
