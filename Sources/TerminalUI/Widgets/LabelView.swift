/// A field's label, truncated with an ellipsis when the column is too narrow.
///
/// ```swift
/// LabelView("Display name", isFocused: true).render(in: labelColumn, buffer: &buffer)
/// ```
public struct LabelView: Widget {
  /// Which side of its area the label hugs.
  public enum Alignment: Hashable, Sendable {
    case leading, trailing
  }

  /// The label's text.
  public var text: String
  /// The style to draw in.
  public var style: Style
  /// Which side the label hugs.
  public var alignment: Alignment

  /// A label in an explicit style.
  public init(_ text: String, style: Style, alignment: Alignment = .leading) {
    self.text = text
    self.style = style
    self.alignment = alignment
  }

  /// A field label styled by focus and availability.
  public init(
    _ text: String, isFocused: Bool = false, isDisabled: Bool = false,
    alignment: Alignment = .leading, theme: Theme = .color
  ) {
    let style = isDisabled ? theme.disabled : isFocused ? theme.focusedLabel : theme.label
    self.init(text, style: style, alignment: alignment)
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    let shown = text.truncated(toWidth: area.width)
    let offset = alignment == .trailing ? area.width - shown.displayWidth : 0
    buffer.draw(shown, in: area, offset: offset, style: style)
  }
}
