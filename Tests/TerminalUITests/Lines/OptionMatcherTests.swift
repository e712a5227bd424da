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

  @Test func aNumberIsAPlaceWhenAskedEvenWhereATitleIsThatNumber() {
    // Line mode shows "1) 10  2) 20  3) 3  4) 1" and asks for a number from 1 to 4.
    let matcher = OptionMatcher(["10", "20", "3", "1"])
    #expect(matcher.index(of: "1", orNumber: true) == 0, "the first option, as numbered, not the title 1")
    #expect(matcher.index(of: "4", orNumber: true) == 3, "the fourth, the title 1")
    #expect(matcher.index(of: "10", orNumber: true) == 0, "a number past the count is a title")
    #expect(matcher.index(of: "1") == 3, "without a place (--set), the title")
    #expect(matcher.index(of: "2") == nil)
    #expect(matcher.index(of: "5", orNumber: true) == nil)
  }
}
