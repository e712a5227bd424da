/// A multi-line text field: the text wrapped at spaces to the area's width, a row per line, with
/// `↑` and `↓` in the last column where rows are hidden above or below.
///
/// Unfocused, it shows the first rows (or the placeholder); focused, the rows around the
/// editor's cursor, and it returns where the terminal cursor goes.
///
/// ```swift
/// TextAreaView(value: state.bio, placeholder: "A few words").render(in: area, buffer: &buffer)
/// let cursor = view.renderFocused(in: area, buffer: &buffer, editor: &editor)
/// ```
public struct TextAreaView: Widget {
  public var value: String
  public var placeholder: String
  public var isDisabled: Bool
  public var theme: Theme

  public init(value: String, placeholder: String = "", isDisabled: Bool = false, theme: Theme = .color) {
    self.value = value
    self.placeholder = placeholder
    self.isDisabled = isDisabled
    self.theme = theme
  }

  /// The columns the text wraps to in `area`: the last two hold a gap and the scroll marks.
  public static func textWidth(in area: Rect) -> Int { max(1, area.width - 2) }

  /// Draws the first rows of the value, or the placeholder when it is empty.
  public func render(in area: Rect, buffer: inout Buffer) {
    var editor = TextEditor(text: value)
    editor.isMultiline = true
    editor.moveCursor(to: 0)
    _ = draw(&editor, in: area, buffer: &buffer, isFocused: false)
  }

  /// Draws the rows around `editor`'s cursor and returns the cursor's screen position. Keep the
  /// editor between frames: it remembers how far the area is scrolled.
  public func renderFocused(in area: Rect, buffer: inout Buffer, editor: inout TextEditor) -> Position? {
    draw(&editor, in: area, buffer: &buffer, isFocused: true)
  }

  private func draw(_ editor: inout TextEditor, in area: Rect, buffer: inout Buffer, isFocused: Bool) -> Position? {
    guard !area.isEmpty else { return nil }
    let width = Self.textWidth(in: area)
    let fieldStyle = isDisabled ? theme.disabled : theme.field
    for row in 0..<area.height {
      buffer.fill(Rect(x: area.x, y: area.y + row, width: width, height: 1), with: Cell(" ", style: fieldStyle))
    }
    if editor.text.isEmpty && !isFocused {
      let style = isDisabled ? theme.disabled : theme.placeholder
      buffer.draw(placeholder.truncated(toWidth: width), in: Rect(x: area.x, y: area.y, width: width, height: 1), style: style)
      return nil
    }
    let visible: TextEditor.VisibleArea
    if editor.text.showsPictures(keepingLineBreaks: true) {
      // NB: A tab or another control character shows as its picture, one column, as in a text
      //     field: wrap and scroll a copy of what is shown, and keep its scroll.
      var pictures = TextEditor(text: editor.text.withControlPictures(keepingLineBreaks: true))
      pictures.isMultiline = true
      pictures.moveCursor(to: editor.cursor)
      pictures.scrollRow = editor.scrollRow
      visible = pictures.visibleRows(width: width, height: area.height)
      editor.scrollRow = pictures.scrollRow
    } else {
      visible = editor.visibleRows(width: width, height: area.height)
    }
    for (index, text) in visible.rows.enumerated() {
      buffer.draw(text, in: Rect(x: area.x, y: area.y + index, width: width, height: 1), style: isDisabled ? theme.disabled : theme.text)
    }
    let markX = area.x + area.width - 1
    if visible.moreAbove {
      buffer.setString("↑", at: Position(column: markX, row: area.y), style: theme.help)
    }
    if visible.moreBelow {
      buffer.setString("↓", at: Position(column: markX, row: area.y + area.height - 1), style: theme.help)
    }
    return Position(column: area.x + visible.cursorColumn, row: area.y + visible.cursorRow)
  }
}
