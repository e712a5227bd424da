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
  /// A button pressed with Enter or Space: its control's `handle` gets
  /// ``FormCommand/activate``, and focus stays on it for another press (unless it sets
  /// ``ControlInput/advancesFocus``); a press it answers with `nil` moves on as Enter does.
  /// Left and Right go between the form's Save and Cancel, and do nothing on a button of yours.
  case button
  /// Multi-line text: Enter inserts a line break, Up/Down move by rows, Tab and Shift-Tab
  /// leave, and ``Keymap/openEditor`` (Ctrl-E) opens the text in `$VISUAL` or `$EDITOR`.
  case textArea
  /// A list of options in view: the arrows, Page Up/Down, Home/End and typed text (a filter)
  /// reach it as ``FormCommand/edit(_:)``, Space as ``FormCommand/toggle``; Tab and
  /// Shift-Tab leave it, and Enter reaches it as ``FormCommand/activate`` before moving on.
  case list
  /// Text that takes no focus (its field's ``FormField/takesFocus`` is `false`).
  case note
  /// A control of your own that handles keys itself: every key but the interrupt, cancel,
  /// redraw, focus and Enter keys reaches it as ``FormCommand/edit(_:)``. Up and Down move
  /// focus here; a control of your own that moves with them takes ``grid``'s keys instead.
  case custom
  /// A control of your own that moves inside itself with all four arrows (a calendar, a
  /// date's parts, a grid of colours): as ``custom``, and Up, Down, Page Up and Page Down
  /// reach it too; Tab and Shift-Tab leave it, and Enter reaches it as
  /// ``FormCommand/activate`` (choose the highlighted day) before moving on, as in a list.
  case grid
}
