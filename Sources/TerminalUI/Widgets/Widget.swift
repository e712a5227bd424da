/// Something that draws plain values into a ``Buffer`` inside a rectangle.
///
/// Widgets never see a store or the terminal: the form layout reads the state, builds widgets
/// from plain values and asks each to render in its own area, and a widget keeps inside it: the
/// buffer clips only at its own edges, so write with `maxWidth`
/// (``Buffer/setString(_:at:style:maxWidth:)``), as ratatui's widgets keep to their `Rect`.
///
/// ```swift
/// var buffer = Buffer(size: Size(columns: 20, rows: 1))
/// ButtonView(title: "Save", isFocused: true).render(in: buffer.area, buffer: &buffer)
/// buffer.lines   // ["[ Save ]"]
/// ```
public protocol Widget {
  /// Draws the widget inside `area` (its first row for one-line widgets).
  func render(in area: Rect, buffer: inout Buffer)
}

extension Buffer {
  /// Writes text on the first row of `area`, clipped to its width; returns the columns used.
  @discardableResult
  mutating func draw(_ text: String, in area: Rect, offset: Int = 0, style: Style) -> Int {
    guard !area.isEmpty, offset < area.width else { return 0 }
    return setString(
      text, at: Position(column: area.x + offset, row: area.y), style: style,
      maxWidth: area.width - offset)
  }

  /// Blanks `box` and draws a line around it, `title` set into the top line; returns the
  /// inside (`box` less the line). The question box and the box of keys share it.
  @discardableResult
  mutating func drawFrame(_ box: Rect, title: String = "", style: Style) -> Rect {
    fill(box, with: .blank)
    let inside = Rect(x: box.x + 1, y: box.y + 1, width: max(0, box.width - 2), height: max(0, box.height - 2))
    let top = title + String(repeating: "─", count: max(0, inside.width - title.displayWidth))
    draw("┌" + top + "┐", in: box.row(0), style: style)
    draw("└" + String(repeating: "─", count: inside.width) + "┘", in: box.row(box.height - 1), style: style)
    for y in inside.y..<(inside.y + inside.height) {
      _ = setString("│", at: Position(column: box.x, row: y), style: style)
      _ = setString("│", at: Position(column: box.x + box.width - 1, row: y), style: style)
    }
    return inside
  }
}
