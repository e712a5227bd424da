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

  @Test func aNumberIsAPlaceWhenAskedEvenWhereATitleIsThatNumberAtItsOwnPlace() {
    // Line mode shows "1) 10  2) 20  3) 3" and asks for a number from 1 to 3.
    let matcher = OptionMatcher(["10", "20", "3"])
    #expect(matcher.numbersArePlaces)
    #expect(matcher.index(of: "2", orNumber: true) == 1, "the second option, as numbered")
    #expect(matcher.index(of: "3", orNumber: true) == 2, "the third, which is the title 3 too")
    #expect(matcher.index(of: "20", orNumber: true) == 1, "a number past the count is a title")
    #expect(matcher.index(of: "2") == nil, "without a place (--set), a title only")
    #expect(matcher.index(of: "4", orNumber: true) == nil)
  }

  @Test func anAnswerThatCouldNameSeveralOptionsSaysWhich() {
    let matcher = OptionMatcher(["x", "X", "y"])
    #expect(matcher.index(of: "x") == 0, "as written")
    #expect(matcher.ambiguities(of: "x") == [])
    let cities = OptionMatcher(["São Paulo", "Sao Paulo"]) {
      $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
    #expect(cities.index(of: "sao paulo") == nil)
    #expect(cities.ambiguities(of: " sao paulo ") == [0, 1])
    #expect(cities.ambiguities(of: "lima") == [])
  }

  @Test func optionsThatAreNumbersAtOtherPlacesAreAnsweredAsWritten() {
    // "4" would be the option 4 and the fourth option (8): such a list is not numbered.
    let matcher = OptionMatcher(["1", "2", "4", "8"])
    #expect(!matcher.numbersArePlaces)
    #expect(matcher.index(of: "4", orNumber: true) == 2)
    #expect(matcher.index(of: "3", orNumber: true) == nil)
    #expect(!OptionMatcher.numbersArePlaces(in: ["1", "3", "5"]))
    #expect(OptionMatcher.numbersArePlaces(in: ["1", "2", "3", "10"]))
    #expect(OptionMatcher.numbersArePlaces(in: ["daily", "weekly"]))
  }
}
