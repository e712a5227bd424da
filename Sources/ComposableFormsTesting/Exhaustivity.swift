/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change and every received action must be asserted, and every effect must
  /// finish before the test ends.
  case on
  /// Only what the test asserts is checked: unasserted state changes, received actions and
  /// running effects are allowed. Suits integration tests of larger features.
  case off
}
