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

  /// The message as the lines it takes at `width` columns: the marker on the first, the rest
  /// indented under the text. Nothing is cut off.
  public static func lines(_ message: String, width: Int) -> [String] {
    let indent = String(repeating: " ", count: marker.displayWidth + 1)
    return message.wrapped(toWidth: max(1, width - indent.count)).enumerated().map { index, line in
      (index == 0 ? marker + " " : indent) + line
    }
  }

  /// Draws the message wrapped into the area's rows (as many as it has).
  public func render(in area: Rect, buffer: inout Buffer) {
    for (index, line) in Self.lines(message, width: area.width).enumerated() where index < area.height {
      buffer.draw(line, in: area.row(index), style: theme.error)
    }
  }
}
