import Foundation
import TerminalUI
import Testing

/// How a typed answer names an option, in line mode and with `--set`.
struct OptionMatcherTests {
  @Test func aTitleAsWrittenThenTheOnlyOneInAnotherCase() {
    let matcher = OptionMatcher(["daily", "Weekly", "Ab", "aB"])
    #expect(matcher.index(of: " weekly ") == 1)
    #expect(matcher.index(of: "aB") == 3, "as written first")
    #expect(matcher.index(of: "ab") == nil, "two titles differ from it just in case")
    #expect(matcher.index(of: "monthly") == nil)
  }

  @Test func aMatchKeyDecidesWhatDiffersOnlyInCase() {
    let accentsAside = OptionMatcher(["São Paulo", "Zürich"]) {
      $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
    #expect(accentsAside.index(of: "sao paulo") == 0)
    #expect(accentsAside.index(of: "ZURICH") == 1)
    #expect(OptionMatcher(["São Paulo"]).index(of: "sao paulo") == nil, "by default, case only")
  }

  @Test func aNumberIsAPlaceOnlyWhenAskedAndNoTitleIsIt() {
    let matcher = OptionMatcher(["1", "3", "5"])
    #expect(matcher.index(of: "3", orNumber: true) == 1, "the title 3, not the third option")
    #expect(matcher.index(of: "2", orNumber: true) == 1, "no title 2: the second option")
    #expect(matcher.index(of: "2") == nil)
    #expect(matcher.index(of: "4", orNumber: true) == nil)
  }
}
