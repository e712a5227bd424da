import ComposableForms
import ComposableFormsTesting
import TerminalUI
import Testing

// NB: Public API only, as in a user's package.

/// A note and a description longer than the control column: wrapped to it, never cut, and the
/// rows under them move down to make room.
struct Notice: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var name = ""
    @BindingState var city = ""
    @BindingState var alerts = false
    var form = FormState<Field>()

    enum Field: FormField {
      case intro, name, city, alerts
      var takesFocus: Bool { self != .intro }
    }
    static let rules = FormRules<Self, Field>()
  }
  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { _ in {} }
  }

  @MainActor static let layout = FormLayout<State, Action>("Notice") { field in
    switch field {
    case .intro:
      Note("About", "No desktop notification service (notify-send) is installed here.\nSay so.")
    case .name:
      TextField("Name", \.$name).description("Shown to other people next to everything you post")
    case .city: TextField("City", \.$city)
    case .alerts:
      Toggle("Alert", \.$alerts).status {
        $0.alerts ? .failed("No desktop notification service (notify-send) is installed here") : nil
      }
    }
  }
}

@MainActor
struct WrappingTests {
  func screen(_ state: Notice.State = Notice.State(), columns: Int) -> [String] {
    return Notice.layout.renderedLines(state, size: Size(columns: columns, rows: 24))
  }

  @Test func notesAndDescriptionsWrapToTheControlColumn() {
    let lines = screen(columns: 40)
    // The control column starts at 10 and ends a column short of the edge: 29 wide.
    #expect(Array(lines[3...12]) == [
      "   About  No desktop notification",
      "          service (notify-send) is",
      "          installed here.",
      "          Say so.",
      " › Name",
      "          Shown to other people next to",
      "          everything you post",
      "   City",
      "   Alert  [ ] Off",
      "",
    ])
    #expect(lines.allSatisfy { !$0.contains("…") }, "nothing is cut")
  }

  @Test func aStatusThatDoesNotFitBesideItsControlWrapsUnderIt() {
    var state = Notice.State()
    state.alerts = true
    let lines = screen(state, columns: 40)
    #expect(Array(lines[11...15]) == [
      "   Alert  [x] On",
      "          ✗ No desktop notification",
      "          service (notify-send) is",
      "          installed here",
      "",
    ])
  }

  @Test func aWiderScreenTakesFewerRows() {
    let lines = screen(columns: 100)
    #expect(lines[3] == "   About  No desktop notification service (notify-send) is installed here.")
    #expect(lines[4] == "          Say so.")
    #expect(lines[5].hasPrefix(" › Name"))
    #expect(lines[6] == "          Shown to other people next to everything you post")
    #expect(lines[7].hasPrefix("   City"))
  }

  @Test func aClickOnADescriptionsSecondLineFocusesItsFieldAndRowsUnderItStillMatch() async {
    let store = Store(initialState: Notice.State()) { Notice() }
    let backend = HeadlessBackend(size: Size(columns: 40, rows: 24))
    let keys: [Key] = [
      .mouse(MouseEvent(.press, at: Position(column: 12, row: 10))),  // City's row
      .character("x"),
      .mouse(MouseEvent(.press, at: Position(column: 12, row: 9))),  // Name's description, line 2
      .character("y"),
    ]
    let events = ScriptedEventSource(keys.map { .key($0) }, idleLimit: .milliseconds(100), paced: true)
    let runtime = FormRuntime(store: store, layout: Notice.layout, terminal: Terminal(backend: backend), events: events)
    _ = await runtime.run()
    #expect(store.state.city == "x", "\(backend.lines.joined(separator: "\n"))")
    #expect(store.state.name == "y", "\(backend.lines.joined(separator: "\n"))")
  }
}

/// Labels longer than the label column (a third of the screen): wrapped in it, never cut.
struct Agreement: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var agrees = false
    @BindingState var name = ""
    @BindingState var nickname = ""
    @BindingState var plan = "Free"
    var form = FormState<Field>()

    enum Field: FormField {
      case agrees, name, nickname, plan
    }
    static let rules = FormRules<Self, Field>()
  }
  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { _ in {} }
  }

  @MainActor static let layout = FormLayout<State, Action>("Sign up") { field in
    switch field {
    case .agrees: Confirm("Do you agree to the terms of service and the privacy policy?", \.$agrees)
    case .name: TextField("Name", \.$name)
    case .nickname: TextField("What your colleagues call you", \.$nickname).description("Shown next to your posts")
    case .plan: Select("The plan that suits your team", \.$plan, options: ["Free", "Team", "Business"])
    }
  }
}

@MainActor
struct LabelWrappingTests {
  func screen(_ state: Agreement.State = Agreement.State(), columns: Int, view: inout FormViewState<Agreement.State.Field>, cache: inout FrameCache) -> [String] {
    Agreement.layout.render(state, size: Size(columns: columns, rows: 30), theme: .color, view: &view, cache: &cache)
      .buffer.lines
  }

  func screen(_ state: Agreement.State = Agreement.State(), columns: Int) -> [String] {
    var view = FormViewState<Agreement.State.Field>()
    var cache = FrameCache()
    return screen(state, columns: columns, view: &view, cache: &cache)
  }

  @Test func aLongLabelWrapsInItsColumnAndTheRowsUnderItMoveDown() {
    let lines = screen(columns: 60)
    // The label column is a third of 60: 20 wide, from column 3; the controls start at 25.
    #expect(Array(lines[3...15]) == [
      " › Do you agree to the   [ Yes ]  [ No ]",
      "   terms of service and",
      "   the privacy policy?",
      "   Name",
      "   What your colleagues",
      "   call you              Shown next to your posts",
      "   The plan that suits   (•) Free",
      "   your team             ( ) Team",
      "                         ( ) Business",
      "",
      "                         [ Save ]  [ Cancel ]",
      "",
      "",
    ])
    #expect(lines.allSatisfy { !$0.contains("…") }, "nothing is cut")
  }

  /// Back on the first field after scrolling down, only the blank row above the fields is
  /// out of sight: no "↑ more" for it.
  @Test func backAtTheTopNoMoreAboveIsShownForTheBlankRowAlone() {
    var view = FormViewState<Agreement.State.Field>()
    var cache = FrameCache()
    var state = Agreement.State()
    state.form.focus = .field(.plan)
    var lines = Agreement.layout.render(state, size: Size(columns: 40, rows: 12), theme: .color, view: &view, cache: &cache).buffer.lines
    #expect(lines[1].contains("↑ more"), "\(lines.joined(separator: "\n"))")
    state.form.focus = .field(.agrees)
    lines = Agreement.layout.render(state, size: Size(columns: 40, rows: 12), theme: .color, view: &view, cache: &cache).buffer.lines
    #expect(lines[2].hasPrefix(" › Do you"), "\(lines.joined(separator: "\n"))")
    #expect(!lines[1].contains("↑ more"), "\(lines.joined(separator: "\n"))")
  }

  @Test func aScreenWideEnoughKeepsEveryLabelOnOneRow() {
    let lines = screen(columns: 200)
    #expect(lines[3].hasPrefix(" › Do you agree to the terms of service and the privacy policy?  [ Yes ]"))
    #expect(lines[4].hasPrefix("   Name"))
  }

  @Test func theWrappedLinesFollowFocusAsTheFirstDoesAndACachedFrameMatchesAFreshOne() {
    var view = FormViewState<Agreement.State.Field>()
    var cache = FrameCache()
    var state = Agreement.State()
    _ = screen(state, columns: 60, view: &view, cache: &cache)
    state.form.focus = .field(.name)
    let cached = screen(state, columns: 60, view: &view, cache: &cache)
    #expect(cached == screen(state, columns: 60))
    var fresh = FormViewState<Agreement.State.Field>()
    var freshCache = FrameCache()
    let buffer = Agreement.layout.render(state, size: Size(columns: 60, rows: 30), theme: .color, view: &fresh, cache: &freshCache).buffer
    let second = Agreement.layout.render(state, size: Size(columns: 60, rows: 30), theme: .color, view: &view, cache: &cache).buffer
    #expect(second == buffer, "styles too: the question's second line is no longer drawn focused")
    #expect(buffer[Position(column: 3, row: 4)].style == Theme.color.label)
  }
}

/// A note laid out by hand (a Windows line break in it): tabs to the next multiple of 8
/// columns, spaces kept where a line fits, and a long indented line wrapped with its
/// indentation.
struct Aligned: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var name = ""
    var form = FormState<Field>()

    enum Field: FormField {
      case hosts, name
      var takesFocus: Bool { self != .hosts }
    }
    static let rules = FormRules<Self, Field>()
  }
  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { _ in {} }
  }

  @MainActor static let layout = FormLayout<State, Action>("Hosts") { field in
    switch field {
    case .hosts:
      Note("Hosts", "Host:\tweb01\r\nRole:\tfront  (primary)\n  - a long indented line that has to wrap")
    case .name: TextField("Name", \.$name)
    }
  }
}

@MainActor
struct NoteLayoutTests {
  @Test func tabsLineUpSpacesStayAndAWrappedLineKeepsItsIndentation() {
    let lines = Aligned.layout.renderedLines(Aligned.State(), size: Size(columns: 40, rows: 16))
    #expect(Array(lines[3...7]) == [
      "   Hosts  Host:   web01",
      "          Role:   front  (primary)",
      "            - a long indented line that",
      "            has to wrap",
      " › Name",
    ], "\(lines)")
  }
}
