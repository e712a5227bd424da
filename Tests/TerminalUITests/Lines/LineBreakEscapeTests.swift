import Testing

@testable import TerminalUI

/// A text area's value on one line in line mode: shown and read back the same way.
struct LineBreakEscapeTests {
  typealias Question = LineQuestion<String>

  @Test(arguments: ["Dear Ada,\nthanks", #"C:\new"#, "a\\\nb", "\\", "no escapes", ""])
  func aValueShownOnOneLineReadsBackAsItWas(_ value: String) {
    let shown = Question.escapingLineBreaks(value)
    #expect(!shown.contains("\n"))
    #expect(Question.unescapingLineBreaks(shown) == value)
  }

  @Test func aLoneBackslashBeforeAnotherLetterIsItself() {
    #expect(Question.unescapingLineBreaks(#"C:\temp\n"#) == "C:\\temp\n")
    #expect(Question.unescapingLineBreaks(#"ends in \"#) == "ends in \\")
  }
}
