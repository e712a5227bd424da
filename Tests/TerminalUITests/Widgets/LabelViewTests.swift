import Testing

@testable import TerminalUI

@Suite struct LabelViewTests {
  @Test func drawsTheLabelInItsRole() {
    let theme = Theme.color
    #expect(rendered(LabelView("Email")).lines == ["Email"])
    #expect(rendered(LabelView("Email")).style(column: 0) == theme.label)
    #expect(rendered(LabelView("Email", isFocused: true)).style(column: 0) == theme.focusedLabel)
    #expect(rendered(LabelView("Email", isFocused: true, isDisabled: true)).style(column: 0) == theme.disabled)
  }

  @Test func truncatesWithAnEllipsis() {
    #expect(rendered(LabelView("Send email notifications"), columns: 12).lines == ["Send email…"])
  }

  @Test func trailingAlignmentHugsTheRightEdge() {
    let area = Rect(x: 0, y: 0, width: 12, height: 1)
    #expect(rendered(LabelView("Age", alignment: .trailing), columns: 20, in: area).lines == ["         Age"])
  }

  @Test func drawsOnlyInsideItsArea() {
    var buffer = Buffer(size: Size(columns: 10, rows: 2))
    LabelView("Name").render(in: Rect(x: 3, y: 1, width: 2, height: 1), buffer: &buffer)
    #expect(buffer.lines == ["", "   N…"])
    LabelView("Name").render(in: Rect(x: 3, y: 0, width: 0, height: 1), buffer: &buffer)
    #expect(buffer.lines == ["", "   N…"])
  }
}
