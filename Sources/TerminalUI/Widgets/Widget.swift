/// Something that draws plain values into a ``Buffer`` inside a rectangle.
///
/// Widgets never see a store or the terminal: the form layout reads the state, builds widgets
/// from plain values and asks each to render in its own area. Drawing is clipped to `area`.
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
}
