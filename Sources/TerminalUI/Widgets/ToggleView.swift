/// An on/off switch drawn as a checkbox: `[x] On` or `[ ] Off`.
///
/// ```swift
/// ToggleView(isOn: state.protectMyPosts, isFocused: true).render(in: area, buffer: &buffer)
/// ```
public struct ToggleView: Widget {
  public var isOn: Bool
  public var onLabel: String
  public var offLabel: String
  public var isFocused: Bool
  public var isDisabled: Bool
  public var theme: Theme

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
