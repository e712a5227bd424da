/// A button: `[ Save ]`, highlighted when focused and dimmed while the form is invalid.
///
/// A dimmed button stays pressable and can still be focused; it then shows both.
///
/// ```swift
/// ButtonView(title: "Save", isFocused: true, isDimmed: !state.isValid)
///   .render(in: area, buffer: &buffer)
/// ```
public struct ButtonView: Widget {
  public var title: String
  public var isFocused: Bool
  public var isDimmed: Bool
  public var theme: Theme

  public init(title: String, isFocused: Bool = false, isDimmed: Bool = false, theme: Theme = .color) {
    self.title = title
    self.isFocused = isFocused
    self.isDimmed = isDimmed
    self.theme = theme
  }

  /// The text drawn, such as `[ Save ]`.
  public var text: String { "[ \(title) ]" }

  /// The columns the button takes, for laying out a row of buttons.
  public var width: Int { text.displayWidth }

  /// The style the button is drawn in, from focus and dimming.
  public var style: Style {
    switch (isFocused, isDimmed) {
    case (true, true): theme.focusedDimmedButton
    case (true, false): theme.focusedButton
    case (false, true): theme.dimmedButton
    case (false, false): theme.button
    }
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    buffer.draw(text, in: area, style: style)
  }
}
