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
  /// A mouse button or the wheel, where the terminal reports them (see ``MouseEvent``).
  case mouse(MouseEvent)
  /// A function key or sequence the decoder does not name (the raw curses code).
  case unknown(Int32)
  /// A key pressed with Alt (Meta): a character (`.alt(.character("b"))`) or Backspace, which
  /// terminals send as Esc and the key together, or Left or Right held with Alt or Ctrl. Forms
  /// ignore it, except a text field's word keys (Alt-B, Alt-F, Alt-D, Alt-Backspace, Alt-Left,
  /// Alt-Right), so it never counts as Esc; outside text, Alt-Left is Left.
  indirect case alt(Key)
}

/// What the mouse did, and where (the screen cell, from the top left).
public struct MouseEvent: Hashable, Sendable {
  public var position: Position
  public var action: Action

  public enum Action: Hashable, Sendable {
    /// The (left) button went down.
    case press
    /// The wheel turned up (away from the person), or down.
    case wheelUp, wheelDown
  }

  public init(_ action: Action, at position: Position) {
    self.action = action
    self.position = position
  }
}
