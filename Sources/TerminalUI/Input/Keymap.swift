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
  public var interrupt: Set<Key> { didSet { table = KeyTable(sets) } }
  /// Keys that cancel the form, whatever has focus.
  public var cancel: Set<Key> { didSet { table = KeyTable(sets) } }
  /// Keys that redraw the screen, whatever has focus.
  public var redraw: Set<Key> { didSet { table = KeyTable(sets) } }
  /// Keys that move focus forward.
  public var focusNext: Set<Key> { didSet { table = KeyTable(sets) } }
  /// Keys that move focus back.
  public var focusPrevious: Set<Key> { didSet { table = KeyTable(sets) } }
  /// Keys that activate the focused control.
  public var activate: Set<Key> { didSet { table = KeyTable(sets) } }
  /// Keys that flip a toggle (and press a button).
  public var toggle: Set<Key> { didSet { table = KeyTable(sets) } }
  /// Keys that step a picker or stepper back.
  public var decrement: Set<Key> { didSet { table = KeyTable(sets) } }
  /// Keys that step a picker or stepper forward.
  public var increment: Set<Key> { didSet { table = KeyTable(sets) } }
  /// Non-character keys a text field's ``TextEditor`` handles (printable characters and pastes
  /// always go to a focused text field).
  public var textEditing: Set<Key> { didSet { table = KeyTable(sets) } }

  /// The sets above by key, rebuilt whenever one changes.
  private var table: KeyTable

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
    self.table = KeyTable([])
    self.table = KeyTable(sets)
  }

  /// Every set with its bit in ``KeyTable``.
  private var sets: KeyTable.Sets {
    [
      (interrupt, .interrupt), (cancel, .cancel), (redraw, .redraw),
      (focusNext, .focusNext), (focusPrevious, .focusPrevious), (activate, .activate),
      (toggle, .toggle), (decrement, .decrement), (increment, .increment),
      (textEditing, .textEditing),
    ]
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
    let membership = table.membership(of: key, in: sets)
    if membership.contains(.interrupt) { return .interrupt }
    if membership.contains(.cancel) { return .cancel }
    if membership.contains(.redraw) { return .redraw }
    if let focused, let command = controlCommand(for: key, membership: membership, focused: focused) {
      return command
    }
    if membership.contains(.focusNext) { return .focusNext }
    if membership.contains(.focusPrevious) { return .focusPrevious }
    if membership.contains(.activate) { return .activate }
    return nil
  }

  private func controlCommand(
    for key: Key, membership: KeyTable.Membership, focused: ControlKind
  ) -> FormCommand? {
    switch focused {
    case .text:
      if membership.contains(.textEditing) { return .edit(key) }
      switch key {
      case .paste: return .edit(key)
      case .character(let character) where TextSanitizer.isPrintable(character): return .edit(key)
      default: return nil
      }
    case .toggle:
      return membership.contains(.toggle) ? .toggle : nil
    case .button:
      return membership.contains(.toggle) ? .activate : nil
    case .picker, .stepper:
      if membership.contains(.decrement) { return .decrement }
      if membership.contains(.increment) { return .increment }
      if case .character(let character) = key, let digit = character.wholeNumberValue,
        character.isASCII
      {
        return .digit(digit)
      }
      return nil
    }
  }
}
