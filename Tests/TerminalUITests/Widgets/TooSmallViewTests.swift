import ComposableForms
import TerminalUI
import Testing

struct TooSmallViewTests {
  private func lines(columns: Int, rows: Int, prompt: FormPrompt? = nil) -> [String] {
    var buffer = Buffer(size: Size(columns: columns, rows: rows))
    TooSmallView(minimum: Size(columns: 30, rows: 8), prompt: prompt, theme: .monochrome)
      .render(in: buffer.area, buffer: &buffer)
    return buffer.lines
  }

  @Test func theWholeMessageWhereItFits() {
    #expect(
      lines(columns: 26, rows: 5) == [
        "",
        "    Terminal too small",
        "   Need 30×8, have 26×5",
        "    Enlarge the window",
        "",
      ])
  }

  /// Wrapped at 10 columns the whole message takes 7 rows, and the size the window has fell
  /// off the bottom of 3: a shorter one keeps both sizes in sight.
  @Test func aWindowTooSmallForTheWholeMessageStillShowsBothSizes() {
    #expect(lines(columns: 10, rows: 3) == ["Need 30×8", "have 10×3", ""])
    #expect(lines(columns: 24, rows: 2) == ["   Terminal too small", "  Need 30×8, have 24×2"])
    #expect(lines(columns: 12, rows: 1) == [" Need 30×8"])
    #expect(lines(columns: 24, rows: 1) == ["  Need 30×8, have 24×1"], "one row, wide enough for both")
  }

  @Test func aWaitingQuestionStaysWithItsKeysWhenRowsAreShort() {
    let prompt = FormPrompt(
      id: "discard", message: "Discard?",
      choices: [.init(id: "yes", key: "y", title: "Yes"), .init(id: "no", key: "n", title: "No")], cancelChoice: "no")
    #expect(
      lines(columns: 20, rows: 4, prompt: prompt) == [" Terminal too small", "Need 30×8, have 20×4", "      Discard?", "    y yes, n no"])
    #expect(lines(columns: 12, rows: 4, prompt: prompt) == [" Need 30×8", " have 12×4", "  Discard?", "y yes, n no"])
  }

  /// Where even the shortest message leaves the answers' keys out, they cannot be read: the
  /// runtimes then let only Esc answer.
  @Test func whetherTheWholeQuestionShowsIsTold() {
    let prompt = FormPrompt(
      id: "discard", message: "Discard?",
      choices: [.init(id: "yes", key: "y", title: "Yes"), .init(id: "no", key: "n", title: "No")], cancelChoice: "no")
    let view = TooSmallView(minimum: Size(columns: 30, rows: 8), prompt: prompt)
    #expect(view.showsWholeQuestion(in: Size(columns: 20, rows: 4)))
    #expect(view.showsWholeQuestion(in: Size(columns: 12, rows: 4)))
    #expect(!view.showsWholeQuestion(in: Size(columns: 20, rows: 2)))
    #expect(lines(columns: 20, rows: 2, prompt: prompt) == ["     Need 30×8", "      Discard?"], "the keys are cut")
    // Esc always; a letter where it shows; nothing that chooses what this screen cannot show.
    let keymap = Keymap.standard
    #expect(view.takes(.escape, keymap: keymap, in: Size(columns: 20, rows: 2)))
    #expect(!view.takes(.character("y"), keymap: keymap, in: Size(columns: 20, rows: 2)))
    #expect(view.takes(.character("Y"), keymap: keymap, in: Size(columns: 20, rows: 4)))
    for key in [Key.enter, .tab, .left, .character(" "), .character("q")] {
      #expect(!view.takes(key, keymap: keymap, in: Size(columns: 20, rows: 4)), "\(key)")
    }
  }
}
