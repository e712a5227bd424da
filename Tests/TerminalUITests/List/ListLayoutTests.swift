import ComposableForms
import Testing

@testable import TerminalUI

/// A list of people: the smallest feature a list can show.
struct People: Equatable {
  var names: [String?]
  var selection = 0
  var search = ""
  var isSearching = false
  var isClosed = false
  var question: FormPrompt?
  var message: String?
}

enum PeopleAction: Equatable {
  case select(Int), search(String), focus(Bool), open, delete, add, close, shown(Range<Int>)
  case answer(String, String)
}

@MainActor
private let layout = ListLayout<People, PeopleAction>(
  "People",
  columns: [ListColumn("Name", width: .flexible(minimum: 6)), ListColumn("Age", width: .fixed(3), alignment: .trailing)],
  count: \.names.count,
  cells: { state, row in state.names[row].map { [$0, "\($0.count)"] } },
  selection: \.selection,
  select: PeopleAction.select,
  isFinished: \.isClosed,
  close: .close
)
.searchable(text: \.search, isFocused: \.isSearching, change: PeopleAction.search, focus: PeopleAction.focus)
.onChoose("open", .open)
.command("d", "delete", .delete, needsRow: true)
.command("a", "add", .add)
.rowsShown(PeopleAction.shown)
.prompt(\.question, answer: PeopleAction.answer)
.empty { _ in "Nobody here." }
.status { $0.message.map { ListLayout<People, PeopleAction>.Status($0, isError: true) } }

@MainActor
private func draw(_ state: People, columns: Int = 40, rows: Int = 10, view: inout ListViewState) -> (lines: [String], cursor: Position?) {
  let frame = layout.render(state, size: Size(columns: columns, rows: rows), view: &view)
  return (frame.buffer.lines, frame.cursor)
}

@MainActor
private func draw(_ state: People, columns: Int = 40, rows: Int = 10) -> [String] {
  var view = ListViewState()
  return draw(state, columns: columns, rows: rows, view: &view).lines
}

@MainActor
@Suite struct ListLayoutTests {
  @Test func drawsTitlePositionColumnsTheSelectedRowAndTheKeys() {
    let lines = draw(People(names: ["Ada", "Grace", "Alan"], selection: 1))
    #expect(lines[0] == " People                          2 of 3")
    #expect(lines[1] == " Search: type to search")
    #expect(lines[2] == "   Name                              Age")
    #expect(lines[3] == "   Ada                                 3")
    #expect(lines[4] == " › Grace                               5")
    #expect(lines[5] == "   Alan                                4")
    // NB: What does not fit is left out whole, from the end, before `? keys` (which shows it)
    //     and the way out.
    #expect(lines[9] == " ↑/↓ move  Enter open  ? keys  Esc quit")
    #expect(draw(People(names: ["Ada"]), columns: 60)[9] == " ↑/↓ move  Enter open  d delete  a add  ? keys  Esc quit")
  }

  @Test func aLongMessageWrapsAboveTheKeysAndTheTableGivesItRows() {
    var view = ListViewState()
    var state = People(names: (0..<20).map { "Person \($0)" }, selection: 19)
    state.message = "Cannot remove the client: attempt to write a readonly database"
    let lines = draw(state, columns: 40, rows: 12, view: &view).lines
    #expect(Array(lines[9...11]) == [
      " Cannot remove the client: attempt to",
      " write a readonly database",
      " ↑/↓ move  Enter open  ? keys  Esc quit",
    ])
    #expect(view.visibleCount == 6, "seven rows less the message's second")
    #expect(lines[8].hasPrefix(" › Person 19"), "the selection stays on screen")
  }

  /// On rows a search narrowed, Esc clears the search first: the help says so, and names the
  /// key that still closes at once.
  @Test func onNarrowedRowsTheHelpSaysEscClearsAndQQuits() {
    let lines = draw(People(names: ["Ada"], search: "Ad"), columns: 80)
    #expect(lines[9] == " ↑/↓ move  Enter open  d delete  a add  / search  ? keys  Esc clear  q quit", "\(lines[9])")
  }

  /// On narrowed rows a narrow footer keeps `? keys` while it fits, then the ways out alone.
  @Test func aNarrowFooterKeepsTheKeyThatShowsTheOthers() {
    let narrowed = People(names: ["Ada"], search: "Ad")
    #expect(draw(narrowed, columns: 48)[9] == " ↑/↓ move  ? keys  Esc clear  q quit")
    #expect(draw(narrowed, columns: 30)[9] == " ↑/↓ move  Esc clear  q quit")
  }

  @Test func anEmptyListOffersOnlyTheKeysThatNeedNoRow() {
    #expect(draw(People(names: []), columns: 60)[9] == " a add  / search  ? keys  Esc quit")
  }

  /// `?` shows every key, each binding with all its keys, in a box over the list; the next
  /// key only hides it.
  @Test func questionMarkShowsEveryKeyUntilTheNextKey() {
    var view = ListViewState()
    let state = People(names: ["Ada", "Grace"], selection: 1)
    #expect(layout.actions(for: .character("?"), state: state, view: &view).isEmpty)
    #expect(view.showsKeys)
    let lines = draw(state, columns: 50, rows: 16, view: &view).lines
    let box = lines.joined(separator: "\n")
    #expect(box.contains("┌ Keys ─"), "\(box)")
    for row in [
      "↑/↓ k/j Ctrl-P/Ctrl-N  move", "PgUp/PgDn Space", "Home g", "End G", "Enter", "d", "a",
      "/ Tab", "Ctrl-L", "Esc q",
    ] {
      #expect(box.contains("│ " + row), "\(row) in\n\(box)")
    }
    #expect(lines[15] == " any key back")
    // NB: Enter would open the selected row: here it only hides the keys.
    #expect(layout.actions(for: .enter, state: state, view: &view).isEmpty)
    #expect(!view.showsKeys)
    #expect(draw(state, columns: 50, rows: 16, view: &view).lines[15].hasPrefix(" ↑/↓ move"))
  }

  /// An empty list's box leaves out Enter and `d`, as its footer does: there is no row.
  @Test func anEmptyListsKeysNeedNoRow() {
    var view = ListViewState()
    _ = layout.actions(for: .character("?"), state: People(names: []), view: &view)
    let box = draw(People(names: []), columns: 50, rows: 16, view: &view).lines.joined(separator: "\n")
    #expect(box.contains("│ a "), "\(box)")
    #expect(!box.contains("│ Enter") && !box.contains("│ d "), "\(box)")
  }

  /// In the search field `?` is a character of the search.
  @Test func questionMarkInTheSearchFieldIsTyped() {
    var view = ListViewState()
    var state = People(names: ["Ada"])
    state.isSearching = true
    _ = layout.actions(for: .character("?"), state: state, view: &view)
    #expect(!view.showsKeys)
  }

  @Test func theSelectedRowIsHighlightedAcrossTheScreen() {
    let frame = layout.render(People(names: ["Ada", "Grace"], selection: 1), size: Size(columns: 40, rows: 10), view: &emptyView)
    #expect(frame.buffer[Position(column: 0, row: 4)].style == Theme.color.focusedControl)
    #expect(frame.buffer[Position(column: 39, row: 4)].style == Theme.color.focusedControl)
    #expect(frame.buffer[Position(column: 39, row: 3)].style != Theme.color.focusedControl)
  }

  @Test func scrollsJustEnoughToKeepTheSelectionOnScreen() {
    var view = ListViewState()
    let names: [String?] = (0..<100).map { "Person \($0)" }
    var lines = draw(People(names: names, selection: 50), view: &view).lines
    // 10 rows: 3 above the table, 2 below, so 5 rows show; the selection is the last of them.
    #expect(view.top == 46)
    #expect(lines[7] == " › Person 50                           9")
    lines = draw(People(names: names, selection: 48), view: &view).lines
    #expect(view.top == 46)
    #expect(lines[5] == " › Person 48                           9")
    _ = draw(People(names: names, selection: 0), view: &view)
    #expect(view.top == 0)
  }

  @Test func aRowNotLoadedYetShowsAnEllipsisAndAnEmptyListItsText() {
    #expect(draw(People(names: ["Ada", nil]))[4] == "   …")
    #expect(draw(People(names: []))[3] == "   Nobody here.")
  }

  @Test func cellsAreCutToTheirColumnAndControlCharactersShownAsEscapes() {
    let lines = draw(People(names: ["Bartholomew Montgomery-Smythe", "Eve\u{1B}[2J"]), columns: 30)
    #expect(lines[3] == " › Bartholomew Montgomer…   29")
    #expect(lines[4].hasPrefix("   Eve\\u{1B}[2J"))
  }

  @Test func searchingPutsTheCursorInTheSearchField() {
    var view = ListViewState()
    let (lines, cursor) = draw(People(names: ["Ada"], search: "ad", isSearching: true), view: &view)
    #expect(lines[1] == " Search: ad")
    #expect(cursor == Position(column: 11, row: 1))
    #expect(lines[9] == " Enter done  Esc clear  Ctrl-C quit")
  }

  /// Where the hidden cursor rests for screen readers: the selected row, or the question's
  /// selected answer.
  @Test func focusIsTheSelectedRowOrTheQuestionsAnswer() {
    var view = ListViewState()
    let (lines, cursor) = draw(People(names: ["Ada", "Grace"], selection: 1), view: &view)
    #expect(cursor == nil)
    #expect(view.focusPosition == Position(column: 1, row: 4))
    #expect(lines[4].hasPrefix(" › Grace"))
    let question = FormPrompt(
      id: "delete", message: "Delete Ada?",
      choices: [.init(id: "yes", key: "y", title: "Delete"), .init(id: "no", key: "n", title: "Keep")],
      cancelChoice: "no")
    var asking = ListViewState()
    let box = draw(People(names: ["Ada"], question: question), view: &asking).lines
    let focus = asking.focusPosition
    #expect(focus.map { Array(box[$0.row])[$0.column...].starts(with: "[ ") } == true, "\(box)")
  }

  @Test func aQuestionIsAskedInABoxWithItsKeys() {
    let question = FormPrompt(
      id: "delete", message: "Delete Ada?",
      choices: [.init(id: "yes", key: "y", title: "Delete"), .init(id: "no", key: "n", title: "Keep")],
      cancelChoice: "no")
    let lines = draw(People(names: ["Ada"], question: question))
    #expect(lines.contains { $0.contains("│ Delete Ada?") })
    #expect(lines[9].hasPrefix(" y delete  n keep"))
  }

  @Test func aScreenTooSmallSaysSoInsteadOfDrawingRows() {
    let lines = draw(People(names: ["Ada"]), columns: 20, rows: 6)
    #expect(lines.contains { $0.contains("Terminal too small") })
    #expect(!lines.contains { $0.contains("Ada") })
  }

  @Test func columnsShareTheWidthAndTheLastShrinkFirst() {
    let columns = [
      ListColumn("Name", width: .flexible(minimum: 4)), ListColumn("Email", width: .flexible(minimum: 5, weight: 2)),
      ListColumn("Age", width: .fixed(3)),
    ]
    #expect(ListColumn.widths(of: columns, available: 40) == [12, 21, 3])
    #expect(ListColumn.widths(of: columns, available: 12) == [4, 3, 1])
  }
}

@MainActor
private var emptyView = ListViewState()

@MainActor
@Suite struct ListKeyTests {
  func actions(_ key: Key, _ state: People) -> [PeopleAction] {
    var view = ListViewState()
    view.visibleCount = 5
    return layout.actions(for: key, state: state, view: &view)
  }

  let three = People(names: ["Ada", "Grace", "Alan"], selection: 1)

  @Test func arrowsPagesAndEndsMoveTheSelectionWithinTheRows() {
    #expect(actions(.down, three) == [.select(2)])
    #expect(actions(.character("k"), three) == [.select(0)])
    #expect(actions(.home, three) == [.select(0)])
    #expect(actions(.end, three) == [.select(2)])
    #expect(actions(.pageDown, three) == [.select(2)])
    var last = three
    last.selection = 2
    #expect(actions(.down, last) == [])
  }

  @Test func enterTheLayoutsCommandsSearchAndClose() {
    #expect(actions(.enter, three) == [.open])
    #expect(actions(.character("d"), three) == [.delete])
    #expect(actions(.character("/"), three) == [.focus(true)])
    #expect(actions(.character("q"), three) == [.close])
    #expect(actions(.escape, three) == [.close])
    #expect(actions(.character("a"), three) == [.add])
    #expect(actions(.enter, People(names: [])) == [])
    #expect(actions(.character("d"), People(names: [])) == [])
    #expect(actions(.character("a"), People(names: [])) == [.add])
  }

  @Test func inTheSearchFieldKeysAreTypedAndEscClearsIt() {
    var searching = three
    searching.isSearching = true
    searching.search = "a"
    #expect(actions(.character("q"), searching) == [.search("aq")])
    #expect(actions(.backspace, searching) == [.search("")])
    #expect(actions(.enter, searching) == [.focus(false)])
    #expect(actions(.down, searching) == [.focus(false)])
    #expect(actions(.escape, searching) == [.search(""), .focus(false)])
  }

  /// Back on the rows a search narrowed, Esc first brings the whole list back; `q` closes.
  @Test func escOnRowsASearchNarrowedClearsTheSearchFirst() {
    var narrowed = three
    narrowed.search = "a"
    #expect(actions(.escape, narrowed) == [.search("")])
    #expect(actions(.character("q"), narrowed) == [.close])
  }

  @Test func aQuestionTakesEveryKey() {
    var asking = three
    asking.question = FormPrompt(
      id: "delete", message: "Delete?",
      choices: [.init(id: "yes", key: "y", title: "Delete"), .init(id: "no", key: "n", title: "Keep")],
      cancelChoice: "no")
    #expect(actions(.character("y"), asking) == [.answer("delete", "yes")])
    #expect(actions(.escape, asking) == [.answer("delete", "no")])
    #expect(actions(.enter, asking) == [.answer("delete", "yes")])
    #expect(actions(.down, asking) == [])
  }

  @Test func aClickSelectsARowAndASecondClickChoosesIt() {
    #expect(actions(.mouse(MouseEvent(.press, at: Position(column: 5, row: 3))), three) == [.select(0)])
    #expect(actions(.mouse(MouseEvent(.press, at: Position(column: 5, row: 4))), three) == [.open])
    #expect(actions(.mouse(MouseEvent(.wheelDown, at: Position(column: 5, row: 4))), three) == [.select(2)])
  }
}
