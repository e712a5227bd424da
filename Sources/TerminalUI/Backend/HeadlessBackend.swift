/// A backend that draws into memory instead of a terminal, for tests and benchmarks.
///
/// It keeps a screen of cells updated by ``draw(_:)`` exactly as a terminal would (a wide
/// grapheme also covers the column to its right), the cursor, and counts of every call, so a test
/// can assert both what the user would see and how much was sent.
///
/// ```swift
/// let backend = HeadlessBackend(size: Size(columns: 20, rows: 2))
/// let terminal = Terminal(backend: backend)
/// terminal.draw(buffer, cursor: nil)
/// #expect(backend.lines == ["Name  Blob", ""])
/// ```
@MainActor
public final class HeadlessBackend: Backend {
  /// The screen size; changing it keeps what fits, like a terminal window being resized.
  public var size: Size {
    didSet { resizeScreen(from: oldValue) }
  }
  /// What the screen shows.
  public private(set) var screen: Buffer
  /// Where the cursor is shown, or `nil` when hidden.
  public private(set) var cursor: Position?
  /// Where the hidden cursor rests (focus on a control that takes no typing), or `nil`.
  public private(set) var hiddenCursor: Position?
  /// Calls to ``draw(_:)``.
  public private(set) var drawCalls = 0
  /// Cells received by ``draw(_:)`` in total.
  public private(set) var cellsDrawn = 0
  /// Calls to ``flush()``.
  public private(set) var flushes = 0
  /// Calls to ``clear()``.
  public private(set) var clears = 0
  /// Calls to ``setCursor(_:)`` and ``setCursor(_:isVisible:)``.
  public private(set) var cursorCalls = 0

  /// A blank screen of the given size with the cursor hidden.
  public init(size: Size) {
    self.size = size
    self.screen = Buffer(size: size)
  }

  /// Each screen row as text, trailing spaces trimmed.
  public var lines: [String] { screen.lines }

  public func draw(_ cells: [(Position, Cell)]) {
    drawCalls += 1
    cellsDrawn += cells.count
    for (position, cell) in cells {
      screen[position] = cell
    }
  }

  public func setCursor(_ position: Position?) {
    setCursor(position, isVisible: true)
  }

  public func setCursor(_ position: Position?, isVisible: Bool) {
    cursorCalls += 1
    cursor = isVisible ? position : nil
    hiddenCursor = isVisible ? nil : position
  }

  public func clear() {
    clears += 1
    screen = Buffer(size: size)
  }

  public func flush() {
    flushes += 1
  }

  /// Sets every counter back to zero, keeping the screen and cursor.
  public func resetCounters() {
    drawCalls = 0
    cellsDrawn = 0
    flushes = 0
    clears = 0
    cursorCalls = 0
  }

  private func resizeScreen(from oldSize: Size) {
    guard size != oldSize else { return }
    let old = screen
    screen = Buffer(size: size)
    let kept = old.area.intersection(screen.area)
    for row in kept.top..<kept.bottom {
      for column in kept.left..<kept.right {
        let position = Position(column: column, row: row)
        let cell = old[position]
        if !cell.isContinuation { screen[position] = cell }
      }
    }
    if let cursor, !screen.area.contains(cursor) { self.cursor = nil }
    if let hiddenCursor, !screen.area.contains(hiddenCursor) { self.hiddenCursor = nil }
  }
}

extension HeadlessBackend: @MainActor CustomDebugStringConvertible {
  /// The screen drawn inside a frame, like a screenshot.
  public var debugDescription: String { screen.debugDescription }
}
