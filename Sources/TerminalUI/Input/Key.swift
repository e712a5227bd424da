/// A key press (or terminal event) after decoding, independent of curses.
///
/// Control characters arrive as ``control(_:)`` with the lowercase letter (Ctrl-A is
/// `.control("a")`), except those with keys of their own: Tab, Enter, Backspace and Esc.
public enum Key: Hashable, Sendable {
  case character(Character)
  case control(Character)
  case tab, backTab, enter, escape, backspace, delete
  case up, down, left, right, home, end, pageUp, pageDown
  /// Text that arrived inside a bracketed paste, delivered as one event.
  case paste(String)
  /// The terminal changed size; read the new size from the backend.
  case resize
  /// A function key or sequence the decoder does not name (the raw curses code).
  case unknown(Int32)
}
