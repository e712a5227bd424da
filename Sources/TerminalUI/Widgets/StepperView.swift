/// A number changed in steps: `‹ 18 ›` (or `- 18 +`) when focused, the bare number otherwise.
///
/// At a bound of `range` the marker for the blocked direction is left out, so the user sees
/// the limit before hitting it.
///
/// ```swift
/// StepperView(value: 18, range: 0...150, isFocused: true).render(in: area, buffer: &buffer)
/// ```
public struct StepperView: Widget {
  /// How the step markers look.
  public enum Markers: Hashable, Sendable {
    /// `‹ 18 ›`
    case arrows
    /// `- 18 +`
    case signs
  }

  /// The current number.
  public var value: Int
  /// Digits typed on their way into `range` (`3` of 3000 in 1024...65535), shown in place of
  /// the value while focused, as `‹ 3… ›`; `nil` shows the value.
  public var pending: String?
  /// The allowed numbers, if bounded.
  public var range: ClosedRange<Int>?
  /// How the step markers look.
  public var markers: Markers
  /// Whether the control has focus.
  public var isFocused: Bool
  /// Whether the control cannot be changed right now (drawn dimmed).
  public var isDisabled: Bool
  /// The styles to draw with.
  public var theme: Theme

  /// A stepper showing `value`.
  public init(
    value: Int, range: ClosedRange<Int>? = nil, pending: String? = nil, markers: Markers = .arrows,
    isFocused: Bool = false, isDisabled: Bool = false, theme: Theme = .color
  ) {
    self.value = value
    self.range = range
    self.pending = pending
    self.markers = markers
    self.isFocused = isFocused
    self.isDisabled = isDisabled
    self.theme = theme
  }

  /// Where the number starts in ``text`` while focused, past the arrow and its space.
  public static let valueColumn = 2

  /// The text drawn, such as `‹ 18 ›`.
  public var text: String {
    guard isFocused && !isDisabled else { return String(value) }
    let (less, more) = markers == .arrows ? ("‹", "›") : ("-", "+")
    let canDecrease = range.map { value > $0.lowerBound } ?? true
    let canIncrease = range.map { value < $0.upperBound } ?? true
    let shown = pending.map { $0 + "…" } ?? String(value)
    return "\(canDecrease ? less : " ") \(shown) \(canIncrease ? more : " ")"
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    let style = isDisabled ? theme.disabled : isFocused ? theme.focusedControl : theme.control
    buffer.draw(text, in: area, style: style)
  }
}
