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

  /// Answers too many for one row of a narrow box take two: every one shows, and a click finds it.
  @Test func answersThatDoNotFitOneRowTakeAnother() {
    let four = FormPrompt(
      id: "changed", message: "Another program saved the settings.",
      choices: [
        .init(id: "merge", key: "m", title: "Merge"), .init(id: "mine", key: "k", title: "Keep mine"),
        .init(id: "saved", key: "s", title: "Use saved"), .init(id: "back", key: "b", title: "Back"),
      ],
      cancelChoice: "back")
    let view = PromptView(prompt: four, selection: 0)
    let lines = rendered(view, columns: 40, rows: 12).lines
    #expect(lines.filter { $0.contains("│") }.map { $0.trimmingCharacters(in: .whitespaces) } == [
      "│ Another program saved the settings.  │",
      "│                                      │",
      "│ [ Merge ]  [ Keep mine ]             │",
      "│ [ Use saved ]  [ Back ]              │",
    ])
    let frames = view.buttonFrames(in: Rect(x: 0, y: 0, width: 40, height: 12))
    #expect(frames.count == 4 && frames.allSatisfy { $0.width > 0 })
    #expect(view.choice(at: Position(column: frames[3].x, row: frames[3].y), in: Rect(x: 0, y: 0, width: 40, height: 12)) == 3)
  }
}
