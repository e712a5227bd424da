/// A button: `[ Save ]`, highlighted when focused and dimmed while the form is invalid.
///
/// A dimmed button stays pressable and can still be focused; it then shows both.
///
/// ```swift
/// ButtonView(title: "Save", isFocused: true, isDimmed: !state.isValid)
///   .render(in: area, buffer: &buffer)
/// ```
public struct ButtonView: Widget {
  /// The button's title.
  public var title: String
  /// Whether the control has focus.
  public var isFocused: Bool
  /// Whether the form is invalid (the button stays pressable).
  public var isDimmed: Bool
  /// The styles to draw with.
  public var theme: Theme

  /// A button titled `title`.
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
