import ComposableForms

/// What the terminal shows of a list that is not the feature's business: the first row on
/// screen, the search field's cursor, the selected answer of a question. ``ListRuntime`` keeps
/// one between frames; the store never sees it.
public struct ListViewState: Equatable {
  /// The first row on screen.
  public var top = 0
  /// The rows the last frame had room for.
  public var visibleCount = 1
  /// The search field's editor (its cursor), kept in step with the feature's search text.
  public var searchEditor = TextEditor()
  /// The question shown last (its id), and the index of its selected answer.
  /// Where focus was in the frame last drawn (the selected row, or the prompt's selected
  /// answer), or `nil`: the runtime rests the hidden cursor there while the search field does
  /// not have it, for screen readers and braille displays.
  public internal(set) var focusPosition: Position?
  public var promptID: String?
  public var promptSelection = 0
  /// Where the question's box was last drawn centred, for clicks on its buttons.
  public var promptArea: Rect?
  /// The rows the feature was last told are on screen.
  public var reportedRows: Range<Int>?
  /// Whether every key is shown in a box over the list (`?`); the next key hides it.
  public var showsKeys = false

  public init() {}

  /// Starts a newly shown question with its preselected answer selected; nothing changes while
  /// the same question stays.
  mutating func show(_ prompt: FormPrompt) {
    guard promptID != prompt.id else { return }
    promptID = prompt.id
    promptSelection = prompt.preselectedIndex
  }

  /// Puts `text` in the search editor, the cursor at its end, unless it holds it already (the
  /// feature changed the search, or the field just got focus).
  mutating func syncSearch(_ text: String) {
    guard searchEditor.text != text else { return }
    searchEditor.replaceText(text)
    searchEditor.moveCursor(to: text.count)
  }

  /// The rows on screen, as the last frame drew them, among `count` rows.
  public func shownRows(count: Int) -> Range<Int> {
    let start = min(top, count)
    return start..<min(count, start + visibleCount)
  }
}
