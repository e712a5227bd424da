import TerminalUI
import Testing

/// A click on the first place the screen shows `text`, `offset` columns into it.
@MainActor
func clickOn(_ text: String, offset: Int = 0, in backend: HeadlessBackend) throws -> Key {
  let row = try #require(backend.lines.firstIndex { $0.contains(text) }, "\(backend.lines)")
  let column = try #require(backend.lines[row].firstRange(of: text)).lowerBound.utf16Offset(in: backend.lines[row])
  return .mouse(MouseEvent(.press, at: Position(column: column + offset, row: row)))
}
