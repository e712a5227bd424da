/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change and every received action must be asserted, and every effect must
  /// finish before the test ends.
  case on
  /// Only what the test asserts is checked: unasserted state changes, received actions and
  /// running effects are allowed. Suits integration tests of larger features.
  ///
  /// With `showSkippedAssertions`, what was let through is still reported, as known issues
  /// (`withKnownIssue`): the test passes, and its report shows what it did not assert.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without showing what was skipped: ``off(showSkippedAssertions:)`` with
  /// `false`.
  public static let off = Self.off(showSkippedAssertions: false)

  /// Whether the store reports skipped assertions as known issues.
  var showsSkipped: Bool {
    if case .off(true) = self { true } else { false }
  }
}
