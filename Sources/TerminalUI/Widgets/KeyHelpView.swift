/// The footer that names the keys: `Tab next  Shift-Tab back  Space toggle  Esc cancel`.
///
/// Items that do not fit are left out whole (never cut in the middle), from the end.
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

  /// The gap between items.
  public static let separator = "  "

  /// A footer naming `items`.
  public init(items: [Item], theme: Theme = .color) {
    self.items = items
    self.theme = theme
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    let row = area.row(0)
    guard !row.isEmpty else { return }
    var used = 0
    for (index, item) in items.enumerated() {
      let gap = index == 0 ? 0 : Self.separator.displayWidth
      if used + gap + item.width > row.width {
        if index == 0 {
          let text = "\(item.key) \(item.action)".truncated(toWidth: row.width)
          buffer.draw(text, in: row, style: theme.help)
        }
        return
      }
      used += gap
      used += buffer.draw(item.key, in: row, offset: used, style: theme.helpKey)
      used += buffer.draw(" " + item.action, in: row, offset: used, style: theme.help)
    }
  }
}
