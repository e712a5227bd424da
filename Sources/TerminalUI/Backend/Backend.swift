/// The few operations a terminal must offer; everything above this draws into a ``Buffer``.
///
/// ``Terminal`` calls ``draw(_:)`` with only the cells that changed since the last frame, in
/// row-major order, then places or hides the cursor and calls ``flush()``. A backend moves its
/// output cursor only when the next cell is not adjacent, and changes style only when it differs.
///
/// ```swift
/// let backend = HeadlessBackend(size: Size(columns: 80, rows: 24))
/// var terminal = Terminal(backend: backend)
/// ```
@MainActor
public protocol Backend: AnyObject {
  /// The current size of the screen.
  var size: Size { get }
  /// Draws cells at their positions. Continuation cells of wide graphemes are never passed.
  func draw(_ cells: [(Position, Cell)])
  /// Shows the text cursor at a position, or hides it when `nil`.
  func setCursor(_ position: Position?)
  /// Clears the whole screen (after a resize or when the previous frame is unknown).
  func clear()
  /// Sends everything drawn so far to the terminal.
  func flush()
}
