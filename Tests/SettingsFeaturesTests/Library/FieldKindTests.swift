import ComposableForms
import ComposableFormsTesting
import TerminalUI
import Testing

// NB: Public API only, as in a user's package.

/// A form with one field of each kind the library adds: a note, a select list of an enum, a
/// long filtered select, a multi-select with a limit and a minimum, a secret, a confirm, and a
/// description under a field.
struct Survey: Reducer {
  enum Language: String, CaseIterable, Hashable, Sendable { case swift, go, rust, zig }

  struct State: Equatable, FormFeatureState {
    @BindingState var language = Language.swift
    @BindingState var city = "City 1"
    @BindingState var topics: [String] = []
    @BindingState var secret = ""
    @BindingState var subscribes = false
    var form = FormState<Field>()

    enum Field: FormField {
      case intro, language, city, topics, secret, subscribes
      var takesFocus: Bool { self != .intro }
    }
    static let rules = FormRules<Self, Field>(
      Validate(.topics, \.$topics, .atLeast(2, "Choose at least two topics"))
    )
  }
  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { _ in {} }
  }

  static let cities = (1...1_000).map { "City \($0)" }
  static let topics = ["Forms", "Terminals", "Testing", "Types"]

  @MainActor static let layout = FormLayout<State, Action>("Survey") { field in
    switch field {
    case .intro: Note("About", "A few questions.\nIt takes a minute.")
    case .language: Select("Language", \.$language, visibleRows: 4) { $0.rawValue.capitalized }
    case .city: Select("City", \.$city, options: Survey.cities, visibleRows: 3)
    case .topics: MultiSelect("Topics", \.$topics, options: Survey.topics, limit: 3).description("Pick two or three")
    case .secret: SecureField("Secret", \.$secret, echo: .none)
    case .subscribes: Confirm("Subscribe?", \.$subscribes)
    }
  }
}

@MainActor
struct FieldKindTests {
  func run(_ keys: [Key], state: Survey.State = Survey.State()) async
    -> (FormRuntime<Survey.State, Survey.Action>.Outcome, Survey.State, [String])
  {
    let store = Store(initialState: state) { Survey() }
    let backend = HeadlessBackend(size: Size(columns: 70, rows: 30))
    let events = ScriptedEventSource(keys.map { .key($0) }, idleLimit: .milliseconds(100))
    let runtime = FormRuntime(
      store: store, layout: Survey.layout, terminal: Terminal(backend: backend), events: events)
    let outcome = await runtime.run()
    return (outcome, store.state, backend.lines)
  }

  func screen(_ state: Survey.State, rows: Int = 30) -> [String] {
    return Survey.layout.renderedLines(state, size: Size(columns: 70, rows: rows))
  }

  func type(_ text: String) -> [Key] { text.map { .character($0) } }

  // MARK: - Logic (TestStore)

  @Test func focusPassesTheNoteByAndTheMinimumRuleHolds() async {
    let store = TestStore(initialState: Survey.State()) { Survey() }
    #expect(store.state.form.focus == .field(.language), "the first field that takes focus")
    await store.send(.form(.focusPrevious)) {
      $0.form.focus = .cancel
      $0.form.validated = [.language]
    }
    await store.send(.form(.focusNext)) { $0.form.focus = .field(.language) }
    await store.send(.form(.focus(.field(.intro))))
    await store.send(.set(\.$topics, ["Forms"])) {
      $0.topics = ["Forms"]
      $0.form.hasEdits = true
    }
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.language, .city, .topics, .secret, .subscribes]
      $0.form.errors = [.topics: "Choose at least two topics"]
      $0.form.focus = .field(.topics)
    }
  }

  @Test func aLayoutReportsANoteThatTakesFocus() {
    struct Wrong: Reducer {
      struct State: Equatable, FormFeatureState {
        var form = FormState<Field>()
        enum Field: FormField { case intro }
        static let rules = FormRules<Self, Field>()
      }
      enum Action: BindableFormAction {
        case binding(BindingAction<State>)
        case form(FormAction<State.Field>)
      }
      var body: some ReducerOf<Self> { EmptyReducer() }
    }
    withKnownIssue {
      let layout = FormLayout<Wrong.State, Wrong.Action>("Wrong") { _ in Note("Hi", "there") }
      #expect(layout.problems == [.noteTakesFocus(.intro)])
    }
  }

  // MARK: - Screens

  @Test func eachKindDrawsInItsPlace() {
    var state = Survey.State()
    state.form.focus = .field(.language)
    state.topics = ["Testing"]
    state.secret = "hunter2"
    let lines = screen(state)
    #expect(lines[3] == "   About       A few questions.")
    #expect(lines[4] == "               It takes a minute.")
    #expect(lines[5] == " › Language    (•) Swift")
    #expect(lines[6] == "               ( ) Go")
    #expect(lines[8] == "               ( ) Zig")
    #expect(lines[9].hasPrefix("   City        (•) City 1"))
    #expect(lines[11].hasPrefix("               ( ) City 3"))
    #expect(lines[11].hasSuffix("↓"))
    #expect(lines[12] == "")  // the filter line shows only while the list has focus
    #expect(lines[13] == "   Topics      [ ] Forms")
    #expect(lines[15] == "               [x] Testing")
    #expect(lines[17] == "               Pick two or three")
    #expect(lines[18].hasPrefix("   Secret"))
    #expect(!lines.joined().contains("hunter2"))
    #expect(!lines.joined().contains("•••"))
    #expect(lines[19] == "   Subscribe?  [ Yes ]  [ No ]")
    #expect(lines.last == " ↑/↓ move  Space choose  Tab next  Shift-Tab back  Esc cancel")
  }

  // MARK: - Keys

  @Test func selectMovesWithArrowsAndChoosesWithSpaceOrEnter() async {
    var state = Survey.State()
    state.form.focus = .field(.language)
    let (_, chosen, _) = await run([.down, .down, .character(" ")], state: state)
    #expect(chosen.language == .rust)
    #expect(chosen.form.focus == .field(.language))
    // Enter chooses, then moves on; a letter jumps to the option starting with it.
    let (_, entered, _) = await run([.character("z"), .enter], state: state)
    #expect(entered.language == .zig)
    #expect(entered.form.focus == .field(.city))
  }

  @Test func typingFiltersALongListAndEnterChoosesTheMatch() async {
    var state = Survey.State()
    state.form.focus = .field(.city)
    let (_, chosen, lines) = await run(type("999") + [.enter], state: state)
    #expect(chosen.city == "City 999")
    #expect(chosen.form.focus == .field(.topics))
    _ = lines
    let (_, moved, _) = await run(type("99") + [.down, .down, .character(" ")], state: state)
    // "99" matches City 99, City 199, ..., City 990-999: the third is City 299.
    #expect(moved.city == "City 299")
    let (_, end, _) = await run([.end, .character(" ")], state: state)
    #expect(end.city == "City 1000")
  }

  /// While a filter is typed, Space is part of it: "city 99" finds City 99 and the cities
  /// after it, rather than choosing the highlighted City 1 ("city" matches every option).
  @Test func spaceWhileFilteringIsPartOfTheFilter() async {
    var state = Survey.State()
    state.form.focus = .field(.city)
    let (_, chosen, _) = await run(type("city 995") + [.enter], state: state)
    #expect(chosen.city == "City 995")
  }

  /// Esc clears a list's filter first, as in the clients list's search; the next Esc cancels.
  @Test func escClearsAListsFilterBeforeItCancels() async {
    var state = Survey.State()
    state.form.focus = .field(.city)
    let (outcome, _, lines) = await run(type("xyz") + [.escape], state: state)
    #expect(outcome != .cancelled)
    #expect(lines[9] == " › City        (•) City 1", "\(lines.joined(separator: "\n"))")
    #expect(lines[12] == "               Type to filter", "\(lines.joined(separator: "\n"))")
    #expect(lines.last?.hasSuffix("Esc cancel") == true, "\(lines.last ?? "")")
    let (twice, _, _) = await run(type("xyz") + [.escape, .escape], state: state)
    #expect(twice == .cancelled)
  }

  @Test func theFilterShowsUnderAFocusedListAndNoMatchIsSaid() {
    var state = Survey.State()
    state.form.focus = .field(.city)
    var view = FormViewState<Survey.State.Field>()
    view.input = ControlInput(typed: "xyz")
    view.focusedField = .city
    let lines = Survey.layout.render(state, size: Size(columns: 70, rows: 30), theme: .color, view: &view).buffer.lines
    #expect(lines[9] == " › City        No option matches")
    #expect(lines[12] == "               Filter: xyz")
    // While the filter is typed, the footer says Enter chooses (Space types); while there is
    // one at all, Esc clears it, and the footer says so.
    view.input.isTyping = true
    let typing = Survey.layout.render(state, size: Size(columns: 70, rows: 30), theme: .color, view: &view).buffer.lines
    #expect(typing.last == " ↑/↓ move  Enter choose  Tab next  Shift-Tab back  Esc clear", "\(typing.last ?? "")")
    #expect(lines.last == " ↑/↓ move  Space choose  Tab next  Shift-Tab back  Esc clear", "\(lines.last ?? "")")
    view.input = ControlInput()
    let cleared = Survey.layout.render(state, size: Size(columns: 70, rows: 30), theme: .color, view: &view).buffer.lines
    #expect(cleared.last == " ↑/↓ move  Space choose  Tab next  Shift-Tab back  Esc cancel", "\(cleared.last ?? "")")
  }

  /// A focused field taller than the window shows from its first row (the label, the options
  /// and the highlight), not from its last (the description under it).
  @Test func aFocusedListTallerThanTheWindowShowsItsLabelAndHighlight() {
    let words = Array(repeating: "Pick the topics you want to hear about in the weekly letter.", count: 6)
    let layout = FormLayout<Survey.State, Survey.Action>("Survey") { field in
      switch field {
      case .intro: Note("About", "A few questions.")
      case .language: Select("Language", \.$language, visibleRows: 4) { $0.rawValue.capitalized }
      case .city: Select("City", \.$city, options: Survey.cities, visibleRows: 3)
      case .topics: MultiSelect("Topics", \.$topics, options: Survey.topics, limit: 3).description(words.joined(separator: " "))
      case .secret: SecureField("Secret", \.$secret, echo: .none)
      case .subscribes: Confirm("Subscribe?", \.$subscribes)
      }
    }
    var state = Survey.State()
    state.form.focus = .field(.topics)
    var view = FormViewState<Survey.State.Field>()
    view.focusedField = .topics
    let lines = layout.render(state, size: Size(columns: 60, rows: 10), theme: .color, view: &view).buffer.lines
    #expect(lines.contains { $0.hasPrefix(" › Topics") && $0.contains("Forms") }, "\n\(lines.joined(separator: "\n"))")
  }

  @Test func multiSelectTogglesWithSpaceUpToItsLimit() async {
    var state = Survey.State()
    state.form.focus = .field(.topics)
    let keys: [Key] = [.character(" "), .down, .character(" "), .down, .character(" "), .down, .character(" ")]
    let (_, chosen, _) = await run(keys, state: state)
    #expect(chosen.topics == ["Forms", "Terminals", "Testing"], "the fourth is over the limit")
    let (_, unchosen, _) = await run([.character(" "), .character(" "), .down, .character(" ")], state: state)
    #expect(unchosen.topics == ["Terminals"])
  }

  /// Space on a fourth option says why it chooses nothing, in the status line until the next
  /// key; reaching the limit alone says nothing, and nothing stays once focus moves on.
  @Test func aMultiSelectAtItsLimitSaysWhySpaceChoosesNothingMore() async {
    var state = Survey.State()
    state.topics = ["Forms", "Terminals", "Testing"]
    #expect(!screen(state).joined().contains("At most"), "at the limit, nothing is said yet")
    state.form.focus = .field(.topics)
    let notice = "At most 3 can be chosen: unchoose one to choose another"
    let (_, refused, lines) = await run([.down, .down, .down, .character(" ")], state: state)
    #expect(refused.topics == ["Forms", "Terminals", "Testing"])
    #expect(lines.contains { $0.contains(notice) }, "\(lines.joined(separator: "\n"))")
    let (_, _, after) = await run([.down, .down, .down, .character(" "), .tab], state: state)
    #expect(!after.contains { $0.contains("At most") }, "\(after.joined(separator: "\n"))")
  }

  @Test func aShortNoteOfAControlTakingSeveralRowsShowsUnderIt() {
    // A note that would fit beside a one-row control: beside a list it would cover options.
    let layout = FormLayout<Survey.State, Survey.Action>("Survey") { field in
      switch field {
      case .topics:
        MultiSelect("Topics", \.$topics, options: Survey.topics).status { _ in .message("Synced") }
      case .intro: Note("About", "A few questions.")
      case .language: Select("Language", \.$language)
      case .city: Select("City", \.$city, options: Survey.cities)
      case .secret: SecureField("Secret", \.$secret)
      case .subscribes: Confirm("Subscribe?", \.$subscribes)
      }
    }
    let lines = layout.renderedLines(Survey.State(), size: Size(columns: 70, rows: 30))
    let top = lines.firstIndex(of: "   Topics      [ ] Forms") ?? 0
    #expect(lines[top + 3] == "               [ ] Types")
    #expect(lines[top + 4] == "               Synced")
  }

  @Test func keysTypedAheadIntoTheNextListStartAtItsTop() async {
    // The keys arrive together, before any frame: the highlight of the list left behind must
    // not carry over into the next one.
    var state = Survey.State()
    state.form.focus = .field(.language)
    let (_, chosen, _) = await run([.end, .tab, .tab, .character(" ")], state: state)
    #expect(chosen.language == .zig, "Tab left the language list with the option End moved to")
    #expect(chosen.topics == ["Forms"])
  }

  @Test func confirmSwitchesWithArrowsAndLetters() async {
    var state = Survey.State()
    state.form.focus = .field(.subscribes)
    let (_, yes, _) = await run([.character("y")], state: state)
    #expect(yes.subscribes)
    let (_, back, _) = await run([.left, .right], state: state)
    #expect(!back.subscribes)
    let (_, flipped, _) = await run([.right], state: state)
    #expect(flipped.subscribes)
  }

  /// Without colour (`NO_COLOR`, a monochrome terminal) the chosen answer still stands out, with
  /// focus (reversed) and without (bold, the other answer plain).
  @Test func aConfirmsChosenAnswerShowsWithoutColour() throws {
    for (focused, answer) in [(false, true), (false, false), (true, true), (true, false)] {
      var state = Survey.State()
      state.subscribes = answer
      if focused { state.form.focus = .field(.subscribes) }
      var view = FormViewState<Survey.State.Field>()
      let buffer = Survey.layout.render(
        state, size: Size(columns: 70, rows: 30), theme: .monochrome, view: &view
      ).buffer
      let lines = buffer.lines
      let row = try #require(lines.firstIndex { $0.contains("Subscribe?") })
      func style(of title: String) throws -> Style {
        let found = try #require(lines[row].range(of: title))
        let column = lines[row].distance(from: lines[row].startIndex, to: found.lowerBound) + 2
        return buffer[Position(column: column, row: row)].style
      }
      let (chosen, other) = answer ? (try style(of: "[ Yes ]"), try style(of: "[ No ]")) : (try style(of: "[ No ]"), try style(of: "[ Yes ]"))
      #expect(chosen != other, "focused \(focused), answer \(answer)")
      #expect(chosen.attributes.contains(focused ? .reverse : .bold), "focused \(focused), answer \(answer)")
      #expect(!other.attributes.contains(.reverse) && !other.attributes.contains(.bold), "\(other)")
    }
  }

  /// The footer names a question's letters, from its answers' first letters.
  @Test func confirmsKeyHelpNamesItsLetters() {
    var state = Survey.State()
    state.form.focus = .field(.subscribes)
    #expect(screen(state).last?.contains("y/n answer") == true, "\(screen(state).last ?? "")")
    let layout = FormLayout<Survey.State, Survey.Action>("Survey") { field in
      switch field {
      case .subscribes: Confirm("Delete it?", \.$subscribes, yes: "Delete", no: "Keep")
      case .intro: Note("About", "A few questions.")
      case .language: Select("Language", \.$language)
      case .city: Select("City", \.$city, options: Survey.cities)
      case .topics: MultiSelect("Topics", \.$topics, options: Survey.topics)
      case .secret: SecureField("Secret", \.$secret)
      }
    }
    let lines = layout.renderedLines(state, size: Size(columns: 70, rows: 30))
    #expect(lines.last?.contains("d/k answer") == true, "\(lines.last ?? "")")
  }

  @Test func aSecretWithoutEchoShowsNothingAndKeepsTheCursorStill() async {
    var state = Survey.State()
    state.form.focus = .field(.secret)
    let store = Store(initialState: state) { Survey() }
    let backend = HeadlessBackend(size: Size(columns: 70, rows: 30))
    let runtime = FormRuntime(
      store: store, layout: Survey.layout, terminal: Terminal(backend: backend), events: ScriptedEventSource())
    runtime.render()
    let before = backend.cursor
    for key in type("hunter2") { _ = runtime.handle(key) }
    runtime.render()
    #expect(store.state.secret == "hunter2")
    #expect(backend.cursor == before)
    #expect(!backend.lines.joined().contains("hunter2"))
  }
}
