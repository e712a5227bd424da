/// An inline validation error shown under its field: `! Please enter an email`.
///
/// ```swift
/// ErrorView(message: "Please enter an email").render(in: rowUnderField, buffer: &buffer)
/// ```
public struct ErrorView: Widget {
  /// The error message.
  public var message: String
  /// The styles to draw with.
  public var theme: Theme

  /// The marker before every message, so errors stand out without colour.
  public static let marker = "!"

  /// An error line showing `message`.
  public init(message: String, theme: Theme = .color) {
    self.message = message
    self.theme = theme
  }

  /// The text drawn, such as `! Please enter an email`.
  public var text: String { "\(Self.marker) \(message)" }

  public func render(in area: Rect, buffer: inout Buffer) {
    buffer.draw(text.truncated(toWidth: area.width), in: area, style: theme.error)
  }
}
