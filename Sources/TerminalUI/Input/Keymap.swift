/// Decides what a key means in a form, given the kind of control that has focus.
///
/// `Keymap.standard` follows the command-line contract: Tab/Down and Shift-Tab/Up move focus,
/// Enter activates, Space toggles, Left/Right (and `-`/`+`, digits) change pickers and steppers,
/// text fields take printable characters, pastes and the readline keys, Esc cancels and Ctrl-C
/// interrupts. Every binding is a property with its keys and its help text, so an app can adjust
/// one without rewriting the rest, and the key help follows.
///
/// ```swift
/// var keymap = Keymap.standard
/// keymap.cancel.insert(.control("g"))        // Emacs users expect Ctrl-G to cancel
/// keymap.command(for: .tab, focused: .text)  // .focusNext
/// ```
public struct Keymap: Hashable, Sendable {
  /// Keys that quit at once, whatever has focus.
  public var interrupt: KeyBinding { didSet { table = KeyTable(sets) } }
  /// Keys that cancel the form, whatever has focus.
  public var cancel: KeyBinding { didSet { table = KeyTable(sets) } }
  /// Keys that redraw the screen, whatever has focus.
  public var redraw: KeyBinding { didSet { table = KeyTable(sets) } }
  /// Keys that move focus forward.
  public var focusNext: KeyBinding { didSet { table = KeyTable(sets) } }
  /// Keys that move focus back.
  public var focusPrevious: KeyBinding { didSet { table = KeyTable(sets) } }
  /// Keys that activate the focused control.
  public var activate: KeyBinding { didSet { table = KeyTable(sets) } }
  /// Keys that flip a toggle (and press a button).
  public var toggle: KeyBinding { didSet { table = KeyTable(sets) } }
  /// Keys that step a picker or stepper back.
  public var decrement: KeyBinding { didSet { table = KeyTable(sets) } }
  /// Keys that step a picker or stepper forward.
  public var increment: KeyBinding { didSet { table = KeyTable(sets) } }
  /// Non-character keys a text field's ``TextEditor`` handles (printable characters and pastes
  /// always go to a focused text field).
  public var textEditing: KeyBinding { didSet { table = KeyTable(sets) } }
  /// Keys that open a text area's text in `$VISUAL` or `$EDITOR`.
  public var openEditor: KeyBinding
  /// Keys that scroll a form taller than the screen a page up, where the focused control does
  /// not take them (a list moves by a page), until a key moves focus or edits.
  public var scrollUp: KeyBinding { didSet { table = KeyTable(sets) } }
  /// Keys that scroll a form taller than the screen a page down (see ``scrollUp``).
  public var scrollDown: KeyBinding { didSet { table = KeyTable(sets) } }

  /// The sets above by key, rebuilt whenever one changes.
  private var table: KeyTable

  /// A keymap made of the given key sets.
  public init(
    interrupt: KeyBinding, cancel: KeyBinding, redraw: KeyBinding,
    focusNext: KeyBinding, focusPrevious: KeyBinding, activate: KeyBinding,
    toggle: KeyBinding, decrement: KeyBinding, increment: KeyBinding, textEditing: KeyBinding,
    openEditor: KeyBinding = KeyBinding([.control("e")], help: "editor"),
    scrollUp: KeyBinding = KeyBinding([.pageUp], help: "scroll"),
    scrollDown: KeyBinding = KeyBinding([.pageDown], help: "scroll")
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
    self.openEditor = openEditor
    self.scrollUp = scrollUp
    self.scrollDown = scrollDown
    self.table = KeyTable([])
    self.table = KeyTable(sets)
  }

  /// Every binding with its bit in ``KeyTable``.
  private var sets: KeyTable.Sets {
    let bindings: [(KeyBinding, KeyTable.Membership)] = [
      (interrupt, .interrupt), (cancel, .cancel), (redraw, .redraw),
      (focusNext, .focusNext), (focusPrevious, .focusPrevious), (activate, .activate),
      (toggle, .toggle), (decrement, .decrement), (increment, .increment),
      (textEditing, .textEditing), (scrollUp, .scrollUp), (scrollDown, .scrollDown),
    ]
    return bindings.map { ($0.0.keys, $0.1) }
  }

  /// The keys of the command-line contract (see the type's documentation).
  public static let standard = Keymap(
    interrupt: KeyBinding([.control("c")], help: "quit"),
    cancel: KeyBinding([.escape], help: "cancel"),
    redraw: KeyBinding([.control("l"), .resize], help: "redraw"),
    focusNext: KeyBinding([.tab, .down], help: "next"),
    focusPrevious: KeyBinding([.backTab, .up], help: "back"),
    activate: KeyBinding([.enter], help: "next"),
    toggle: KeyBinding([.character(" ")], help: "toggle"),
    decrement: KeyBinding([.left, .character("-")], help: "change"),
    increment: KeyBinding([.right, .character("+")], help: "change"),
    textEditing: KeyBinding(
      [
        .home, .end, .left, .right, .backspace, .delete,
        .control("a"), .control("e"), .control("b"), .control("f"),
        .control("k"), .control("u"), .control("w"), .control("d"),
        .alt(.character("b")), .alt(.character("f")), .alt(.character("d")), .alt(.backspace),
        .alt(.left), .alt(.right),
      ], help: "edit")
  )

  /// The command for a key when a control of kind `focused` has focus (`nil`: nothing focused),
  /// or `nil` when the key means nothing there.
  public func command(for key: Key, focused: ControlKind?) -> FormCommand? {
    if case let .mouse(event) = key { return .mouse(event) }
    // NB: Ctrl or Alt with an arrow moves by words in text; elsewhere it is the arrow itself.
    if case let .alt(arrow) = key, arrow == .left || arrow == .right, focused != .text, focused != .textArea {
      return lookUp(arrow, focused: focused)
    }
    return lookUp(key, focused: focused)
  }

  private func lookUp(_ key: Key, focused: ControlKind?) -> FormCommand? {
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
    if membership.contains(.scrollUp) { return .scrollUp }
    if membership.contains(.scrollDown) { return .scrollDown }
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
    case .textArea:
      if openEditor.keys.contains(key) { return .openEditor }
      switch key {
      case .enter, .up, .down, .paste, .control("p"), .control("n"): return .edit(key)
      case .character(let character) where TextSanitizer.isPrintable(character): return .edit(key)
      default: return membership.contains(.textEditing) ? .edit(key) : nil
      }
    case .toggle:
      return membership.contains(.toggle) ? .toggle : nil
    case .button:
      if membership.contains(.toggle) { return .activate }
      // NB: Left and Right go between Save and Cancel, as between a question's answers; a key
      //     a custom keymap also gave a focus move or Enter keeps that meaning.
      if !membership.isDisjoint(with: [.focusNext, .focusPrevious, .activate]) { return nil }
      if membership.contains(.decrement) { return .decrement }
      if membership.contains(.increment) { return .increment }
      return nil
    case .list:
      switch key {
      // NB: Left and Right too, which a list of its own may move with (a grid takes `.grid`).
      case .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .backspace, .paste: return .edit(key)
      case .control("u"): return .edit(key)
      default: break
      }
      if membership.contains(.toggle) { return .toggle }
      if !membership.isDisjoint(with: [.focusNext, .focusPrevious, .activate]) { return nil }
      if case .character(let character) = key, TextSanitizer.isPrintable(character) { return .edit(key) }
      return nil
    case .note:
      return nil
    case .custom, .grid:
      // NB: A custom control sees every key but focus moves and Enter, as `.edit(key)`; a grid
      //     the arrows and pages too, which move inside it.
      if focused == .grid, [.up, .down, .pageUp, .pageDown].contains(key) { return .edit(key) }
      let moves: KeyTable.Membership = [.focusNext, .focusPrevious, .activate]
      return membership.isDisjoint(with: moves) ? .edit(key) : nil
    case .picker, .stepper:
      if membership.contains(.decrement) { return .decrement }
      if membership.contains(.increment) { return .increment }
      // NB: A stepper takes back a typed digit, and takes a pasted number.
      if key == .backspace { return .edit(key) }
      if case .paste = key { return .edit(key) }
      if case .character(let character) = key, let digit = character.wholeNumberValue,
        character.isASCII
      {
        return .digit(digit)
      }
      return nil
    }
  }
}

extension Keymap {
  /// The key help for the focused control: what the footer shows, named from this keymap's
  /// bindings, so a customised keymap is described as it is.
  ///
  /// The focused control's own keys come first (`controlKeys` are a control's of your own,
  /// ``FormControl/keyHelp(_:_:)``, which follow Tab where Down moves inside the control, a
  /// list, a grid or a text area, since Tab is then the way out), then the focus moves, Enter
  /// and Esc: a footer too narrow
  /// for all of them keeps the keys that work this control, and Esc. Enter says `save` where
  /// it submits (the first word of the form's submit button, `submitTitle`: `deploy`, `send`)
  /// and `press` on a button; while a list's filter is being typed (`filtering`),
  /// Enter chooses, since the toggle key types; while a list's filter is typed at all
  /// (`clearsFilter`), Esc clears it. A form taller than the screen (`scrolls`) names
  /// the scroll keys before Esc, where the focused control leaves them to the form.
  public func helpItems(
    for focused: ControlKind?, enterSubmits: Bool = false, submitTitle: String = "Save",
    controlKeys: [KeyHelpView.Item] = [], filtering: Bool = false, clearsFilter: Bool = false,
    scrolls: Bool = false
  ) -> [KeyHelpView.Item] {
    var items: [KeyHelpView.Item] = []
    func add(_ binding: KeyBinding, _ help: String? = nil) {
      if let key = binding.keyName { items.append(.init(key: key, action: help ?? binding.help)) }
    }
    // NB: A control that names its own keys speaks for itself: a list of your own that rates
    //     with the arrows is not described as a list one chooses in with Space.
    switch controlKeys.isEmpty ? focused : .custom {
    case .toggle:
      add(toggle)
    case .picker, .stepper:
      if let back = decrement.keyName, let forward = increment.keyName {
        items.append(.init(key: "\(back)/\(forward)", action: increment.help))
      }
    case .button:
      add(activate, "press")
    case .list:
      items.append(.init(key: "\(Key.up.name)/\(Key.down.name)", action: "move"))
      // NB: A list that can be filtered says so on its own filter line.
      if filtering { add(activate, "choose") } else { add(toggle, "choose") }
    case .textArea:
      // NB: Enter does not do here what it does elsewhere, and Tab is the only way out: both
      //     come first, so a narrow footer, which keeps the first items, still names them.
      items.append(.init(key: Key.enter.name, action: "new line"))
      add(focusNext)
      add(openEditor)
    case .text, .custom, .grid, .note, nil:
      break
    }
    // NB: Where Down stays inside the control (a list, a grid, a text area), Tab is the way
    //     out, so it comes before the control's own keys, however many: a narrow footer keeps
    //     the first items. (A text area of the library's names it above.)
    let tabLeadsOwnKeys = !controlKeys.isEmpty && (focused == .list || focused == .grid || focused == .textArea)
    if tabLeadsOwnKeys { add(focusNext) }
    items += controlKeys
    if !tabLeadsOwnKeys && (focused != .textArea || !controlKeys.isEmpty) { add(focusNext) }
    add(focusPrevious)
    if focused != .button && focused != .textArea && !(focused == .list && filtering) {
      add(activate, enterSubmits ? submitTitle.split(separator: " ").first.map { $0.lowercased() } ?? "save" : activate.help)
    }
    if scrolls, focused != .list, focused != .custom, focused != .grid, controlKeys.isEmpty,
      let up = scrollUp.keyName, let down = scrollDown.keyName
    {
      items.append(.init(key: "\(up)/\(down)", action: scrollDown.help))
    }
    add(cancel, clearsFilter ? "clear" : nil)
    return items
  }

  /// Every binding as a line of text, for `--help` and the manual, in plain words that any
  /// terminal and `man` show: `Tab, Down: next`.
  ///
  /// Where a control takes a key for itself (``controlCommand``: a list's and a text area's
  /// arrows and Enter), the line says so.
  public var summary: [String] {
    // NB: Read at every start (the top command's discussion holds it): an array and a loop,
    //     where a `Set<Key>` and `joined` each cost a conformance scan (BENCHMARKS.md,
    //     "Start-up").
    let moveKeys: [Key] = [.up, .down]
    let lines: [(KeyBinding, String)] = [
      (focusNext, focusNext.keys.contains { moveKeys.contains($0) } ? " (Down moves in a list or text area)" : ""),
      (focusPrevious, focusPrevious.keys.contains { moveKeys.contains($0) } ? " (Up moves in a list or text area)" : ""),
      (activate, activate.contains(.enter) ? " (a new line in a text area)" : ""),
      (toggle, " (chooses in a list)"),
      (decrement, " a picker or stepper back (the previous choice, a smaller number); from Cancel to Save"),
      (increment, " a picker or stepper forward (the next choice, a larger number); from Save to Cancel"),
      (textEditing, " text"),
      (openEditor, " (a text area)"),
      (scrollUp, " a form taller than the screen up (a list moves by a page)"),
      (scrollDown, " a form taller than the screen down (a list moves by a page)"),
      (cancel, ""), (interrupt, ""), (redraw, ""),
    ]
    var summary: [String] = []
    for (binding, note) in lines {
      var names = ""
      for key in binding.keys where key != .resize {
        names += names.isEmpty ? key.spelledOut : ", " + key.spelledOut
      }
      if !names.isEmpty { summary.append(names + ": " + binding.help + note) }
    }
    return summary
  }
}
