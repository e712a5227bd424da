/// What a key press means to a form, once the focused control is known.
///
/// ``Keymap`` turns a ``Key`` into a `FormCommand`; the form layer turns the command into store
/// actions (a binding, a focus move, a submit).
public enum FormCommand: Hashable, Sendable {
  /// Move focus to the next control (Tab, Down).
  case focusNext
  /// Move focus to the previous control (Shift-Tab, Up); never blocked by an invalid field.
  case focusPrevious
  /// Enter: move on to the next field, press the focused button, or submit on the last field.
  case activate
  /// Flip the focused toggle (Space).
  case toggle
  /// Step the focused picker or stepper forward (Right, `+`).
  case increment
  /// Step the focused picker or stepper back (Left, `-`).
  case decrement
  /// A digit typed on a stepper or picker (0 to 9).
  case digit(Int)
  /// A key for the focused text field's ``TextEditor``.
  case edit(Key)
  /// Ctrl-E in a text area: edit its text in `$VISUAL` or `$EDITOR` (the runtime does it).
  case openEditor
  /// Page Up or Page Down where the focused control does not take it: scroll the form a page,
  /// as the wheel does, until a key moves focus or edits.
  case scrollUp, scrollDown
  /// A click or a turn of the wheel (the layout finds what is under it).
  case mouse(MouseEvent)
  /// A click on the control, at a column of its area and one of its rows: what a control's
  /// `handle` gets for a click (a toggle flips, a list chooses the option on that row).
  case click(column: Int, row: Int)
  /// Esc: leave the form without saving.
  case cancel
  /// Ctrl-C: quit at once.
  case interrupt
  /// Ctrl-L or a resize: redraw the whole screen.
  case redraw
}
