import ComposableForms

/// How a list of rows looks in the terminal and what keys do to it: a title with the count, a
/// search field, a table whose selected row is highlighted, a status line and the key help.
///
/// The rows, the selection and the search text are the feature's state, read through the
/// closures given here; what keys do comes back as the feature's actions, sent by
/// ``ListRuntime``. A list can be long: the layout asks only for the rows on screen (`cells`
/// returns `nil` for a row not loaded yet, drawn as `…`), and tells the feature which rows it
/// shows (``rowsShown(_:)``) so it can load them.
///
/// ```swift
/// static let layout = ListLayout<State, Action>(
///   "Clients",
///   columns: [ListColumn("Name", width: .flexible(minimum: 10)), ListColumn("Age", width: .fixed(3), alignment: .trailing)],
///   count: { $0.clients.count },
///   cells: { state, row in [state.clients[row].name, "\(state.clients[row].age)"] },
///   selection: \.selection, select: Action.select,
///   isFinished: \.isClosed, close: .closeTapped)
///   .searchable(text: \.search, isFocused: \.isSearching, change: Action.searchChanged, focus: Action.searchFocused)
///   .command("d", "delete", .deleteTapped, needsRow: true)
/// ```
public struct ListLayout<State, Action> {
  public var title: String
  public var columns: [ListColumn]
  let count: (State) -> Int
  let cells: (State, Int) -> [String]?
  let selection: (State) -> Int
  let select: (Int) -> Action
  let isFinished: (State) -> Bool
  let close: Action
  var search: Search?
  var choose: Command?
  var commands: [Command] = []
  var shown: ((Range<Int>) -> Action)?
  var prompt: ((State) -> FormPrompt?)?
  var answer: ((_ prompt: String, _ choice: String) -> Action)?
  var status: ((State) -> Status?)?
  var emptyText: (State) -> String = { _ in "Nothing here yet." }
  var presentation: Presentation?
  var reload: Action?
  /// The smallest screen the list is drawn on; smaller shows a message instead.
  public var minimumSize = Size(columns: 30, rows: 8)

  /// A list of `count(state)` rows, each of them `cells(state, row)` under `columns`.
  ///
  /// - Parameters:
  ///   - selection: The selected row (clamped to the rows when drawn).
  ///   - select: The action that selects another row (the arrows, Page Up/Down, Home/End).
  ///   - isFinished: Whether the list is done, so ``ListRuntime/run()`` returns.
  ///   - close: The action Esc or `q` sends.
  public init(
    _ title: String,
    columns: [ListColumn],
    count: @escaping (State) -> Int,
    cells: @escaping (State, Int) -> [String]?,
    selection: @escaping (State) -> Int,
    select: @escaping (Int) -> Action,
    isFinished: @escaping (State) -> Bool,
    close: Action
  ) {
    self.title = title
    self.columns = columns
    self.count = count
    self.cells = cells
    self.selection = selection
    self.select = select
    self.isFinished = isFinished
    self.close = close
  }

  /// A key that sends an action about the selected row, or the list (`d` delete, `a` add).
  public struct Command {
    public var key: Key
    public var help: String
    public var action: Action
    /// Whether the command acts on the selected row, so it needs one.
    public var needsRow = false

    /// Whether the command is offered to a list of `count` rows.
    func isOffered(rows count: Int) -> Bool { !needsRow || count > 0 }
  }

  /// The search field: its text and focus are the feature's state.
  struct Search {
    let text: (State) -> String
    let isFocused: (State) -> Bool
    let change: (String) -> Action
    let focus: (Bool) -> Action
    let placeholder: String
  }

  /// A line under the rows: what the last command did, or what went wrong.
  public struct Status: Hashable, Sendable {
    public var text: String
    public var isError: Bool
    public init(_ text: String, isError: Bool = false) {
      self.text = text
      self.isError = isError
    }
  }

  /// A form shown over the list while the feature's state holds it (``presenting(_:action:layout:)``).
  struct Presentation {
    let isPresented: (State) -> Bool
    let run: @MainActor (_ store: Store<State, Action>, _ context: PresentationContext) async -> PresentationEnd
  }

  /// Searching: typing in the field sends `change` with the text; `/` or Tab goes to the field
  /// and Enter, Tab or Down back to the rows (`focus`); Esc in the field clears it.
  public func searchable(
    text: @escaping (State) -> String,
    isFocused: @escaping (State) -> Bool,
    change: @escaping (String) -> Action,
    focus: @escaping (Bool) -> Action,
    placeholder: String = "type to search"
  ) -> Self {
    var layout = self
    layout.search = Search(text: text, isFocused: isFocused, change: change, focus: focus, placeholder: placeholder)
    return layout
  }

  /// What Enter does to the selected row, named `help` in the key help ("edit").
  public func onChoose(_ help: String, _ action: Action) -> Self {
    var layout = self
    layout.choose = Command(key: .enter, help: help, action: action)
    return layout
  }

  /// A key of the list's own, named `help` in the key help: `.command("d", "delete", .deleteTapped,
  /// needsRow: true)`. It works while the rows have focus (in the search field, letters are
  /// typed). A command that acts on the selected row (`needsRow`) is offered, in the key help
  /// and by its key, only while there are rows, like Enter's.
  public func command(_ key: Character, _ help: String, _ action: Action, needsRow: Bool = false) -> Self {
    var layout = self
    layout.commands.append(Command(key: .character(key), help: help, action: action, needsRow: needsRow))
    return layout
  }

  /// Sends `action` with Ctrl-L (the redraw key), so the feature loads its rows again: what
  /// another program changed meanwhile shows, as the screen is drawn afresh.
  public func reloadable(_ action: Action) -> Self {
    var layout = self
    layout.reload = action
    return layout
  }

  /// Tells the feature which rows are on screen, after each frame that shows others, so it
  /// loads them.
  public func rowsShown(_ action: @escaping (Range<Int>) -> Action) -> Self {
    var layout = self
    layout.shown = action
    return layout
  }

  /// A question in a box over the list while `prompt(state)` is not `nil` ("Delete Ada?"),
  /// answered with `answer(promptID, choiceID)`, with the same keys as a form's question.
  public func prompt(
    _ prompt: @escaping (State) -> FormPrompt?,
    answer: @escaping (_ prompt: String, _ choice: String) -> Action
  ) -> Self {
    var layout = self
    layout.prompt = prompt
    layout.answer = answer
    return layout
  }

  /// The status line under the rows.
  public func status(_ status: @escaping (State) -> Status?) -> Self {
    var layout = self
    layout.status = status
    return layout
  }

  /// What the list says when it has no rows ("No clients yet. Press a to add one.").
  public func empty(_ text: @escaping (State) -> String) -> Self {
    var layout = self
    layout.emptyText = text
    return layout
  }
}
