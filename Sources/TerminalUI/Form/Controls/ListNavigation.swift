import Synchronization

/// What the keys of a list do to its filter and highlighted row (``ControlKind/list``): Up and
/// Down move one option, Page Up and Page Down a screenful, Home and End to the ends; typed text
/// filters the options (when the list can be filtered), Backspace and Ctrl-U edit the filter.
struct ListNavigation {
  /// Every option's title, in order.
  let titles: [String]
  /// What typed text and titles are compared as (lower case, by default).
  private let matchKey: @Sendable (String) -> String
  /// The titles' match keys, made once, for filtering.
  private let folded: [String]
  /// How many option rows are shown.
  let visibleRows: Int
  /// Whether typed text filters the options (a long list); otherwise a typed letter jumps to
  /// the next option that starts with it.
  let filters: Bool
  /// The last filter's matches: a key asks for them several times (its handling, the drawing,
  /// where focus is), each a pass over every option.
  private let lastMatches = MatchCache()

  /// A list of `titles` showing at most `visibleRows` of them; a longer list is filtered
  /// (any list, with `alwaysFilters`), typed text and titles compared as `matchKey` makes them.
  init(
    titles: [String], visibleRows: Int, alwaysFilters: Bool = false,
    matchKey: @escaping @Sendable (String) -> String = { $0.lowercased() }
  ) {
    let shown = max(1, min(visibleRows, titles.count))
    self.titles = titles
    self.visibleRows = shown
    self.filters = alwaysFilters || titles.count > shown
    self.matchKey = matchKey
    self.folded = filters ? titles.map(matchKey) : []
  }

  /// Whether a title reads as `text`, compared as `matchKey` makes both: from the keys a long
  /// list keeps for its filter, or, for a short one, its few titles.
  func hasTitle(_ text: String) -> Bool {
    let key = matchKey(text)
    return filters ? folded.contains(key) : titles.contains { matchKey($0) == key }
  }

  /// The rows the list takes: its options, and its filter line when it has one.
  var rows: Int { visibleRows + (filters ? 1 : 0) }

  /// Draws the list: the options the focused control's filter matches, `chosen` (indexes into
  /// the titles) marked, the highlight starting on `start`.
  func draw(
    chosen: (Int) -> Bool, start: Int?, marks: ListView.Marks, context: ControlContext,
    in area: Rect, buffer: inout Buffer
  ) {
    let filter = context.isFocused ? context.input.typed : ""
    let matches = matches(filter)
    ListView(
      options: matches.map { titles[$0] },
      chosen: Set(matches.indices.filter { chosen(matches[$0]) }),
      highlight: context.isFocused ? highlight(context.input, matches: matches, start: start) : nil,
      visibleRows: visibleRows, marks: marks, filter: filters ? filter : nil,
      isFocused: context.isFocused, isDisabled: context.isDisabled, theme: context.theme
    ).render(in: area, buffer: &buffer)
  }

  /// The indexes of the options `filter` matches (as their match keys), in order.
  func matches(_ filter: String) -> [Int] {
    guard filters else { return Array(titles.indices) }
    if let (last, matches) = lastMatches.value.withLock({ $0 }), last == filter { return matches }
    let needle = matchKey(filter)
    let matches = filter.isEmpty ? Array(titles.indices) : folded.indices.filter { folded[$0].contains(needle) }
    lastMatches.value.withLock { $0 = (filter, matches) }
    return matches
  }

  /// The highlighted position in `matches`, starting on `start` (the chosen option) when
  /// nothing was highlighted yet.
  func highlight(_ input: ControlInput, matches: [Int], start: Int?) -> Int? {
    guard !matches.isEmpty else { return nil }
    if let highlight = input.highlight { return min(max(0, highlight), matches.count - 1) }
    return start.flatMap { matches.firstIndex(of: $0) } ?? 0
  }

  /// The position in `matches` of the option drawn on `row` (a click there), as
  /// ``ListView/scrollOffset`` places them; `nil` below the last option or on the filter line.
  func position(atRow row: Int, input: ControlInput, matches: [Int], start: Int?) -> Int? {
    guard row >= 0, row < visibleRows, let target = highlight(input, matches: matches, start: start)
    else { return nil }
    let first = ListView.firstShown(keeping: target, of: matches.count, visibleRows: visibleRows)
    return first + row < matches.count ? first + row : nil
  }

  /// The row the highlighted option is drawn on (where focus is), as ``ListView/scrollOffset``
  /// places the options; the first row when nothing matches.
  func highlightedRow(input: ControlInput, start: Int?) -> Int {
    let matches = matches(input.typed)
    guard let target = highlight(input, matches: matches, start: start) else { return 0 }
    return target - ListView.firstShown(keeping: target, of: matches.count, visibleRows: visibleRows)
  }

  /// Applies a movement or filter key to `input`; `true` when the key was one.
  func handle(_ key: Key, input: inout ControlInput, start: Int?) -> Bool {
    let before = matches(input.typed)
    let current = highlight(input, matches: before, start: start) ?? 0
    let last = max(0, before.count - 1)
    input.isTyping = false
    switch key {
    case .up: input.highlight = max(0, current - 1)
    case .down: input.highlight = min(last, current + 1)
    case .pageUp: input.highlight = max(0, current - max(1, visibleRows - 1))
    case .pageDown: input.highlight = min(last, current + max(1, visibleRows - 1))
    case .home: input.highlight = 0
    case .end: input.highlight = last
    case .backspace where filters:
      input.typed = String(input.typed.dropLast())
      input.highlight = nil
      input.isTyping = !input.typed.isEmpty
    case .control("u") where filters:
      input.typed = ""
      input.highlight = nil
    case let .character(character) where filters:
      input.typed.append(character)
      input.highlight = 0
      input.isTyping = true
    case let .paste(text) where filters:
      // NB: As into a text field: line breaks and tabs become spaces (`x\ny` filters for `x y`).
      input.typed += TextSanitizer.singleLine(text).prefix(200)
      input.highlight = 0
      input.isTyping = !input.typed.isEmpty
    case let .character(character):
      // NB: A short list has no filter: a letter jumps to the next option starting with it.
      let letter = matchKey(String(character))
      let order = Array(before.indices.dropFirst(current + 1)) + Array(before.indices.prefix(current + 1))
      if let next = order.first(where: { matchKey(titles[before[$0]]).hasPrefix(letter) }) {
        input.highlight = next
      }
    default:
      return false
    }
    return true
  }
}

/// A list's last filter and its matches.
private final class MatchCache: Sendable {
  let value = Mutex<(filter: String, matches: [Int])?>(nil)
}
