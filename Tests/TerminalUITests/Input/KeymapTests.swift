import Testing

@testable import TerminalUI

@Suite struct KeymapTests {
  private let keymap = Keymap.standard
  // NB: Every kind but `.custom` and `.grid`, which take every key (tested on their own below).
  private let everyFocus: [ControlKind?] = [nil] + ControlKind.allCases.filter { $0 != .custom && $0 != .grid }.map { $0 }

  @Test func interruptCancelAndRedrawWorkWhateverHasFocus() {
    for focused in everyFocus {
      #expect(keymap.command(for: .control("c"), focused: focused) == .interrupt)
      #expect(keymap.command(for: .escape, focused: focused) == .cancel)
      #expect(keymap.command(for: .control("l"), focused: focused) == .redraw)
      #expect(keymap.command(for: .resize, focused: focused) == .redraw)
    }
  }

  @Test func tabAndDownMoveFocusForwardFromEveryControl() {
    for focused in everyFocus {
      #expect(keymap.command(for: .tab, focused: focused) == .focusNext)
      // NB: In a list and a text area, Down moves through the options or rows; Tab leaves.
      let moves = focused == .list || focused == .textArea
      #expect(keymap.command(for: .down, focused: focused) == (moves ? .edit(.down) : .focusNext))
    }
  }

  @Test func shiftTabAndUpMoveFocusBackFromEveryControl() {
    for focused in everyFocus {
      #expect(keymap.command(for: .backTab, focused: focused) == .focusPrevious)
      let moves = focused == .list || focused == .textArea
      #expect(keymap.command(for: .up, focused: focused) == (moves ? .edit(.up) : .focusPrevious))
    }
  }

  @Test func aListTakesMovesFilterTextAndSpaceButNotTabOrEnter() {
    #expect(keymap.command(for: .pageDown, focused: .list) == .edit(.pageDown))
    #expect(keymap.command(for: .character("a"), focused: .list) == .edit(.character("a")))
    #expect(keymap.command(for: .character(" "), focused: .list) == .toggle)
    #expect(keymap.command(for: .enter, focused: .list) == .activate)
    #expect(keymap.command(for: .tab, focused: .list) == .focusNext)
    #expect(keymap.command(for: .escape, focused: .list) == .cancel)
  }

  @Test func enterActivatesEveryControlButATextArea() {
    for focused in everyFocus where focused != .textArea {
      #expect(keymap.command(for: .enter, focused: focused) == .activate)
    }
  }

  @Test func aTextAreaTakesEnterAndRowMovesButNotTabAndCtrlEOpensTheEditor() {
    #expect(keymap.command(for: .enter, focused: .textArea) == .edit(.enter))
    #expect(keymap.command(for: .up, focused: .textArea) == .edit(.up))
    #expect(keymap.command(for: .tab, focused: .textArea) == .focusNext)
    #expect(keymap.command(for: .backTab, focused: .textArea) == .focusPrevious)
    #expect(keymap.command(for: .control("e"), focused: .textArea) == .openEditor)
    #expect(keymap.command(for: .control("e"), focused: .text) == .edit(.control("e")), "end of line in a field")
    #expect(keymap.command(for: .escape, focused: .textArea) == .cancel)
    #expect(
      keymap.helpItems(for: .textArea).map { "\($0.key) \($0.action)" }
        == ["Enter new line", "Tab next", "Ctrl-E editor", "Shift-Tab back", "Esc cancel"])
    // NB: Tab, the only way out, stays in a narrow footer (which keeps the first items).
    var footer = Buffer(size: Size(columns: 40, rows: 1))
    KeyHelpView(items: keymap.helpItems(for: .textArea)).render(in: footer.area, buffer: &footer)
    #expect(footer.lines[0].contains("Tab next"), "\(footer.lines[0])")
  }

  @Test func spaceDependsOnTheFocusedControl() {
    let space = Key.character(" ")
    #expect(keymap.command(for: space, focused: .toggle) == .toggle)
    #expect(keymap.command(for: space, focused: .text) == .edit(space))
    #expect(keymap.command(for: space, focused: .button) == .activate)
    #expect(keymap.command(for: space, focused: .picker) == nil)
    #expect(keymap.command(for: space, focused: .stepper) == nil)
    #expect(keymap.command(for: space, focused: nil) == nil)
  }

  @Test func leftRightMinusPlusStepPickersAndSteppers() {
    for focused: ControlKind in [.picker, .stepper] {
      #expect(keymap.command(for: .left, focused: focused) == .decrement)
      #expect(keymap.command(for: .right, focused: focused) == .increment)
      #expect(keymap.command(for: .character("-"), focused: focused) == .decrement)
      #expect(keymap.command(for: .character("+"), focused: focused) == .increment)
    }
  }

  @Test func digitsAreTypedIntoPickersAndSteppers() {
    for focused: ControlKind in [.picker, .stepper] {
      for digit in 0...9 {
        let key = Key.character(Character(String(digit)))
        #expect(keymap.command(for: key, focused: focused) == .digit(digit))
      }
      #expect(keymap.command(for: .character("٣"), focused: focused) == nil)
      #expect(keymap.command(for: .character("x"), focused: focused) == nil)
    }
  }

  @Test func textFieldsTakeEditingKeys() {
    let editingKeys: [Key] = [
      .home, .end, .left, .right, .backspace, .delete,
      .control("a"), .control("e"), .control("b"), .control("f"),
      .control("k"), .control("u"), .control("w"), .control("d"),
    ]
    for key in editingKeys {
      #expect(keymap.command(for: key, focused: .text) == .edit(key), "\(key)")
    }
  }

  @Test func textFieldsTakePrintableCharactersAndPastes() {
    for key: Key in [.character("a"), .character("-"), .character("+"), .character("7"),
      .character("世"), .character("👍"), .paste("hello\nworld")]
    {
      #expect(keymap.command(for: key, focused: .text) == .edit(key), "\(key)")
    }
    #expect(keymap.command(for: .character("\u{1B}"), focused: .text) == nil)
  }

  @Test func editingKeysMeanNothingOutsideTextFields() {
    for focused: ControlKind? in [nil, .toggle, .button] {
      for key: Key in [.home, .backspace, .control("k"), .character("a"), .paste("x")] {
        #expect(keymap.command(for: key, focused: focused) == nil, "\(key) on \(String(describing: focused))")
      }
    }
    // NB: Left and Right go between buttons (Save and Cancel), as between a question's answers.
    #expect(keymap.command(for: .left, focused: .button) == .decrement)
    #expect(keymap.command(for: .right, focused: .button) == .increment)
    #expect(keymap.command(for: .left, focused: .toggle) == nil)
    // A keymap that also moves focus with Right keeps that meaning on a button.
    var custom = Keymap.standard
    custom.focusNext.keys.append(.right)
    #expect(custom.command(for: .right, focused: .button) == .focusNext)
    #expect(custom.command(for: .left, focused: .button) == .decrement)
    // A stepper takes back a typed digit and takes a pasted number.
    #expect(keymap.command(for: .backspace, focused: .stepper) == .edit(.backspace))
    #expect(keymap.command(for: .paste("42"), focused: .stepper) == .edit(.paste("42")))
  }

  @Test func unknownKeysMeanNothing() {
    for focused in everyFocus {
      for key: Key in [.unknown(410), .control("x"), .control("g")] {
        #expect(keymap.command(for: key, focused: focused) == nil)
      }
    }
  }

  @Test func keymapsCanBeCustomised() {
    var keymap = Keymap.standard
    keymap.cancel.insert(.control("g"))
    keymap.focusNext.remove(.down)
    keymap.increment.insert(.character("="))
    #expect(keymap.command(for: .control("g"), focused: .text) == .cancel)
    #expect(keymap.command(for: .down, focused: .toggle) == nil)
    #expect(keymap.command(for: .character("="), focused: .stepper) == .increment)
    #expect(keymap != Keymap.standard)
  }

  @Test func lookupsAgreeWithTheKeySetsForEveryKindOfKey() {
    // NB: The keymap answers from a table for ASCII, control and named keys, and from the sets
    //     for the rest; both must give what asking the sets directly gives.
    var custom = Keymap.standard
    custom.cancel.insert(.character("é"))
    custom.toggle.insert(.character("\r\n"))
    custom.focusNext.insert(.control("n"))
    custom.activate.insert(.unknown(410))
    custom.textEditing.remove(.control("w"))
    custom.scrollDown.insert(.control("v"))
    // NB: Canonically equivalent to "K" and ";", so the sets match those keys too.
    custom.redraw.insert(.character("\u{212A}"))
    custom.interrupt.insert(.control("\u{037E}"))
    let named: [Key] = [
      .tab, .backTab, .enter, .escape, .backspace, .delete, .up, .down, .left, .right, .home,
      .end, .pageUp, .pageDown, .resize, .paste("x"), .unknown(410), .unknown(-1),
    ]
    let ascii = (0..<128).compactMap(Unicode.Scalar.init).map(Character.init)
    let characters = ascii + ["é", "\r\n", "👍", "世", "\u{212A}", "\u{037E}"]
    let keys = named + characters.map(Key.character) + characters.map(Key.control)
    for keymap in [Keymap.standard, custom] {
      for focused in everyFocus {
        for key in keys {
          #expect(
            keymap.command(for: key, focused: focused) == reference(keymap, key, focused),
            "\(key) on \(String(describing: focused))")
        }
      }
    }
  }

  @Test func keymapsWithEqualKeySetsAreEqual() {
    var kelvin = Keymap.standard
    kelvin.redraw.insert(.character("\u{212A}"))
    var letter = Keymap.standard
    letter.redraw.insert(.character("K"))
    #expect(kelvin.redraw == letter.redraw)
    #expect(kelvin == letter)
    #expect(kelvin.hashValue == letter.hashValue)
    #expect(kelvin.command(for: .character("K"), focused: .toggle) == .redraw)
  }

  /// What a key means, asked of the key sets one by one.
  private func reference(_ keymap: Keymap, _ key: Key, _ focused: ControlKind?) -> FormCommand? {
    if keymap.interrupt.contains(key) { return .interrupt }
    if keymap.cancel.contains(key) { return .cancel }
    if keymap.redraw.contains(key) { return .redraw }
    switch focused {
    case .text:
      if keymap.textEditing.contains(key) { return .edit(key) }
      if case .paste = key { return .edit(key) }
      if case let .character(character) = key, TextSanitizer.isPrintable(character) {
        return .edit(key)
      }
    case .textArea:
      if keymap.openEditor.contains(key) { return .openEditor }
      if [.enter, .up, .down, .control("p"), .control("n")].contains(key) { return .edit(key) }
      if keymap.textEditing.contains(key) { return .edit(key) }
      if case .paste = key { return .edit(key) }
      if case let .character(character) = key, TextSanitizer.isPrintable(character) {
        return .edit(key)
      }
    case .toggle:
      if keymap.toggle.contains(key) { return .toggle }
    case .button:
      if keymap.toggle.contains(key) { return .activate }
      if keymap.decrement.contains(key) { return .decrement }
      if keymap.increment.contains(key) { return .increment }
    case .picker, .stepper:
      if keymap.decrement.contains(key) { return .decrement }
      if keymap.increment.contains(key) { return .increment }
      if key == .backspace { return .edit(key) }
      if case .paste = key { return .edit(key) }
      if case let .character(character) = key, let digit = character.wholeNumberValue,
        character.isASCII
      {
        return .digit(digit)
      }
    case .list:
      switch key {
      case .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .backspace, .paste, .control("u"):
        return .edit(key)
      default: break
      }
      if keymap.toggle.contains(key) { return .toggle }
      let moves = [keymap.focusNext, keymap.focusPrevious, keymap.activate]
      if !moves.contains(where: { $0.contains(key) }),
        case let .character(character) = key, TextSanitizer.isPrintable(character)
      {
        return .edit(key)
      }
    case .note:
      break
    case .custom, .grid:
      if focused == .grid, [.up, .down, .pageUp, .pageDown].contains(key) { return .edit(key) }
      let moves = [keymap.focusNext, keymap.focusPrevious, keymap.activate]
      if !moves.contains(where: { $0.contains(key) }) { return .edit(key) }
    case nil:
      break
    }
    if keymap.focusNext.contains(key) { return .focusNext }
    if keymap.focusPrevious.contains(key) { return .focusPrevious }
    if keymap.activate.contains(key) { return .activate }
    if keymap.scrollUp.contains(key) { return .scrollUp }
    if keymap.scrollDown.contains(key) { return .scrollDown }
    return nil
  }

  // MARK: - Help from the bindings

  /// A list of your own that names its keys (a rating moved with the arrows) gets all four
  /// arrows, and its footer names its keys, not a list's "Space choose", after Tab: Down stays
  /// inside, so Tab is the way out, and a narrow footer keeps the first items.
  @Test func aListOfYourOwnTakesEveryArrowAndNamesItsOwnKeys() {
    let keymap = Keymap.standard
    for arrow in [Key.up, .down, .left, .right] {
      #expect(keymap.command(for: arrow, focused: .list) == .edit(arrow))
    }
    let items = keymap.helpItems(for: .list, controlKeys: [.init(key: "←/→", action: "rate")])
    #expect(items.map { "\($0.key) \($0.action)" } == ["Tab next", "←/→ rate", "Shift-Tab back", "Enter next", "Esc cancel"])
  }

  @Test func helpFollowsACustomisedKeymap() {
    var keymap = Keymap.standard
    keymap.cancel = KeyBinding([.control("g"), .escape], help: "quit form")
    keymap.focusNext.remove(.tab)
    keymap.toggle.help = "flip"
    let items = keymap.helpItems(for: .toggle)
    #expect(items.map { "\($0.key) \($0.action)" } == [
      "Space flip", "↓ next", "Shift-Tab back", "Enter next", "Ctrl-G quit form",
    ])
    #expect(keymap.summary.contains("Ctrl-G, Esc: quit form"))
    #expect(keymap.command(for: .tab, focused: .text) == nil)
  }

  /// Alt keys (a terminal's `Esc b`) are a text field's word keys and nothing anywhere else:
  /// never cancel, whatever has focus.
  @Test func altKeysEditWordsInTextAndNeverCancel() {
    let keymap = Keymap.standard
    for key: Key in [.alt(.character("b")), .alt(.character("f")), .alt(.character("d")), .alt(.backspace)] {
      #expect(keymap.command(for: key, focused: .text) == .edit(key), "\(key)")
      #expect(keymap.command(for: key, focused: .textArea) == .edit(key), "\(key)")
    }
    for kind: ControlKind? in [.text, .toggle, .picker, .button, .list, nil] {
      #expect(keymap.command(for: .alt(.character("y")), focused: kind) == nil, "\(String(describing: kind))")
    }
    #expect(Key.alt(.character("b")).name == "Alt-B")
    #expect(Key.alt(.backspace).spelledOut == "Alt-Backspace")
    #expect(keymap.summary.contains { $0.contains("Alt-B, Alt-F, Alt-D, Alt-Backspace, Alt-Left, Ctrl-Left, Alt-Right, Ctrl-Right: edit text") }, "\(keymap.summary)")
  }

  /// Alt- or Ctrl-Left and Right (both arrive as `.alt(.left)`, `.alt(.right)`) move by words in
  /// text, and are the arrows themselves everywhere else: they still step a picker.
  @Test func altArrowsMoveByWordsInTextAndAreArrowsElsewhere() {
    let keymap = Keymap.standard
    #expect(keymap.command(for: .alt(.left), focused: .text) == .edit(.alt(.left)))
    #expect(keymap.command(for: .alt(.right), focused: .textArea) == .edit(.alt(.right)))
    #expect(keymap.command(for: .alt(.left), focused: .picker) == .decrement)
    #expect(keymap.command(for: .alt(.right), focused: .stepper) == .increment)
    #expect(keymap.command(for: .alt(.left), focused: .toggle) == nil)
    #expect(keymap.command(for: .alt(.right), focused: .custom) == .edit(.right), "a Confirm switches")
    #expect(keymap.command(for: .alt(.up), focused: .picker) == nil, "only Left and Right")
  }

  /// `--help`'s key list says where a control takes a key for itself.
  @Test func theSummarySaysWhereAControlTakesAKeyForItself() {
    let summary = Keymap.standard.summary
    #expect(summary.contains("Tab, Down: next (Down moves in a list or text area)"), "\(summary)")
    #expect(summary.contains("Shift-Tab, Up: back (Up moves in a list or text area)"), "\(summary)")
    #expect(summary.contains("Space: toggle (chooses in a list)"), "\(summary)")
    #expect(
      summary.contains("Left, -: change a picker or stepper back (the previous choice, a smaller number); from Cancel to Save"),
      "\(summary)")
    #expect(
      summary.contains("Right, +: change a picker or stepper forward (the next choice, a larger number); from Save to Cancel"),
      "the two directions read differently: \(summary)")
    var keymap = Keymap.standard
    keymap.focusNext.remove(.down)
    #expect(keymap.summary.contains("Tab: next"), "no note when Down is not one of its keys")
  }

  @Test func aCustomControlGetsEveryKeyButMovesAndGlobalOnes() {
    let keymap = Keymap.standard
    #expect(keymap.command(for: .character("x"), focused: .custom) == .edit(.character("x")))
    #expect(keymap.command(for: .left, focused: .custom) == .edit(.left))
    #expect(keymap.command(for: .character(" "), focused: .custom) == .edit(.character(" ")))
    #expect(keymap.command(for: .tab, focused: .custom) == .focusNext)
    #expect(keymap.command(for: .enter, focused: .custom) == .activate)
    #expect(keymap.command(for: .escape, focused: .custom) == .cancel)
    #expect(keymap.command(for: .control("c"), focused: .custom) == .interrupt)
    #expect(keymap.command(for: .down, focused: .custom) == .focusNext, "Down moves focus")
  }

  @Test func aGridGetsTheArrowsAndPagesTooAndTabLeavesIt() {
    let keymap = Keymap.standard
    for key in [Key.up, .down, .left, .right, .pageUp, .pageDown, .home, .character("x")] {
      #expect(keymap.command(for: key, focused: .grid) == .edit(key), "\(key)")
    }
    #expect(keymap.command(for: .tab, focused: .grid) == .focusNext)
    #expect(keymap.command(for: .backTab, focused: .grid) == .focusPrevious)
    #expect(keymap.command(for: .enter, focused: .grid) == .activate)
    #expect(keymap.command(for: .escape, focused: .grid) == .cancel)
  }
}
