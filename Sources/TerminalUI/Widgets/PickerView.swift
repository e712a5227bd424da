/// A choice among a few options: `‹ Weekly ›` when focused, the bare option otherwise.
///
/// The option is padded to the widest one, so the arrows stay put while the user cycles.
///
/// ```swift
/// PickerView(options: ["Daily", "Weekly", "Off"], selectedIndex: 1, isFocused: true)
///   .render(in: area, buffer: &buffer)   // "‹ Weekly ›"
/// ```
public struct PickerView: Widget {
  /// The options, in order.
  public var options: [String]
  /// The index of the chosen option.
  public var selectedIndex: Int
  /// Whether the control has focus.
  public var isFocused: Bool
  /// Whether the control cannot be changed right now (drawn dimmed).
  public var isDisabled: Bool
  /// The styles to draw with.
  public var theme: Theme

  /// A picker showing `options[selectedIndex]`.
  public init(
    options: [String], selectedIndex: Int, isFocused: Bool = false, isDisabled: Bool = false,
    theme: Theme = .color
  ) {
    self.options = options
    self.selectedIndex = selectedIndex
    self.isFocused = isFocused
    self.isDisabled = isDisabled
    self.theme = theme
  }

  /// Where the option starts in ``text`` while focused, past the arrow and its space.
  public static let valueColumn = 2

  /// The text drawn, such as `‹ Weekly ›`; an out-of-range index shows no option.
  public var text: String {
    let selected = options.indices.contains(selectedIndex) ? options[selectedIndex] : ""
    let widest = options.map(\.displayWidth).max() ?? 0
    let padded = selected + String(repeating: " ", count: max(0, widest - selected.displayWidth))
    return isFocused && !isDisabled ? "‹ \(padded) ›" : padded
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    let style = isDisabled ? theme.disabled : isFocused ? theme.focusedControl : theme.control
    var text = self.text
    if isFocused, !isDisabled, text.displayWidth > area.width, area.width >= 5 {
      // NB: The arrows say "Left/Right change this": shorten the option, never drop an arrow.
      let selected = options.indices.contains(selectedIndex) ? options[selectedIndex] : ""
      text = "‹ \(selected.truncated(toWidth: area.width - 4)) ›"
    }
    buffer.draw(text, in: area, style: style)
  }
}
