import Testing

@testable import TerminalUI

@MainActor
@Suite struct TerminalTests {
  private let size = Size(columns: 12, rows: 3)

  private func frame(_ rows: [String]) -> Buffer {
    var buffer = Buffer(size: size)
    for (row, text) in rows.enumerated() {
      buffer.setString(text, at: Position(column: 0, row: row))
    }
    return buffer
  }

  @Test func firstFrameClearsTheUnknownScreenAndSendsWhatIsNotBlank() {
    let backend = HeadlessBackend(size: size)
    let terminal = Terminal(backend: backend)
    terminal.draw(frame(["Name  Blob", "", "[ Save ]"]), cursor: Position(column: 10, row: 0))
    #expect(backend.lines == ["Name  Blob", "", "[ Save ]"])
    #expect(backend.cursor == Position(column: 10, row: 0))
    #expect(backend.clears == 1)
    #expect(backend.cellsDrawn == 18, "the words and the blanks between them, not the 18 others")
    #expect(backend.drawCalls == 1)
    #expect(backend.flushes == 1)
    #expect(terminal.statistics.framesDrawn == 1)
    #expect(terminal.statistics.cellsSent == 18)
  }

  @Test func identicalSecondFrameSendsNothingAndDoesNotFlush() {
    let backend = HeadlessBackend(size: size)
    let terminal = Terminal(backend: backend)
    let buffer = frame(["Hello"])
    terminal.draw(buffer, cursor: nil)
    backend.resetCounters()
    terminal.draw(buffer, cursor: nil)
    #expect(backend.drawCalls == 0)
    #expect(backend.cursorCalls == 0)
    #expect(backend.flushes == 0)
    #expect(terminal.statistics.framesRequested == 2)
    #expect(terminal.statistics.framesDrawn == 1)
    #expect(terminal.statistics.cellsSentLastFrame == 0)
  }

  @Test func oneChangedCharacterSendsOneCell() {
    let backend = HeadlessBackend(size: size)
    let terminal = Terminal(backend: backend)
    terminal.draw(frame(["Blob"]), cursor: Position(column: 4, row: 0))
    backend.resetCounters()
    terminal.draw(frame(["Blobb"]), cursor: Position(column: 5, row: 0))
    #expect(backend.cellsDrawn == 1)
    #expect(backend.flushes == 1)
    #expect(backend.lines == ["Blobb", "", ""])
    #expect(backend.cursor == Position(column: 5, row: 0))
  }

  @Test func cursorOnlyMoveSetsCursorAndFlushesWithoutDrawing() {
    let backend = HeadlessBackend(size: size)
    let terminal = Terminal(backend: backend)
    let buffer = frame(["Blob"])
    terminal.draw(buffer, cursor: Position(column: 4, row: 0))
    backend.resetCounters()
    terminal.draw(buffer, cursor: Position(column: 2, row: 0))
    #expect(backend.drawCalls == 0)
    #expect(backend.cursorCalls == 1)
    #expect(backend.flushes == 1)
    #expect(backend.cursor == Position(column: 2, row: 0))
    terminal.draw(buffer, cursor: nil)
    #expect(backend.cursor == nil)
    #expect(backend.cursorCalls == 2)
  }

  /// With nothing to type into, the cursor rests hidden where focus is (screen readers and
  /// braille displays follow it); a visible cursor goes first, and an unchanged place is not
  /// sent again.
  @Test func theHiddenCursorRestsOnFocus() {
    let backend = HeadlessBackend(size: size)
    let terminal = Terminal(backend: backend)
    let buffer = frame(["Name  Blob", "[x] Notify"])
    terminal.draw(buffer, cursor: nil, focus: Position(column: 0, row: 1))
    #expect(backend.cursor == nil)
    #expect(backend.hiddenCursor == Position(column: 0, row: 1))
    backend.resetCounters()
    terminal.draw(buffer, cursor: nil, focus: Position(column: 0, row: 1))
    #expect(backend.cursorCalls == 0 && backend.flushes == 0, "an unchanged place is not sent again")
    terminal.draw(buffer, cursor: Position(column: 10, row: 0), focus: Position(column: 6, row: 0))
    #expect(backend.cursor == Position(column: 10, row: 0))
    #expect(backend.hiddenCursor == nil)
    terminal.draw(buffer, cursor: nil, focus: nil)
    #expect(backend.cursor == nil && backend.hiddenCursor == nil)
    #expect(backend.cursorCalls == 2)
  }

  @Test func wideToNarrowLeavesNoGhostOnScreen() {
    let backend = HeadlessBackend(size: size)
    let terminal = Terminal(backend: backend)
    terminal.draw(frame(["世界"]), cursor: nil)
    terminal.draw(frame(["ab"]), cursor: nil)
    #expect(backend.lines == ["ab", "", ""])
    terminal.draw(frame(["a世"]), cursor: nil)
    #expect(backend.lines == ["a世", "", ""])
    #expect(backend.screen == frame(["a世"]))
  }

  @Test func invalidateClearsAndRedrawsOnlyNonBlankCells() {
    let backend = HeadlessBackend(size: size)
    let terminal = Terminal(backend: backend)
    let buffer = frame(["Hi"])
    terminal.draw(buffer, cursor: Position(column: 2, row: 0))
    backend.resetCounters()
    terminal.invalidate()
    #expect(backend.clears == 1)
    #expect(backend.lines == ["", "", ""])
    terminal.draw(buffer, cursor: Position(column: 2, row: 0))
    #expect(backend.cellsDrawn == 2)
    #expect(backend.cursorCalls == 1)
    #expect(backend.lines == ["Hi", "", ""])
  }

  @Test func shortGapsBetweenChangesAreRewrittenInsteadOfSkipped() {
    let backend = HeadlessBackend(size: size)
    let terminal = Terminal(backend: backend)
    terminal.draw(frame(["ab cd     e", "x", "y"]), cursor: nil)
    backend.resetCounters()
    // Changes at columns 0 and 3 (gap of 2 equal cells: bridged) and at 10 (gap of 6: not).
    terminal.draw(frame(["Ab Cd     E", "x", "y"]), cursor: nil)
    #expect(backend.cellsDrawn == 5, "A, b, the space, C, then E after a move")

    var styled = frame(["ab cd", "x", "y"])
    styled.setStyle(Rect(x: 1, y: 0, width: 2, height: 1), style: Style(attributes: [.bold]))
    terminal.draw(styled, cursor: nil)
    backend.resetCounters()
    styled[Position(column: 0, row: 0)] = Cell("A")
    styled[Position(column: 3, row: 0)] = Cell("C")
    terminal.draw(styled, cursor: nil)
    #expect(backend.cellsDrawn == 2, "a gap in another style would need attribute changes: skipped")
    #expect(backend.screen == styled)
  }

  @Test func changedRowsLimitTheComparisonUntilTheScreenIsCleared() {
    let backend = HeadlessBackend(size: size)
    let terminal = Terminal(backend: backend)
    terminal.draw(frame(["a", "b", "c"]), cursor: nil)
    // The caller vouches that only row 0 may differ, so row 2 is not even compared.
    terminal.draw(frame(["A", "b", "C"]), cursor: nil, changedRows: [0])
    #expect(backend.lines == ["A", "b", "c"])
    terminal.draw(frame(["A", "B", "C"]), cursor: nil, changedRows: [1, 2, 1])
    #expect(backend.lines == ["A", "B", "C"])
    terminal.invalidate()
    terminal.draw(frame(["x", "y", "z"]), cursor: nil, changedRows: [0])
    #expect(backend.lines == ["x", "y", "z"], "after a clear every row is drawn, whatever the hint")
  }

  @Test func changedRowsAreVisitedInOrderEachOnce() {
    #expect(Terminal.ascendingWithoutDuplicates([2, 0, 2, 1, 0]) == [0, 1, 2])
    #expect(Terminal.ascendingWithoutDuplicates([5, 3, 9, 3]) == [3, 5, 9])
    #expect(Terminal.ascendingWithoutDuplicates([]) == [])
    let backend = HeadlessBackend(size: size)
    let terminal = Terminal(backend: backend)
    terminal.draw(frame(["a", "b", "c"]), cursor: nil)
    let before = terminal.statistics.cellsSent
    terminal.draw(frame(["A", "b", "C"]), cursor: nil, changedRows: [2, 0, 2, 0])
    #expect(backend.lines == ["A", "b", "C"])
    #expect(terminal.statistics.cellsSent - before == 2, "each changed cell sent once")
  }

  @Test func handleResizeReadsTheNewSize() {
    let backend = HeadlessBackend(size: size)
    let terminal = Terminal(backend: backend)
    terminal.draw(frame(["Hello"]), cursor: nil)
    backend.size = Size(columns: 4, rows: 2)
    #expect(backend.lines == ["Hell", ""])
    terminal.handleResize()
    #expect(terminal.size == Size(columns: 4, rows: 2))
    #expect(terminal.makeBuffer().size == Size(columns: 4, rows: 2))
    var small = terminal.makeBuffer()
    small.setString("Big?", at: Position(column: 0, row: 1))
    terminal.draw(small, cursor: nil)
    #expect(backend.lines == ["", "Big?"])
    #expect(terminal.statistics.clears == 2, "the first frame's and the resize's")
  }
}
