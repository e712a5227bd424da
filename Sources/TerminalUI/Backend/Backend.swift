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
  /// Places the cursor at `position`, shown when `isVisible` (where typing goes) or hidden
  /// there (where focus is on a control that takes no typing): screen readers and braille
  /// displays follow the cursor whether or not it shows. `nil` hides it wherever it is.
  ///
  /// A backend that cannot place a hidden cursor need not implement this: by default a hidden
  /// cursor is ``setCursor(_:)`` with `nil`.
  func setCursor(_ position: Position?, isVisible: Bool)
  /// Clears the whole screen (after a resize or when the previous frame is unknown).
  func clear()
  /// Sends everything drawn so far to the terminal.
  func flush()
}

extension Backend {
  public func setCursor(_ position: Position?, isVisible: Bool) {
    setCursor(isVisible ? position : nil)
  }
}
