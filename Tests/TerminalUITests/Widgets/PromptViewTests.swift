import ComposableForms
import Testing

@testable import TerminalUI

@Suite struct PromptViewTests {
  let question = FormPrompt(
    id: "delete",
    message: "Delete the client VeryVeryVeryVeryVeryVeryVeryVeryVery Long Name <long@example.com>?",
    choices: [.init(id: "delete", key: "d", title: "Delete"), .init(id: "keep", key: "k", title: "Keep")],
    cancelChoice: "keep")

  @Test func aMessageThatFitsKeepsABlankRowAboveTheButtons() {
    let lines = rendered(PromptView(prompt: question, selection: 1), columns: 60, rows: 10).lines
    #expect(lines.filter { $0.contains("│") }.map { $0.trimmingCharacters(in: .whitespaces) } == [
      "│ Delete the client VeryVeryVeryVeryVeryVeryVeryVeryVery   │",
      "│ Long Name <long@example.com>?                            │",
      "│                                                          │",
      "│ [ Delete ]  [ Keep ]                                     │",
    ])
  }

  @Test func aMessageTooLongForTheBoxTakesTheBlankRowThenEndsInAnEllipsis() {
    // 30x6: four rows inside the box; the message and the buttons would need six.
    let lines = rendered(PromptView(prompt: question, selection: 1), columns: 30, rows: 6).lines
    #expect(lines.filter { $0.contains("│") } == [
      "│ Delete the client          │",
      "│ VeryVeryVeryVeryVeryVeryVe │",
      "│ ryVeryVery Long Name…      │",
      "│ [ Delete ]  [ Keep ]       │",
    ])
  }
}
