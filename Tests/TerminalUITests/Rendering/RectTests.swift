import Testing

@testable import TerminalUI

@Suite struct RectTests {
  @Test func edgesAndArea() {
    let rect = Rect(x: 2, y: 3, width: 10, height: 4)
    #expect(rect.left == 2 && rect.right == 12 && rect.top == 3 && rect.bottom == 7)
    #expect(rect.area == 40)
    #expect(!rect.isEmpty)
    #expect(rect.origin == Position(column: 2, row: 3))
    #expect(rect.size == Size(columns: 10, rows: 4))
  }

  @Test func negativeSizesClampToEmpty() {
    let rect = Rect(x: 0, y: 0, width: -3, height: 2)
    #expect(rect.width == 0)
    #expect(rect.isEmpty)
  }

  @Test func containsIsHalfOpen() {
    let rect = Rect(x: 1, y: 1, width: 2, height: 2)
    #expect(rect.contains(Position(column: 1, row: 1)))
    #expect(rect.contains(Position(column: 2, row: 2)))
    #expect(!rect.contains(Position(column: 3, row: 1)))
    #expect(!rect.contains(Position(column: 0, row: 1)))
  }

  @Test func intersection() {
    let a = Rect(x: 0, y: 0, width: 10, height: 5)
    let b = Rect(x: 6, y: 3, width: 10, height: 10)
    #expect(a.intersection(b) == Rect(x: 6, y: 3, width: 4, height: 2))
    #expect(a.intersection(Rect(x: 20, y: 20, width: 2, height: 2)).isEmpty)
  }

  @Test func insets() {
    let rect = Rect(x: 0, y: 0, width: 80, height: 24)
    #expect(rect.inset(horizontal: 2, vertical: 1) == Rect(x: 2, y: 1, width: 76, height: 22))
    #expect(rect.inset(top: 1, left: 3) == Rect(x: 3, y: 1, width: 77, height: 23))
    #expect(Rect(x: 0, y: 0, width: 3, height: 3).inset(horizontal: 5).isEmpty)
  }

  @Test func rows() {
    let rect = Rect(x: 4, y: 2, width: 5, height: 3)
    #expect(rect.rows == [
      Rect(x: 4, y: 2, width: 5, height: 1),
      Rect(x: 4, y: 3, width: 5, height: 1),
      Rect(x: 4, y: 4, width: 5, height: 1),
    ])
    #expect(rect.row(1) == Rect(x: 4, y: 3, width: 5, height: 1))
    #expect(rect.row(3).isEmpty)
    #expect(rect.row(-1).isEmpty)
  }

  @Test func splits() {
    let rect = Rect(x: 0, y: 0, width: 30, height: 10)
    let (label, field) = rect.splitColumns(at: 12)
    #expect(label == Rect(x: 0, y: 0, width: 12, height: 10))
    #expect(field == Rect(x: 12, y: 0, width: 18, height: 10))
    let (header, body) = rect.splitRows(at: 2)
    #expect(header == Rect(x: 0, y: 0, width: 30, height: 2))
    #expect(body == Rect(x: 0, y: 2, width: 30, height: 8))
    #expect(rect.splitColumns(at: 99).right.isEmpty)
  }
}
