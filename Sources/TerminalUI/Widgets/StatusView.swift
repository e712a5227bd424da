/// A status: work in progress with a spinner, or how it ended. A message wider than its area
/// wraps onto the rows below (``lines(width:height:)``), so an error is read whole.
///
/// Loading and checking show a spinner frame when `spinnerFrame` is given (advance it on each
/// redraw while work runs) and a plain `…` otherwise; saved shows `✓`, failed shows `✗`.
///
/// ```swift
/// StatusView(status: .checking("Checking email…"), spinnerFrame: tick).render(in: area, buffer: &buffer)
/// StatusView(status: .saved("Saved")).render(in: area, buffer: &buffer)   // "✓ Saved"
/// ```
public struct StatusView: Widget {
  /// What the status line reports.
  public enum Status: Hashable, Sendable {
    /// Work is running, such as a permission request.
    case loading(String)
    /// A value is being checked, such as a unique email.
    case checking(String)
    /// The form was saved.
    case saved(String)
    /// Something went wrong.
    case failed(String)
    /// A neutral message with no marker.
    case message(String)
  }

  /// What to report; `nil` draws nothing.
  public var status: Status?
  /// The spinner frame to show while working, or `nil` for a plain marker.
  public var spinnerFrame: Int?
  /// The styles to draw with.
  public var theme: Theme

  /// The spinner's frames, one column each.
  public static let spinnerFrames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// A status line; `nil` draws nothing.
  public init(status: Status?, spinnerFrame: Int? = nil, theme: Theme = .color) {
    self.status = status
    self.spinnerFrame = spinnerFrame
    self.theme = theme
  }

  /// The text drawn, such as `⠋ Checking email…` or `✓ Saved`.
  public var text: String {
    guard let status else { return "" }
    switch status {
    case .loading(let message), .checking(let message):
      return "\(workingMarker) \(message)"
    case .saved(let message):
      return "✓ \(message)"
    case .failed(let message):
      return "✗ \(message)"
    case .message(let message):
      return message
    }
  }

  private var workingMarker: String {
    guard let spinnerFrame else { return "…" }
    let count = Self.spinnerFrames.count
    return Self.spinnerFrames[((spinnerFrame % count) + count) % count]
  }

  /// The rows drawn into an area `width` columns wide and at most `height` rows high: the text
  /// wrapped at spaces. Only when even `height` rows cannot hold it is its middle left out,
  /// the row before the gap ending in "…": a failure's start says what failed and its end why
  /// ("… (Not a directory)"), and a long path between them gives way. On fewer than three rows,
  /// the last row is cut instead.
  public func lines(width: Int, height: Int = .max) -> [String] {
    let wrapped = text.wrapped(toWidth: width)
    guard wrapped.count > height else { return wrapped }
    guard height >= 3 else { return text.wrapped(toWidth: width, maxLines: height) }
    let tail = height / 2
    var head = Array(wrapped.prefix(height - tail))
    if let last = head.popLast() {
      head.append((last + " …").truncated(toWidth: width))
    }
    return head + wrapped.suffix(tail)
  }

  var style: Style {
    switch status {
    case .saved: theme.success
    case .failed: theme.error
    default: theme.status
    }
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    for (index, line) in lines(width: area.width, height: area.height).enumerated() {
      buffer.draw(line, in: Rect(x: area.x, y: area.y + index, width: area.width, height: 1), style: style)
    }
  }
}
