import Testing

@testable import TerminalUI

@Suite struct BufferTests {
  private func buffer(_ columns: Int, _ rows: Int = 1) -> Buffer {
    Buffer(size: Size(columns: columns, rows: rows))
  }

  @Test func newBufferIsBlank() {
    let buffer = buffer(4, 2)
    #expect(buffer.cells.count == 8)
    #expect(buffer.lines == ["", ""])
    #expect(buffer.cells.allSatisfy { $0 == .blank })
  }

  @Test func setStringWritesAndReturnsColumnsUsed() {
    var buffer = buffer(10, 2)
    let used = buffer.setString("Name", at: Position(column: 1, row: 1), style: Style(attributes: .bold))
    #expect(used == 4)
    #expect(buffer.lines == ["", " Name"])
    #expect(buffer[Position(column: 1, row: 1)] == Cell("N", style: Style(attributes: .bold)))
  }

  @Test func setStringClipsAtMaxWidthAndRightEdge() {
    var buffer = buffer(6)
    #expect(buffer.setString("abcdef", at: Position(column: 0, row: 0), maxWidth: 3) == 3)
    #expect(buffer.lines == ["abc"])
    #expect(buffer.setString("xyz", at: Position(column: 4, row: 0)) == 2)
    #expect(buffer.lines == ["abc xy"])
  }

  @Test func setStringOutsideTheBufferDoesNothing() {
    var buffer = buffer(3)
    #expect(buffer.setString("a", at: Position(column: 0, row: 1)) == 0)
    #expect(buffer.setString("a", at: Position(column: 3, row: 0)) == 0)
    #expect(buffer.setString("a", at: Position(column: -1, row: 0)) == 0)
    #expect(buffer.lines == [""])
  }

  @Test func wideGraphemeWritesAContinuationCell() {
    var buffer = buffer(6)
    #expect(buffer.setString("a世b", at: Position(column: 0, row: 0)) == 4)
    #expect(buffer.cells.map(\.symbol) == ["a", "世", "", "b", " ", " "])
    #expect(buffer[Position(column: 2, row: 0)].isContinuation)
    #expect(buffer.lines == ["a世b"])
  }

  @Test func wideGraphemeThatDoesNotFitBecomesABlank() {
    var buffer = buffer(6)
    buffer.fill(buffer.area, with: Cell("."))
    #expect(buffer.setString("ab世", at: Position(column: 0, row: 0), maxWidth: 3) == 3)
    #expect(buffer.lines == ["ab ..."])
    var edge = Buffer(size: Size(columns: 3, rows: 1))
    #expect(edge.setString("a世", at: Position(column: 1, row: 0)) == 2)
    #expect(edge.cells.map(\.symbol) == [" ", "a", " "])
  }

  @Test func zeroWidthGraphemesAreSkipped() {
    var buffer = buffer(6)
    #expect(buffer.setString("a\tb\u{301}", at: Position(column: 0, row: 0)) == 2)
    #expect(buffer.lines == ["ab\u{301}"])
  }

  @Test func narrowOverLeftHalfOfWideBlanksTheRightHalf() {
    var buffer = buffer(4)
    buffer.setString("世界", at: Position(column: 0, row: 0))
    buffer.setString("x", at: Position(column: 0, row: 0))
    #expect(buffer.cells.map(\.symbol) == ["x", " ", "界", ""])
    #expect(buffer.lines == ["x 界"])
  }

  @Test func narrowOverRightHalfOfWideBlanksTheLeftHalf() {
    var buffer = buffer(4)
    buffer.setString("世界", at: Position(column: 0, row: 0))
    buffer.setString("x", at: Position(column: 1, row: 0))
    #expect(buffer.cells.map(\.symbol) == [" ", "x", "界", ""])
    #expect(buffer.lines == [" x界"])
  }

  @Test func wideOverStraddlingWidesBlanksBothNeighbours() {
    var buffer = buffer(6)
    buffer.setString("世界人", at: Position(column: 0, row: 0))
    buffer.setString("好", at: Position(column: 1, row: 0))
    #expect(buffer.cells.map(\.symbol) == [" ", "好", "", " ", "人", ""])
    #expect(buffer.lines == [" 好 人"])
  }

  @Test func wideOverNarrowTakesTwoCells() {
    var buffer = buffer(4)
    buffer.setString("abcd", at: Position(column: 0, row: 0))
    buffer.setString("世", at: Position(column: 1, row: 0))
    #expect(buffer.cells.map(\.symbol) == ["a", "世", "", "d"])
  }

  @Test func subscriptWritesAreWidthAware() {
    var buffer = buffer(3)
    buffer[Position(column: 0, row: 0)] = Cell("世")
    #expect(buffer.cells.map(\.symbol) == ["世", "", " "])
    buffer[Position(column: 2, row: 0)] = Cell("界")
    #expect(buffer.cells.map(\.symbol) == ["世", "", " "])
    buffer[Position(column: 1, row: 0)] = Cell("x")
    #expect(buffer.cells.map(\.symbol) == [" ", "x", " "])
    buffer[Position(column: 2, row: 0)] = .continuation()
    #expect(buffer.cells.map(\.symbol) == [" ", "x", " "])
    buffer[Position(column: 9, row: 9)] = Cell("z")
    #expect(buffer[Position(column: 9, row: 9)] == .blank)
  }

  @Test func fillClipsAndNeverLeavesOrphanHalves() {
    var buffer = buffer(6, 2)
    buffer.setString("世界人", at: Position(column: 0, row: 0))
    buffer.fill(Rect(x: 1, y: 0, width: 2, height: 5), with: Cell("#"))
    #expect(buffer.lines == [" ## 人", " ##"])
  }

  @Test func setStyleKeepsSymbols() {
    var buffer = buffer(4)
    buffer.setString("ab", at: Position(column: 0, row: 0))
    let bold = Style(attributes: .bold)
    buffer.setStyle(Rect(x: 1, y: 0, width: 10, height: 1), style: bold)
    #expect(buffer.cells.map(\.style) == [.plain, bold, bold, bold])
    #expect(buffer.lines == ["ab"])
  }

  @Test func debugDescriptionReadsLikeAScreenshot() {
    var buffer = buffer(5, 2)
    buffer.setString("Hi世", at: Position(column: 0, row: 1))
    #expect(buffer.debugDescription == """
      Buffer 5x2
      ┌─────┐
      │     │
      │Hi世 │
      └─────┘
      """)
  }
}
