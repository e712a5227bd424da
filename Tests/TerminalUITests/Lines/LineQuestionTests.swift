import TerminalUI
import Testing

/// A line question of your own, written with a plain `throws` closure.
struct LineQuestionTests {
  struct Unreadable: Error, CustomStringConvertible {
    var description: String { "Not a colour I know" }
  }

  @Test func anAnswerClosureThatThrowsAnyErrorNeedsNoErrorType() {
    let question = LineQuestion<Int>(current: { "\($0)" }, hint: "a colour") { text, _ in
      if text == "?" { throw MisunderstoodAnswer("Type a colour's name") }
      if text == "mauve" { throw Unreadable() }
      return nil
    }
    #expect(throws: MisunderstoodAnswer("Type a colour's name")) { try question.answer("?", 0) }
    #expect(throws: MisunderstoodAnswer("Not a colour I know"), "any error reads as its description") {
      try question.answer("mauve", 0)
    }
    #expect((try? question.answer("red", 0)) == .some(nil))
  }
}
