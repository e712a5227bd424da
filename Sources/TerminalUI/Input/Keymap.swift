/// Decides what a key means in a form, given the kind of control that has focus.
///
/// `Keymap.standard` follows the command-line contract: Tab/Down and Shift-Tab/Up move focus,
/// Enter activates, Space toggles, Left/Right (and `-`/`+`, digits) change pickers and steppers,
/// text fields take printable characters, pastes and the readline keys, Esc cancels and Ctrl-C
/// interrupts. Every key set is a property, so an app can adjust one without rewriting the rest.
///
/// ```swift
/// var keymap = Keymap.standard
/// keymap.cancel.insert(.control("g"))        // Emacs users expect Ctrl-G to cancel
/// keymap.command(for: .tab, focused: .text)  // .focusNext
/// ```
public struct Keymap: Hashable, Sendable {
  /// Keys that quit at once, whatever has focus.
  public var interrupt: Set<Key>
  /// Keys that cancel the form, whatever has focus.
  public var cancel: Set<Key>
  /// Keys that redraw the screen, whatever has focus.
  public var redraw: Set<Key>
  /// Keys that move focus forward.
  public var focusNext: Set<Key>
  /// Keys that move focus back.
  public var focusPrevious: Set<Key>
  /// Keys that activate the focused control.
  public var activate: Set<Key>
  /// Keys that flip a toggle (and press a button).
  public var toggle: Set<Key>
  /// Keys that step a picker or stepper back.
  public var decrement: Set<Key>
  /// Keys that step a picker or stepper forward.
  public var increment: Set<Key>
  /// Non-character keys a text field's ``TextEditor`` handles (printable characters and pastes
  /// always go to a focused text field).
  public var textEditing: Set<Key>

  /// A keymap made of the given key sets.
  public init(
    interrupt: Set<Key>, cancel: Set<Key>, redraw: Set<Key>,
    focusNext: Set<Key>, focusPrevious: Set<Key>, activate: Set<Key>,
    toggle: Set<Key>, decrement: Set<Key>, increment: Set<Key>, textEditing: Set<Key>
  ) {
    self.interrupt = interrupt
    self.cancel = cancel
    self.redraw = redraw
    self.focusNext = focusNext
    self.focusPrevious = focusPrevious
    self.activate = activate
    self.toggle = toggle
    self.decrement = decrement
    self.increment = increment
    self.textEditing = textEditing
  }

  /// The keys of the command-line contract (see the type's documentation).
  public static let standard = Keymap(
    interrupt: [.control("c")],
    cancel: [.escape],
    redraw: [.control("l"), .resize],
    focusNext: [.tab, .down],
    focusPrevious: [.backTab, .up],
    activate: [.enter],
    toggle: [.character(" ")],
    decrement: [.left, .character("-")],
    increment: [.right, .character("+")],
    textEditing: [
      .home, .end, .left, .right, .backspace, .delete,
      .control("a"), .control("e"), .control("b"), .control("f"),
      .control("k"), .control("u"), .control("w"), .control("d"),
    ]
  )

  /// The command for a key when a control of kind `focused` has focus (`nil`: nothing focused),
  /// or `nil` when the key means nothing there.
  public func command(for key: Key, focused: ControlKind?) -> FormCommand? {
    if interrupt.contains(key) { return .interrupt }
    if cancel.contains(key) { return .cancel }
    if redraw.contains(key) { return .redraw }
    if let focused, let command = controlCommand(for: key, focused: focused) { return command }
    if focusNext.contains(key) { return .focusNext }
    if focusPrevious.contains(key) { return .focusPrevious }
    if activate.contains(key) { return .activate }
    return nil
  }

  /// What a key means to the focused control itself, before focus keys are considered.
  private func controlCommand(for key: Key, focused: ControlKind) -> FormCommand? {
    switch focused {
    case .text:
      if textEditing.contains(key) { return .edit(key) }
      switch key {
      case .paste: return .edit(key)
      case .character(let character) where TextSanitizer.isPrintable(character): return .edit(key)
      default: return nil
      }
    case .toggle:
      return toggle.contains(key) ? .toggle : nil
    case .button:
      return toggle.contains(key) ? .activate : nil
    case .picker, .stepper:
      if decrement.contains(key) { return .decrement }
      if increment.contains(key) { return .increment }
      if case .character(let character) = key, let digit = character.wholeNumberValue,
        character.isASCII
      {
        return .digit(digit)
      }
      return nil
    }
  }
}
