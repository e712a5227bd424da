/// Draws frames on a ``Backend``, sending only the cells that changed since the previous frame.
///
/// `Terminal` remembers the last frame it drew and the cursor it placed. Drawing the same frame
/// twice sends nothing and does not flush. What the screen shows before the first frame is
/// unknown, so the first frame clears it and sends only the cells that are not blank. After a
/// resize or a resume from Ctrl-Z the screen's contents are unknown again: call
/// ``handleResize()`` or ``invalidate()`` and the next frame is drawn the same way.
///
/// ```swift
/// let terminal = Terminal(backend: HeadlessBackend(size: Size(columns: 80, rows: 24)))
/// var buffer = terminal.makeBuffer()
/// buffer.setString("Hello", at: Position(column: 0, row: 0))
/// terminal.draw(buffer, cursor: Position(column: 5, row: 0))
/// ```
@MainActor
public final class Terminal {
  /// Counters of the work done so far, for tests and benchmarks.
  public struct Statistics: Hashable, Sendable {
    /// Calls to ``Terminal/draw(_:cursor:)``.
    public var framesRequested = 0
    /// Frames that sent anything to the backend (each ended with one flush).
    public var framesDrawn = 0
    /// Cells passed to ``Backend/draw(_:)`` in total.
    public var cellsSent = 0
    /// Cells passed to ``Backend/draw(_:)`` by the latest frame.
    public var cellsSentLastFrame = 0
    /// Calls to ``Backend/setCursor(_:isVisible:)``.
    public var cursorUpdates = 0
    /// Calls to ``Backend/clear()``.
    public var clears = 0
  }

  /// The backend this terminal draws on.
  public let backend: any Backend
  /// The screen size as of creation or the last ``handleResize()``.
  public private(set) var size: Size
  /// What has been done so far.
  public private(set) var statistics = Statistics()

  /// The frame the screen shows, or `nil` when unknown (before the first frame).
  private var previous: Buffer?
  /// Whether `previous` is the last frame passed to ``draw(_:cursor:changedRows:)`` (not the
  /// blank screen of an ``invalidate()``), so a caller's list of changed rows applies to it.
  private var previousIsLastFrame = false
  /// Where the screen's cursor is and whether it shows; `nil` when unknown.
  private var placedCursor: PlacedCursor?

  /// A terminal for a backend; the screen is assumed unknown, so the first frame clears it.
  public init(backend: any Backend) {
    self.backend = backend
    self.size = backend.size
  }

  /// A blank buffer of the current size, ready for widgets to draw into.
  public func makeBuffer() -> Buffer {
    Buffer(size: size)
  }

  /// Shows `buffer` and places the cursor (hidden when `nil`), sending only what changed.
  ///
  /// Calls ``Backend/draw(_:)`` only with changed cells and not at all when none changed,
  /// ``Backend/setCursor(_:isVisible:)`` only when the cursor moved or was shown or hidden, and
  /// ``Backend/flush()`` only when something was sent.
  ///
  /// - Parameter cursor: Where the cursor shows (where typing goes), or `nil`.
  /// - Parameter focus: Where the cursor rests, hidden, when `cursor` is `nil`: the focused
  ///   control that takes no typing, for screen readers and braille displays, which follow the
  ///   cursor shown or not.
  /// - Parameter changedRows: The rows that may differ from the previous `buffer` drawn, when
  ///   the caller knows (``FrameCache/rowsDrawnInLastFrame``); only those are compared, and the
  ///   buffer is not kept by reference, so the caller's next frame can be drawn into it in place.
  ///   `nil` compares every row. Ignored after ``invalidate()`` or a size change.
  public func draw(_ buffer: Buffer, cursor: Position?, focus: Position? = nil, changedRows: [Int]? = nil) {
    statistics.framesRequested += 1
    // NB: Clearing costs a few bytes; sending every blank cell of an unknown screen costs ~2 KB.
    if previous == nil { invalidate() }
    let changes: [(Position, Cell)]
    var sharesPrevious = false
    if let changedRows, previousIsLastFrame, var kept = previous, kept.size == buffer.size {
      // NB: Row-major order, each row once: the backend then moves the cursor least.
      let changedRows = Self.ascendingWithoutDuplicates(changedRows)
      changes = Self.bridgingShortGaps(buffer.diff(from: kept, rows: changedRows), in: buffer)
      // NB: Updated row by row in a copy of its own: sharing `buffer` would make the caller's
      //     next frame copy all 1,920 cells on its first write.
      previous = nil
      kept.copyRows(changedRows, from: buffer)
      previous = kept
    } else {
      changes = Self.bridgingShortGaps(buffer.diff(from: previous ?? Buffer(size: size)), in: buffer)
      previous = buffer
      sharesPrevious = true
    }
    previousIsLastFrame = true
    var sentAnything = false
    if !changes.isEmpty {
      backend.draw(changes)
      statistics.cellsSent += changes.count
      sentAnything = true
    }
    statistics.cellsSentLastFrame = changes.count
    // NB: Drawing moves the terminal's own cursor, so after any cells it must be placed again.
    let placement = PlacedCursor(position: cursor ?? focus, isVisible: cursor != nil)
    if sentAnything || placedCursor != placement {
      backend.setCursor(placement.position, isVisible: placement.isVisible)
      placedCursor = placement
      statistics.cursorUpdates += 1
      sentAnything = true
    }
    if sentAnything {
      backend.flush()
      statistics.framesDrawn += 1
    }
    // NB: A whole frame was kept by sharing the caller's cells. They are copied here, once the
    //     frame is out, rather than by the caller's next frame on its first write, which is the
    //     first key typed after the first frame (BENCHMARKS.md, "Per keystroke").
    if sharesPrevious { previous?.makeCellsUnique() }
  }

  /// The longest run of unchanged cells sent again to join two changes on a row: rewriting up to
  /// four cells in the same style costs at most four bytes, moving the cursor past them six or more.
  static let bridgedGap = 4

  /// `changes` plus the unchanged cells of short gaps between two changes on the same row, when
  /// those cells share the style of the change before them (so no attribute changes are needed).
  static func bridgingShortGaps(_ changes: [(Position, Cell)], in buffer: Buffer) -> [(Position, Cell)] {
    guard changes.count > 1 else { return changes }
    var result: [(Position, Cell)] = []
    result.reserveCapacity(changes.count)
    for (position, cell) in changes {
      if let (last, lastCell) = result.last, last.row == position.row {
        let gapStart = last.column + max(lastCell.width, 1)
        let gap = position.column - gapStart
        // NB: Plain loops: a closure made here and passed to the standard library would check
        //     at run time that it runs on the main actor, on every frame.
        if gap > 0 && gap <= bridgedGap {
          let row = position.row
          var sameStyle = true
          for column in gapStart..<position.column
          where buffer[Position(column: column, row: row)].style != lastCell.style {
            sameStyle = false
            break
          }
          if sameStyle {
            for column in gapStart..<position.column {
              let gapCell = buffer[Position(column: column, row: row)]
              if !gapCell.isContinuation { result.append((Position(column: column, row: row), gapCell)) }
            }
          }
        }
      }
      result.append((position, cell))
    }
    return result
  }

  /// The rows in ascending order, each once (a frame lists a handful, in drawing order).
  static func ascendingWithoutDuplicates(_ rows: [Int]) -> [Int] {
    var sorted: [Int] = []
    sorted.reserveCapacity(rows.count)
    for row in rows {
      var index = sorted.count
      while index > 0 && sorted[index - 1] > row { index -= 1 }
      if index > 0 && sorted[index - 1] == row { continue }
      sorted.insert(row, at: index)
    }
    return sorted
  }

  /// Reads the new size from the backend and forgets the screen; the next frame is drawn in full.
  public func handleResize() {
    size = backend.size
    invalidate()
  }

  /// Clears the screen and forgets what it showed (after a resume from Ctrl-Z or a redraw request).
  public func invalidate() {
    backend.clear()
    statistics.clears += 1
    // NB: After a clear the screen is blank, so diffing against a blank frame sends only the
    //     cells that hold something.
    previous = Buffer(size: size)
    previousIsLastFrame = false
    placedCursor = nil
  }
}

/// Where a frame left the terminal's cursor, and whether it shows.
private struct PlacedCursor: Equatable {
  var position: Position?
  var isVisible: Bool
}
