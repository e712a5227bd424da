import Synchronization

/// The rows a form's controls take at one screen width (descriptions and notes wrap to it):
/// counted once per width rather than on every frame, which in a form of ten thousand fields
/// would cost a pass over all of them per key.
final class TallRowsCache: Sendable {
  /// The rows at one width.
  struct Rows {
    /// `before[i]`: the rows of the controls before the `i`th, with their descriptions.
    var before: [Int]
    /// `own[i]`: the rows of the `i`th control itself (``FormControl/rows(atWidth:)``).
    var own: [Int]
  }

  private let cached = Mutex<(width: Int, rows: Rows)?>(nil)

  /// The rows at `width`, counted by `count` when the width is not the one last asked for.
  func rows(width: Int, count: () -> Rows) -> Rows {
    if let hit = cached.withLock({ $0?.width == width ? $0?.rows : nil }) { return hit }
    let rows = count()
    cached.withLock { $0 = (width, rows) }
    return rows
  }
}
