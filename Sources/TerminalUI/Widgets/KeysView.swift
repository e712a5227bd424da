/// Every key of a screen in a box over it, one per row, what `?` shows on a list: the footer
/// names only the usual keys, and at 40 columns only a few of them.
///
/// ```
/// ┌ Keys ──────────────────────────┐
/// │ ↑/↓ k/j Ctrl-P/Ctrl-N  move    │
/// │ Enter                  edit    │
/// │ Esc q                  quit    │
/// └────────────────────────────────┘
/// ```
///
/// ```swift
/// KeysView(items: layout.allKeys(keymap: .standard, listKeys: .standard)).render(in: screen, buffer: &buffer)
/// ```
public struct KeysView: Widget {
  /// The keys, in order: each item's `key` names all its keys.
  public var items: [KeyHelpView.Item]
  public var theme: Theme

  public init(items: [KeyHelpView.Item], theme: Theme = .color) {
    self.items = items
    self.theme = theme
  }

  /// The box's frame, centred in `area`: as wide as its widest row needs (at most `area`'s
  /// width) and as tall as its rows (at most `area`'s height).
  public func frame(in area: Rect) -> Rect {
    let width = min(area.width, max(keyWidth + 2 + actionWidth, 12) + 4)
    let height = min(area.height, items.count + 2)
    return Rect(
      x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2,
      width: width, height: height)
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    let box = frame(in: area)
    guard box.width >= 6, box.height >= 3 else { return }
    let framed = buffer.drawFrame(box, title: " Keys ", style: theme.label)
    let inside = Rect(x: framed.x + 1, y: framed.y, width: framed.width - 2, height: framed.height)
    // NB: A box too low for every row keeps the last (the way out) and puts "…" for the rows
    //     it leaves out above it.
    var shown: [KeyHelpView.Item?] = items
    if items.count > inside.height, let last = items.last {
      shown = inside.height < 2 ? [last] : items.prefix(inside.height - 2).map(Optional.some) + [nil, last]
    }
    for (index, item) in shown.enumerated() {
      let row = inside.row(index)
      guard let item else {
        buffer.draw("…", in: row, style: theme.help)
        continue
      }
      // NB: Cut with "…" where the box is narrower than its rows, never mid-word unmarked.
      var used = buffer.draw(item.key.truncated(toWidth: row.width), in: row, style: theme.helpKey)
      // NB: The actions' column, or as near as leaves room for two cells of the action.
      used = max(used, min(row.width - 2, keyWidth + 2))
      buffer.draw(item.action.truncated(toWidth: max(0, row.width - used)), in: row, offset: used, style: theme.help)
    }
  }

  private var keyWidth: Int { items.map(\.key.displayWidth).max() ?? 0 }
  private var actionWidth: Int { items.map(\.action.displayWidth).max() ?? 0 }
}
