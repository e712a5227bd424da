import Testing

@testable import TerminalUI

@Suite struct ErrorViewTests {
  @Test func drawsAMarkedMessageInTheErrorStyle() {
    let buffer = rendered(ErrorView(message: "Please enter an email"))
    #expect(buffer.lines == ["! Please enter an email"])
    #expect(buffer.style(column: 0) == Theme.color.error)
    #expect(buffer.style(column: 5) == Theme.color.error)
  }

  @Test func wrapsIntoItsRowsInsteadOfCutting() {
    #expect(rendered(ErrorView(message: "You must be 18 to create an account"), columns: 20, rows: 3).lines == [
      "! You must be 18 to",
      "  create an account",
      "",
    ])
    #expect(ErrorView.lines("A client with this email already exists", width: 16) == [
      "! A client with", "  this email", "  already exists",
    ])
  }

  @Test func wrappingBreaksAtSpacesAndInsideOverlongWords() {
    #expect("You must be 18 to create an account".wrapped(toWidth: 16) == [
      "You must be 18", "to create an", "account",
    ])
    #expect("abcdefghij xy".wrapped(toWidth: 4) == ["abcd", "efgh", "ij", "xy"])
    #expect("漢字漢字".wrapped(toWidth: 5) == ["漢字", "漢字"])
    #expect("".wrapped(toWidth: 5) == [""])
  }

  /// A word wider than a line is broken into the longest pieces that fit, as the longest
  /// prefix that fits taken again and again would break it (a wide character alone where even
  /// it does not fit), whatever its mix of widths and however long it is.
  @Test func anOverlongWordBreaksIntoTheLongestPiecesThatFit() {
    func reference(_ word: String, width: Int) -> [String] {
      var (rest, lines) = (word, [String]())
      while rest.displayWidth > width {
        var head = rest.prefix(fittingWidth: width)
        if head.isEmpty { head = String(rest.prefix(1)) }
        lines.append(head)
        rest = String(rest.dropFirst(head.count))
      }
      return lines + [rest]
    }
    let mixed = String(repeating: "ab漢e\u{301}🇫🇷x", count: 300)
    for width in [1, 2, 3, 7, 40] {
      #expect(mixed.wrapped(toWidth: width) == reference(mixed, width: width), "width \(width)")
    }
    let label = String(repeating: "L", count: 100_000)
    let lines = ("Name " + label).wrapped(toWidth: 40)
    #expect(lines.count == 2_501)
    #expect(lines.first == "Name")
    #expect(lines.dropFirst().allSatisfy { $0.count == 40 })
  }

  @Test func monochromeErrorsAreBold() {
    let buffer = rendered(ErrorView(message: "x", theme: .monochrome))
    #expect(buffer.style(column: 0) == Style(attributes: .bold))
  }
}

@Suite struct StatusViewTests {
  @Test func workInProgressWithAndWithoutASpinner() {
    #expect(rendered(StatusView(status: .loading("Asking for permission"))).lines == ["… Asking for permission"])
    #expect(rendered(StatusView(status: .checking("Checking email"), spinnerFrame: 0)).lines == ["⠋ Checking email"])
    #expect(rendered(StatusView(status: .checking("Checking email"), spinnerFrame: 11)).lines == ["⠙ Checking email"])
    #expect(rendered(StatusView(status: .checking("x"), spinnerFrame: -1)).lines == ["⠏ x"])
  }

  @Test func outcomesAndTheirStyles() {
    let saved = rendered(StatusView(status: .saved("Saved")))
    #expect(saved.lines == ["✓ Saved"])
    #expect(saved.style(column: 0) == Theme.color.success)
    let failed = rendered(StatusView(status: .failed("Could not save: disk full")))
    #expect(failed.lines == ["✗ Could not save: disk full"])
    #expect(failed.style(column: 0) == Theme.color.error)
    let message = rendered(StatusView(status: .message("2 clients")))
    #expect(message.lines == ["2 clients"])
    #expect(message.style(column: 0) == Theme.color.status)
  }

  @Test func noStatusDrawsNothing() {
    #expect(rendered(StatusView(status: nil)).lines == [""])
  }
}

@Suite struct KeyHelpViewTests {
  private let items = [
    KeyHelpView.Item(key: "Tab", action: "next"),
    KeyHelpView.Item(key: "Shift-Tab", action: "back"),
    KeyHelpView.Item(key: "Space", action: "toggle"),
    KeyHelpView.Item(key: "Enter", action: "save"),
    KeyHelpView.Item(key: "Esc", action: "cancel"),
  ]

  @Test func drawsEveryItemWhenItFits() {
    let buffer = rendered(KeyHelpView(items: items), columns: 80)
    #expect(buffer.lines == ["Tab next  Shift-Tab back  Space toggle  Enter save  Esc cancel"])
    #expect(buffer.style(column: 0) == Theme.color.helpKey)
    #expect(buffer.style(column: 4) == Theme.color.help)
  }

  @Test func dropsWholeItemsThatDoNotFitButKeepsTheWayOut() {
    #expect(rendered(KeyHelpView(items: items), columns: 52).lines == ["Tab next  Shift-Tab back  Space toggle  Esc cancel"])
    #expect(rendered(KeyHelpView(items: items), columns: 40).lines == ["Tab next  Shift-Tab back  Esc cancel"])
    #expect(rendered(KeyHelpView(items: items), columns: 35).lines == ["Tab next  Esc cancel"])
    #expect(rendered(KeyHelpView(items: items), columns: 20).lines == ["Tab next  Esc cancel"])
  }

  @Test func withoutRoomForTheWayOutBesideTheFirstItemTheFirstItemsStayInOrder() {
    #expect(rendered(KeyHelpView(items: items), columns: 19).lines == ["Tab next"])
    let searching = [
      KeyHelpView.Item(key: "Enter", action: "done"),
      KeyHelpView.Item(key: "Esc", action: "clear"),
      KeyHelpView.Item(key: "Ctrl-C", action: "quit"),
    ]
    #expect(rendered(KeyHelpView(items: searching), columns: 22).lines == ["Enter done  Esc clear"])
  }

  /// Pinned items stay beside the first while they fit, the last of them longest.
  @Test func pinnedItemsStayAtTheEndWhileTheyFit() {
    let pinned = KeyHelpView(items: items, pinned: 2)
    #expect(rendered(pinned, columns: 80).lines == ["Tab next  Shift-Tab back  Space toggle  Enter save  Esc cancel"])
    #expect(rendered(pinned, columns: 52).lines == ["Tab next  Shift-Tab back  Enter save  Esc cancel"])
    #expect(rendered(pinned, columns: 32).lines == ["Tab next  Enter save  Esc cancel"])
    #expect(rendered(pinned, columns: 25).lines == ["Tab next  Esc cancel"])
    #expect(rendered(KeyHelpView(items: items, pinned: 0), columns: 40).lines == ["Tab next  Shift-Tab back  Space toggle"])
  }

  @Test func aFirstItemTooWideIsTruncated() {
    #expect(rendered(KeyHelpView(items: items), columns: 6).lines == ["Tab n…"])
  }

  @Test func standardItemsFollowTheFocusedControl() {
    #expect(rendered(KeyHelpView(items: Keymap.standard.helpItems(for: .toggle)), columns: 80).lines == [
      "Space toggle  Tab next  Shift-Tab back  Enter next  Esc cancel"
    ])
    #expect(rendered(KeyHelpView(items: Keymap.standard.helpItems(for: .stepper, enterSubmits: true)), columns: 80).lines == [
      "←/→ change  Tab next  Shift-Tab back  Enter save  Esc cancel"
    ])
    // Enter says what the form's submit button says: its first word.
    #expect(
      Keymap.standard.helpItems(for: .toggle, enterSubmits: true, submitTitle: "Deploy now").contains(
        KeyHelpView.Item(key: "Enter", action: "deploy")))
    #expect(rendered(KeyHelpView(items: Keymap.standard.helpItems(for: .button)), columns: 80).lines == [
      "Enter press  Tab next  Shift-Tab back  Esc cancel"
    ])
    #expect(rendered(KeyHelpView(items: Keymap.standard.helpItems(for: .text)), columns: 80).lines == [
      "Tab next  Shift-Tab back  Enter next  Esc cancel"
    ])
    // A narrow footer keeps the keys that work the focused control, and Esc.
    #expect(
      rendered(KeyHelpView(items: Keymap.standard.helpItems(for: .toggle)), columns: 40).lines
        == ["Space toggle  Tab next  Esc cancel"])
  }
}

@Suite struct KeysViewTests {
  private let items = [
    KeyHelpView.Item(key: "↑/↓ k/j", action: "move"),
    KeyHelpView.Item(key: "PgUp/PgDn", action: "page"),
    KeyHelpView.Item(key: "Home g", action: "first"),
    KeyHelpView.Item(key: "End G", action: "last"),
    KeyHelpView.Item(key: "Enter", action: "edit"),
    KeyHelpView.Item(key: "Esc q", action: "quit"),
  ]

  @Test func everyKeyOnItsRowInABox() {
    #expect(rendered(KeysView(items: items), columns: 24, rows: 8).lines == [
      "  ┌ Keys ────────────┐",
      "  │ ↑/↓ k/j    move  │",
      "  │ PgUp/PgDn  page  │",
      "  │ Home g     first │",
      "  │ End G      last  │",
      "  │ Enter      edit  │",
      "  │ Esc q      quit  │",
      "  └──────────────────┘",
    ])
  }

  /// A box too low for every row keeps the way out, last, with "…" for the rows left out.
  @Test func aLowBoxKeepsTheWayOut() {
    #expect(rendered(KeysView(items: items), columns: 24, rows: 6).lines == [
      "  ┌ Keys ────────────┐",
      "  │ ↑/↓ k/j    move  │",
      "  │ PgUp/PgDn  page  │",
      "  │ …                │",
      "  │ Esc q      quit  │",
      "  └──────────────────┘",
    ])
  }

  /// A box too narrow for its rows cuts them with "…", never in the middle of a word unmarked.
  @Test func aNarrowBoxMarksWhatItCuts() {
    let lines = rendered(KeysView(items: items), columns: 15, rows: 8).lines
    #expect(lines[1] == "│ ↑/↓ k/j  m… │", "\(lines)")
    #expect(lines[3] == "│ Home g   f… │", "\(lines)")
  }
}

