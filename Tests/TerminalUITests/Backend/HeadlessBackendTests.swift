import Testing

@testable import TerminalUI

@MainActor
@Suite struct HeadlessBackendTests {
  @Test func drawWritesCellsLikeATerminal() {
    let backend = HeadlessBackend(size: Size(columns: 5, rows: 1))
    backend.draw([(Position(column: 0, row: 0), Cell("世")), (Position(column: 2, row: 0), Cell("a"))])
    #expect(backend.lines == ["世a"])
    backend.draw([(Position(column: 1, row: 0), Cell("b"))])
    #expect(backend.lines == [" ba"])
    #expect(backend.drawCalls == 2)
    #expect(backend.cellsDrawn == 3)
  }

  @Test func cursorClearAndFlushAreRecorded() {
    let backend = HeadlessBackend(size: Size(columns: 5, rows: 2))
    backend.draw([(Position(column: 0, row: 1), Cell("x"))])
    backend.setCursor(Position(column: 1, row: 1))
    backend.flush()
    #expect(backend.cursor == Position(column: 1, row: 1))
    #expect(backend.flushes == 1)
    backend.clear()
    #expect(backend.lines == ["", ""])
    #expect(backend.clears == 1)
  }

  @Test func growingKeepsContentAndShrinkingDropsTheCursorOutside() {
    let backend = HeadlessBackend(size: Size(columns: 3, rows: 1))
    backend.draw([(Position(column: 0, row: 0), Cell("a")), (Position(column: 2, row: 0), Cell("c"))])
    backend.setCursor(Position(column: 2, row: 0))
    backend.size = Size(columns: 4, rows: 2)
    #expect(backend.lines == ["a c", ""])
    #expect(backend.cursor == Position(column: 2, row: 0))
    backend.size = Size(columns: 2, rows: 1)
    #expect(backend.lines == ["a"])
    #expect(backend.cursor == nil)
  }

  @Test func debugDescriptionShowsTheScreen() {
    let backend = HeadlessBackend(size: Size(columns: 3, rows: 1))
    backend.draw([(Position(column: 0, row: 0), Cell("o")), (Position(column: 1, row: 0), Cell("k"))])
    #expect(backend.debugDescription == "Buffer 3x1\n┌───┐\n│ok │\n└───┘")
  }
}
