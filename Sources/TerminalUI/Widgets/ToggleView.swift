/// An on/off switch drawn as a checkbox: `[x] On` or `[ ] Off`.
///
/// ```swift
/// ToggleView(isOn: state.protectMyPosts, isFocused: true).render(in: area, buffer: &buffer)
/// ```
public struct ToggleView: Widget {
  /// Whether the toggle is on.
  public var isOn: Bool
  /// The word after the box when on.
  public var onLabel: String
  /// The word after the box when off.
  public var offLabel: String
  /// Whether the control has focus.
  public var isFocused: Bool
  /// Whether the control cannot be changed right now (drawn dimmed).
  public var isDisabled: Bool
  /// The styles to draw with.
  public var theme: Theme

  /// A toggle showing `isOn`.
  public init(
    isOn: Bool, onLabel: String = "On", offLabel: String = "Off", isFocused: Bool = false,
    isDisabled: Bool = false, theme: Theme = .color
  ) {
    self.isOn = isOn
    self.onLabel = onLabel
    self.offLabel = offLabel
    self.isFocused = isFocused
    self.isDisabled = isDisabled
    self.theme = theme
  }

  /// The text drawn, such as `[x] On`.
  public var text: String {
    isOn ? "[x] \(onLabel)" : "[ ] \(offLabel)"
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    let style = isDisabled ? theme.disabled : isFocused ? theme.focusedControl : theme.control
    buffer.draw(text, in: area, style: style)
  }
}
