import SettingsFeatures
import Testing

/// A spec's pattern is matched within a time limit, so a pattern that backtracks for minutes
/// cannot stop the form answering keys and signals.
struct PatternMatchTests {
  @Test func aWholeMatchIsTold() {
    #expect(PatternMatch.check("[0-9]{4}", "1234") == .matches)
    #expect(PatternMatch.check("[0-9]{4}", "12345") == .doesNotMatch, "the whole text, not a part")
    #expect(PatternMatch.check("[0-9]{4}", "12a4") == .doesNotMatch)
  }

  /// `\d`, `\w` and `\s` are ASCII, as in the Go patterns gum and huh take: a spec moved from
  /// them checks the same, and a port checked with `\d+` takes no other script's digits. Any
  /// character is still any (`.+` takes José).
  @Test func characterClassesAreASCIIAsInGo() {
    #expect(PatternMatch.check(#"\d+"#, "8080") == .matches)
    #expect(PatternMatch.check(#"\d+"#, "١٢٣") == .doesNotMatch)
    #expect(PatternMatch.check(#"\w+"#, "José") == .doesNotMatch)
    #expect(PatternMatch.check(#"\w+ \w+"#, "web_01 db2") == .matches)
    #expect(PatternMatch.check(#".+"#, "José") == .matches)
  }

  /// `(a+)+b` against a's alone backtracks through every way of splitting them: past the
  /// limit the answer is "too slow", and until that match ends the same value is not tried
  /// again; another value (the corrected one) is.
  @Test func aMatchPastTheLimitIsTooSlowAndTheSameValueIsNotStartedAgainUntilItEnds() async throws {
    let pattern = "(a+)+b"
    let text = String(repeating: "a", count: 14)
    #expect(PatternMatch.check(pattern, text, limit: .microseconds(1)) == .tooSlow)
    #expect(PatternMatch.check(pattern, text, limit: .seconds(60)) == .tooSlow, "still running: not tried again")
    #expect(PatternMatch.check(pattern, "aab") == .matches, "a corrected value is checked meanwhile")
    #expect(PatternMatch.check("[0-9]+", "42") == .matches, "other patterns too")
    var answer = PatternMatch.tooSlow
    for _ in 0..<600 where answer == .tooSlow {
      try await Task.sleep(for: .milliseconds(100))
      answer = PatternMatch.check(pattern, text, limit: .seconds(60))
    }
    #expect(answer == .doesNotMatch, "once the slow match ended, the value is checked again")
  }
}
