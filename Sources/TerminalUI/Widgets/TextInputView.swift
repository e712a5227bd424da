/// A single-line text field: the value (or a dimmed placeholder), scrolled around the cursor
/// when focused.
///
/// Unfocused, it shows the start of the value, truncated with an ellipsis; focused, it shows
/// the slice ``TextEditor/visible(width:)`` picks and returns where the terminal cursor goes.
/// Secure entry shows one bullet per character.
///
/// ```swift
/// let field = TextInputView(value: state.email, placeholder: "name@example.com")
/// field.render(in: area, buffer: &buffer)                                   // unfocused
/// let cursor = field.renderFocused(in: area, buffer: &buffer, editor: &editor) // focused
/// ```
public struct TextInputView: Widget {
  /// The field's current value.
  public var value: String
  /// The hint shown while the value is empty and the field unfocused.
  public var placeholder: String
  /// How the value is shown: as typed, as bullets, or not at all.
  public var echo: Echo
  /// Whether the value is hidden (bullets or nothing).
  public var isSecure: Bool { echo != .normal }

  /// How a text field shows what is typed.
  public enum Echo: Hashable, Sendable {
    /// As typed.
    case normal
    /// One bullet per character.
    case bullets
    /// Nothing at all, and the cursor stays put (like `sudo`'s password prompt).
    case none
  }
  /// Whether the control cannot be changed right now (drawn dimmed).
  public var isDisabled: Bool
  /// The styles to draw with.
  public var theme: Theme

  /// The bullet secure entry shows for each character.
  public static let secureBullet: Character = "•"

  /// A text field showing `value`.
  public init(
    value: String, placeholder: String = "", isSecure: Bool = false, isDisabled: Bool = false,
    theme: Theme = .color
  ) {
    self.init(
      value: value, placeholder: placeholder, echo: isSecure ? .bullets : .normal,
      isDisabled: isDisabled, theme: theme)
  }

  /// A text field showing `value` as `echo` says.
  public init(
    value: String, placeholder: String = "", echo: Echo, isDisabled: Bool = false,
    theme: Theme = .color
  ) {
    self.value = value
    self.placeholder = placeholder
    self.echo = echo
    self.isDisabled = isDisabled
    self.theme = theme
  }

  /// Draws the field unfocused: the value from its start, or the placeholder when empty.
  public func render(in area: Rect, buffer: inout Buffer) {
    let row = area.row(0)
    guard !row.isEmpty else { return }
    let fieldStyle = isDisabled ? theme.disabled : theme.text
    buffer.fill(row, with: Cell(" ", style: isDisabled ? theme.disabled : theme.field))
    if value.isEmpty {
      let style = isDisabled ? theme.disabled : theme.placeholder
      buffer.draw(placeholder.truncated(toWidth: row.width), in: row, style: style)
    } else {
      buffer.draw(masked(value).truncated(toWidth: row.width), in: row, style: fieldStyle)
    }
  }

  /// Draws the field focused, showing `editor`'s text scrolled so its cursor is visible, and
  /// returns the screen position of the cursor (`nil` when the area is empty).
  ///
  /// The editor's scroll offset is updated, so keep the editor between frames.
  public func renderFocused(in area: Rect, buffer: inout Buffer, editor: inout TextEditor) -> Position? {
    let row = area.row(0)
    guard !row.isEmpty else { return nil }
    buffer.fill(row, with: Cell(" ", style: theme.field))
    let visible: (text: String, cursorColumn: Int)
    if echo == .none {
      visible = ("", 0)
    } else if isSecure || editor.text.showsPictures() {
      // NB: What is shown has one character for each of the text's (bullets, or control
      //     characters as pictures, a mark alone on a dotted circle), so scroll a copy of it and
      //     keep its offset.
      var maskedEditor = TextEditor(text: masked(editor.text))
      maskedEditor.moveCursor(to: editor.cursor)
      maskedEditor.scrollOffset = editor.scrollOffset
      visible = maskedEditor.visible(width: row.width)
      editor.scrollOffset = maskedEditor.scrollOffset
    } else {
      visible = editor.visible(width: row.width)
    }
    if editor.text.isEmpty, !placeholder.isEmpty, echo != .none {
      // NB: Shown while focused too, under the cursor, until the first character: the first
      //     field of a form has focus from the start, and its hint was never seen.
      buffer.draw(placeholder.truncated(toWidth: row.width), in: row, style: theme.placeholder)
    } else {
      buffer.draw(visible.text, in: row, style: theme.text)
    }
    return Position(column: row.x + min(visible.cursorColumn, row.width - 1), row: row.y)
  }

  private func masked(_ text: String) -> String {
    switch echo {
    case .normal: text.withControlPictures
    case .bullets: String(repeating: Self.secureBullet, count: text.count)
    case .none: ""
    }
  }
}
