import Testing

@testable import TerminalUI

/// Widgets arranged the way a form layout would, drawn through a ``Terminal`` onto a
/// ``HeadlessBackend``: the whole screen is asserted, like a screenshot.
@MainActor
@Suite struct ScreenCompositionTests {
  private func drawClientForm(email: String, editor: inout TextEditor, age: Int, error: String?) -> (Buffer, Position?) {
    var buffer = Buffer(size: Size(columns: 40, rows: 7))
    let rows = buffer.area.inset(horizontal: 1).rows
    let (nameLabel, nameField) = rows[0].splitColumns(at: 8)
    LabelView("Name").render(in: nameLabel, buffer: &buffer)
    TextInputView(value: "Ada", placeholder: "Full name").render(in: nameField.inset(right: 10), buffer: &buffer)
    let (emailLabel, emailField) = rows[1].splitColumns(at: 8)
    LabelView("Email", isFocused: true).render(in: emailLabel, buffer: &buffer)
    let cursor = TextInputView(value: email)
      .renderFocused(in: emailField.inset(right: 10), buffer: &buffer, editor: &editor)
    if let error {
      ErrorView(message: error).render(in: rows[2].splitColumns(at: 8).right, buffer: &buffer)
    }
    let (ageLabel, ageField) = rows[3].splitColumns(at: 8)
    LabelView("Age").render(in: ageLabel, buffer: &buffer)
    StepperView(value: age, range: 0...150).render(in: ageField, buffer: &buffer)
    ButtonView(title: "Save", isDimmed: error != nil).render(in: rows[4].splitColumns(at: 8).right, buffer: &buffer)
    KeyHelpView(items: Keymap.standard.helpItems(for: .text)).render(in: rows[6], buffer: &buffer)
    return (buffer, cursor)
  }

  @Test func clientFormReadsLikeAScreenshot() {
    let backend = HeadlessBackend(size: Size(columns: 40, rows: 7))
    let terminal = Terminal(backend: backend)
    var editor = TextEditor(text: "ada")
    let (frame, cursor) = drawClientForm(email: "ada", editor: &editor, age: 36, error: "Please enter a valid email")
    terminal.draw(frame, cursor: cursor)
    #expect(backend.lines == [
      " Name    Ada",
      " Email   ada",
      "         ! Please enter a valid email",
      " Age     36",
      "         [ Save ]",
      "",
      " Tab next  Shift-Tab back  Esc cancel",
    ])
    #expect(backend.cursor == Position(column: 12, row: 1))
  }

  @Test func typingOneCharacterRedrawsOnlyWhatChanged() {
    let backend = HeadlessBackend(size: Size(columns: 40, rows: 7))
    let terminal = Terminal(backend: backend)
    var editor = TextEditor(text: "ada")
    let (first, firstCursor) = drawClientForm(email: "ada", editor: &editor, age: 36, error: nil)
    terminal.draw(first, cursor: firstCursor)
    backend.resetCounters()
    editor.handle(.character("@"))
    let (second, secondCursor) = drawClientForm(email: editor.text, editor: &editor, age: 36, error: nil)
    terminal.draw(second, cursor: secondCursor)
    #expect(backend.cellsDrawn == 1)
    #expect(backend.flushes == 1)
    #expect(backend.lines[1] == " Email   ada@")
    #expect(backend.cursor == Position(column: 13, row: 1))
  }
}
