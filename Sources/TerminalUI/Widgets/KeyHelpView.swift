/// The footer that names the keys: `Tab next  Shift-Tab back  Space toggle  Esc cancel`.
///
/// Items that do not fit are left out whole (never cut in the middle), from the end, except the
/// last ones ``pinned`` names: the way out (`Esc cancel`, `Esc quit`), and in a list the key
/// that shows every key (`? keys`), so a narrow footer keeps them and leaves out the items
/// before them instead.
///
/// ```swift
/// KeyHelpView(items: keymap.helpItems(for: .toggle)).render(in: footer, buffer: &buffer)
/// ```
public struct KeyHelpView: Widget {
  /// One key and what it does.
  public struct Item: Hashable, Sendable {
    /// The key's name, such as `Tab`.
    public var key: String
    /// What the key does, such as `next`.
    public var action: String
    /// An item naming `key` and what it does.
    public init(key: String, action: String) {
      self.key = key
      self.action = action
    }
    /// The item's width as drawn: key, space, action.
    public var width: Int { key.displayWidth + 1 + action.displayWidth }
  }

  /// The keys to name, in order.
  public var items: [Item]
  /// The styles to draw with.
  public var theme: Theme

  /// How many items at the end stay when not all fit, each where it fits beside the first
  /// (the last before the others): 1, the way out, unless told otherwise.
  public var pinned: Int

  /// The gap between items.
  public static let separator = "  "

  /// A footer naming `items`, whose last `pinned` items stay when not all fit.
  public init(items: [Item], pinned: Int = 1, theme: Theme = .color) {
    self.items = items
    self.pinned = pinned
    self.theme = theme
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    let row = area.row(0)
    guard !row.isEmpty, let first = items.first else { return }
    let gap = Self.separator.displayWidth
    var shown = items
    if totalWidth(of: items) > row.width {
      // NB: The pinned items stay where they fit beside the first, the last of them longest;
      //     the others go from the end.
      let pinnedCount = min(max(0, pinned), items.count - 1)
      var kept = Array(items.suffix(pinnedCount))
      while !kept.isEmpty && first.width + gap + totalWidth(of: kept) > row.width { kept.removeFirst() }
      var used = kept.isEmpty ? 0 : totalWidth(of: kept) + gap
      shown = []
      for item in items.dropLast(pinnedCount) {
        guard used + item.width <= row.width else { break }
        shown.append(item)
        used += item.width + gap
      }
      shown += kept
      if shown.isEmpty {
        buffer.draw("\(first.key) \(first.action)".truncated(toWidth: row.width), in: row, style: theme.help)
        return
      }
    }
    var used = 0
    for (index, item) in shown.enumerated() {
      if index > 0 { used += gap }
      used += buffer.draw(item.key, in: row, offset: used, style: theme.helpKey)
      used += buffer.draw(" " + item.action, in: row, offset: used, style: theme.help)
    }
  }

  /// The width of `items` side by side.
  private func totalWidth(of items: [Item]) -> Int {
    items.reduce(0) { $0 + $1.width } + max(0, items.count - 1) * Self.separator.displayWidth
  }
}
