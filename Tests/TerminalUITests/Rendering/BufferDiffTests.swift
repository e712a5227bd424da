import Testing

@testable import TerminalUI

@Suite struct BufferDiffTests {
  private func line(_ text: String, columns: Int = 6) -> Buffer {
    var buffer = Buffer(size: Size(columns: columns, rows: 1))
    buffer.setString(text, at: Position(column: 0, row: 0))
    return buffer
  }

  private func summary(_ changes: [(Position, Cell)]) -> [String] {
    changes.map { "\($0.0.column),\($0.0.row)=\($0.1.symbol)" }
  }

  @Test func identicalBuffersHaveNoChanges() {
    #expect(line("hello").diff(from: line("hello")).isEmpty)
  }

  @Test func oneChangedCharacterIsOneCell() {
    #expect(summary(line("hallo").diff(from: line("hello"))) == ["1,0=a"])
  }

  @Test func styleChangeCounts() {
    var styled = line("ab")
    styled.setStyle(Rect(x: 1, y: 0, width: 1, height: 1), style: Style(attributes: .reverse))
    let changes = styled.diff(from: line("ab"))
    #expect(summary(changes) == ["1,0=b"])
    #expect(changes.first?.1.style == Style(attributes: .reverse))
  }

  @Test func changesComeInRowMajorOrder() {
    var previous = Buffer(size: Size(columns: 3, rows: 2))
    previous.setString("abc", at: Position(column: 0, row: 0))
    var next = previous
    next.setString("x", at: Position(column: 2, row: 1))
    next.setString("y", at: Position(column: 0, row: 0))
    #expect(summary(next.diff(from: previous)) == ["0,0=y", "2,1=x"])
  }

  @Test func continuationCellsAreNeverEmitted() {
    let changes = line("a世界").diff(from: line("abcde"))
    #expect(summary(changes) == ["1,0=世", "3,0=界"])
    #expect(changes.allSatisfy { !$0.1.isContinuation })
  }

  @Test func wideReplacedByNarrowRepaintsTheCoveredCell() {
    // "世" covered columns 0-1; now "a" at 0 and a blank at 1: the blank must be drawn.
    let changes = line("a").diff(from: line("世"))
    #expect(summary(changes) == ["0,0=a", "1,0= "])
  }

  @Test func onlyTheCoveredCellIsRepaintedNotItsUnchangedNeighbour() {
    var previous = Buffer(size: Size(columns: 3, rows: 1))
    previous.setString("世x", at: Position(column: 0, row: 0))
    var next = Buffer(size: Size(columns: 3, rows: 1))
    next.setString("ab", at: Position(column: 0, row: 0))
    next.setString("x", at: Position(column: 2, row: 0))
    #expect(summary(next.diff(from: previous)) == ["0,0=a", "1,0=b"])
  }

  @Test func differentSizesSendEveryCell() {
    let previous = Buffer(size: Size(columns: 2, rows: 1))
    let next = line("世a", columns: 3)
    #expect(summary(next.diff(from: previous)) == ["0,0=世", "2,0=a"])
  }
}
