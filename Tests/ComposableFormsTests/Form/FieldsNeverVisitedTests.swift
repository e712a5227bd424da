import ComposableForms
import Testing

/// A field left out of `allCases` is never visited, so its rules never run: a debug build
/// says so where the rules are declared.
struct FieldsNeverVisitedTests {
  struct State: Sendable {
    var name = ""
    var email = ""
  }
  enum Field: FormField {
    case name, email
    // NB: Written by hand and missing a case, as the mistake is made.
    static let allCases: [Field] = [.name]
  }

  @Test func aRuleForAFieldOutsideAllCasesIsReportedAtTheRules() {
    withKnownIssue {
      _ = FormRules<State, Field>(
        Validate(.name) { $0.name.isEmpty ? "Required" : nil },
        Validate(.email) { $0.email.isEmpty ? "Required" : nil })
    } matching: { issue in
      issue.description.contains("A rule is declared for email, which is not in Field.allCases")
        && issue.sourceLocation?.fileName == "FieldsNeverVisitedTests.swift"
    }
  }

  @Test func rulesForVisitedFieldsSayNothing() {
    _ = FormRules<State, Field>(Validate(.name) { $0.name.isEmpty ? "Required" : nil })
  }
}
