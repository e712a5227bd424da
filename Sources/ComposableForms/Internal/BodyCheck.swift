import IssueReporting
import Synchronization

/// Finds reducers that implement both `body` and `reduce(into:action:)`.
///
/// Swift picks the type's own `reduce` over the default one that runs `body`, so such a
/// reducer's `body` never runs, with no word from the compiler. `Store` and `TestStore` run
/// their reducer's first action inside ``watch(_:_:)`` (see `Reducer._builtOnce()`), which tells
/// whether the default `reduce` of that very type ran.
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

  /// Runs `body` and tells whether it ran the default `reduce` of `type`: `nil` when another
  /// check was running at the same moment (on another thread), so nothing can be told.
  static func watch<R, Result>(_ type: R.Type, _ body: () -> Result) -> (Result, bodyRan: Bool?) {
    let id = Int(bitPattern: ObjectIdentifier(type))
    guard watched.compareExchange(expected: idle, desired: id, ordering: .relaxed).exchanged
    else { return (body(), nil) }
    let result = body()
    return (result, watched.exchange(idle, ordering: .relaxed) == ran)
  }

  /// Reports a reducer whose own `reduce` hides its `body`.
  static func report<R>(_ type: R.Type) {
    reportIssue(
      """
      '\(type)' implements both 'body' and 'reduce(into:action:)': its 'reduce' runs and its \
      'body' never does. Implement one of them.
      """)
  }
}
