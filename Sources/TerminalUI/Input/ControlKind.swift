/// The kind of control that has focus, which decides what a key means.
///
/// Space is text in a ``text`` field, flips a ``toggle`` and presses a ``button``; Left and Right
/// move the cursor in a text field but change a ``picker`` or ``stepper``.
public enum ControlKind: Hashable, Sendable, CaseIterable {
  /// A single-line text field.
  case text
  /// An on/off switch.
  case toggle
  /// A choice among a few options (Left/Right cycle them).
  case picker
  /// A number changed in steps (Left/Right, -/+, digits).
  case stepper
  /// A button pressed with Enter or Space.
  case button
  /// A control of your own that handles keys itself: every key but the interrupt, cancel,
  /// redraw, focus and Enter keys reaches it as ``FormCommand/edit(_:)``.
  case custom
}
