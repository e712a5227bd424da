import ComposableForms
import IssueReporting

/// The previous frame of a form and what each of its rows showed, so the next frame redraws
/// only the rows whose content changed.
///
/// A typed key changes one row, the focused field; drawing the other rows again (labels, other
/// values, buttons, status, key help) was most of a keystroke's rendering work (BENCHMARKS.md,
/// "Per keystroke"). ``FormRuntime`` keeps one; pass the same
/// cache to every ``FormLayout/render(_:size:theme:view:cache:)`` of one layout and keymap.
public struct FrameCache {
  /// The last frame drawn with this cache.
  var buffer: Buffer?
  /// What each row of `buffer` shows; ``RowKey/unknown`` for a row to draw again whatever comes.
  ///
  /// NB: Not `[RowKey?]`: optional row keys were copied, compared and destroyed through the
  ///     runtime's generic enum witnesses on every typed key.
  var rows: [RowKey] = []
  /// The theme `buffer` was drawn with.
  var theme: Theme?
  /// The rows the last frame drew again, ascending; `nil` when it started from a blank frame.
  /// Pass them to ``Terminal/draw(_:cursor:changedRows:)``: every other row is as before.
  public private(set) var rowsDrawnInLastFrame: [Int]?

  public init() {}

  /// A frame to draw into: the previous one when size and theme are unchanged, else blank.
  mutating func start(size: Size, theme: Theme) -> Buffer {
    if let buffer, buffer.size == size, self.theme == theme, rows.count == size.rows {
      rowsDrawnInLastFrame = []
      return buffer
    }
    self.theme = theme
    rows = Array(repeating: .unknown, count: size.rows)
    rowsDrawnInLastFrame = nil
    return Buffer(size: size)
  }

  /// Draws row `y` with `draw` unless it already shows `key`; ``RowKey/unknown`` always draws.
  ///
  /// `ownControl` is a control written outside this package whose row `key` describes: a
  /// debug build draws that row again when the cache would keep it, and reports a `value`
  /// that left out something `draw` shows, which would otherwise leave old content on screen
  /// without a word.
  mutating func row(
    _ y: Int, _ key: RowKey, in buffer: inout Buffer, ownControl: OwnControl? = nil, draw: (inout Buffer) -> Void
  ) {
    if key != .unknown && rows[y] == key {
      #if DEBUG
        if let ownControl { checkRow(y, of: ownControl, key: key, in: buffer, draw: draw) }
      #endif
      return
    }
    buffer.fill(Rect(x: 0, y: y, width: buffer.size.columns, height: 1), with: .blank)
    draw(&buffer)
    rows[y] = key
    rowsDrawnInLastFrame?.append(y)
  }

  #if DEBUG
    /// The controls (by index) already reported by ``checkRow(_:of:key:in:draw:)``: one
    /// report each.
    private var reported: Set<Int> = []

    private mutating func checkRow(_ y: Int, of control: OwnControl, key: RowKey, in buffer: Buffer, draw: (inout Buffer) -> Void) {
      guard !reported.contains(control.index) else { return }
      var fresh = buffer
      fresh.fill(Rect(x: 0, y: y, width: buffer.size.columns, height: 1), with: .blank)
      draw(&fresh)
      let row = y * buffer.size.columns..<(y + 1) * buffer.size.columns
      guard fresh.cells[row] != buffer.cells[row] else { return }
      reported.insert(control.index)
      let value: String
      switch key {
      case let .control(_, _, shown, _, _), let .controlLine(_, _, _, _, shown, _): value = "\(shown)"
      default: value = "its value"
      }
      reportIssue(
        """
        The control "\(control.label)" draws something else now than when its value was \(value) \
        too: the form draws a row again only when its control's value changes, so the screen \
        kept the old picture. Make `value` describe everything `draw` reads from the state \
        (.text("\\(a) \\(b)") for several things).
        """, fileID: control.location.fileID, filePath: control.location.filePath, line: control.location.line,
        column: control.location.column)
    }
  #endif

  /// Remembers `buffer` as the frame the next render starts from.
  mutating func finish(_ buffer: Buffer) {
    self.buffer = buffer
  }

  /// Forgets everything: the next frame is drawn in full.
  mutating func reset() {
    buffer = nil
    rows = []
    theme = nil
    rowsDrawnInLastFrame = nil
  }
}

/// A control written outside this package, as ``FrameCache`` checks it in a debug build: its
/// place in the layout, its label and where it was written.
struct OwnControl {
  let index: Int
  let label: String
  let location: SourceLocation
}

/// Everything one screen row of a form is drawn from (size and theme are the frame's).
enum RowKey: Hashable {
  /// Content that is drawn every frame (the focused text field) or not known yet.
  case unknown
  case title(page: Int)
  case separator(moreAbove: Bool)
  case blank
  /// A control of one row without focus (the focused one is drawn every frame).
  case control(
    index: Int, isDisabled: Bool, value: ControlValue, status: StatusView.Status?, spinnerFrame: Int)
  /// One row of a control that takes several.
  case controlLine(
    index: Int, line: Int, isFocused: Bool, isDisabled: Bool, value: ControlValue,
    input: ControlInput)
  /// A row under a control: its description, and its label where that wraps this far.
  case description(index: Int, line: Int, isFocused: Bool, isDisabled: Bool)
  case note(StatusView.Status, line: Int, spinnerFrame: Int)
  case error(String)
  case buttons(isValid: Bool, focus: ButtonFocus)
  /// Where a page's buttons would be: the next page's title.
  case nextPage(Int)
  /// One row of the status, which wraps onto as many rows as it needs, `width` columns wide
  /// (narrower beside "↓ more").
  case status(StatusView.Status?, spinnerFrame: Int, moreBelow: Bool, row: Int, width: Int)
  /// The key help: what its items are made from (the keymap and the submit title are the
  /// layout's and the runtime's, the same for every frame of one cache).
  case help(HelpKey)

  /// Which button, if any, has focus.
  enum ButtonFocus: Hashable { case none, submit, cancel }

  /// What ``Keymap/helpItems(for:enterSubmits:submitTitle:controlKeys:filtering:clearsFilter:scrolls:)``
  /// is asked, so the items are made only when the row is drawn again.
  struct HelpKey: Hashable {
    var kind: ControlKind?
    var enterSubmits: Bool
    var controlKeys: [KeyHelpView.Item]
    var filtering: Bool
    var clearsFilter: Bool
    var scrolls: Bool
  }
}

/// What a control shows, as the frame cache compares it: a row is drawn again only when its
/// control's value (or focus, or disabled state) changed.
///
/// A control of your own describes its value as one of these: `.number(stars)`, or
/// `.text(String(describing: value))` for anything richer (several things it shows, in one
/// text).
// NB: No `AnyHashable` case: an existential payload makes every copy and comparison of a row's
//     key go through the runtime's value witnesses, on every row of every frame. No case of
//     several values (`[ControlValue]`) either: a recursive enum kept the form's rendering
//     from being specialized in the program's module (BENCHMARKS.md, "Per keystroke").
public enum ControlValue: Hashable, Sendable {
  case text(String)
  case flag(Bool)
  case number(Int)
}
