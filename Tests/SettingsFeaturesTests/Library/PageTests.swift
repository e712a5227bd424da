import ComposableForms
import ComposableFormsTesting
import TerminalUI
import Testing

// NB: Public API only, as in a user's package.

/// A form of three pages: an account page of two required fields, a plan page, and a last page
/// with a confirm.
struct Onboarding: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var name = ""
    @BindingState var email = ""
    @BindingState var seats = 1
    @BindingState var plan = "Free"
    @BindingState var agrees = false
    var form = FormState<Field>()

    enum Field: FormField {
      case name, email, seats, plan, agrees
      var page: Int {
        switch self {
        case .name, .email: 0
        case .seats, .plan: 1
        case .agrees: 2
        }
      }
    }
    static let rules = FormRules<Self, Field>(
      Validate(.name, \.$name, .required("Please enter a name")),
      Validate(.email, \.$email, .required("Please enter an email"), .contains("@", "Please enter a valid email")),
      Validate(.agrees, \.$agrees, .mustBeOn("Please agree to go on"))
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

  @MainActor static let layout = FormLayout<State, Action>(
    "Onboarding", pages: ["Account", "Plan", "Finish"]
  ) { field in
    switch field {
    case .name: TextField("Name", \.$name)
    case .email: TextField("Email", \.$email)
    case .seats: Stepper("Seats", \.$seats, range: 1...50)
    case .plan: Select("Plan", \.$plan, options: ["Free", "Team", "Business"], visibleRows: 3)
    case .agrees: Confirm("Agree?", \.$agrees)
    }
  }
}

@MainActor
struct PageTests {
  func screen(_ state: Onboarding.State) -> [String] {
    return Onboarding.layout.renderedLines(state, size: Size(columns: 60, rows: 16))
  }

  func run(_ keys: [Key]) async -> (FormRuntime<Onboarding.State, Onboarding.Action>.Outcome, Onboarding.State, [String]) {
    let store = Store(initialState: Onboarding.State()) { Onboarding() }
    let backend = HeadlessBackend(size: Size(columns: 60, rows: 16))
    let events = ScriptedEventSource(keys.map { .key($0) }, idleLimit: .milliseconds(100))
    let runtime = FormRuntime(
      store: store, layout: Onboarding.layout, terminal: Terminal(backend: backend), events: events)
    let outcome = await runtime.run()
    return (outcome, store.state, backend.lines)
  }

  func type(_ text: String) -> [Key] { text.map { .character($0) } }

  // MARK: - Logic (TestStore)

  @Test func theNextPageOpensOnlyWhenThisOneIsValid() async {
    let store = TestStore(initialState: Onboarding.State()) { Onboarding() }
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.email)
      $0.form.validated = [.name]
      $0.form.errors = [.name: "Please enter a name"]
    }
    // Tab on the page's last field: the page is checked, and focus goes to its first error.
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.name)
      $0.form.validated = [.name, .email]
      $0.form.errors = [.name: "Please enter a name", .email: "Please enter an email"]
    }
    await store.send(.set(\.$name, "Ada")) {
      $0.name = "Ada"
      $0.form.hasEdits = true
      $0.form.errors = [.email: "Please enter an email"]
    }
    await store.send(.set(\.$email, "ada@example.com")) {
      $0.email = "ada@example.com"
      $0.form.errors = [:]
    }
    await store.send(.form(.focusNext)) { $0.form.focus = .field(.email) }
    await store.send(.form(.focusNext)) { $0.form.focus = .field(.seats) }
    #expect(Onboarding.layout.page(in: store.state) == 1)
  }

  @Test func goingBackIsAlwaysAllowedAndStopsAtTheFirstField() async {
    var state = Onboarding.State()
    state.name = "Ada"
    state.form.focus = .field(.seats)
    let store = TestStore(initialState: state) { Onboarding() }
    await store.send(.form(.focusPrevious)) {
      $0.form.focus = .field(.email)
      $0.form.validated = [.seats]
    }
    await store.send(.form(.focusPrevious)) {
      $0.form.focus = .field(.name)
      $0.form.validated = [.seats, .email]
      $0.form.errors = [.email: "Please enter an email"]
    }
    // No wrapping round to the last page: that would skip the pages between.
    await store.send(.form(.focusPrevious))
  }

  @Test func submitValidatesEveryPageAndJumpsToTheFirstError() async {
    var state = Onboarding.State()
    state.name = "Ada"
    state.form.focus = .field(.agrees)
    let store = TestStore(initialState: state) { Onboarding() }
    await store.send(.set(\.$agrees, true)) {
      $0.agrees = true
      $0.form.hasEdits = true
    }
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.name, .email, .seats, .plan, .agrees]
      $0.form.errors = [.email: "Please enter an email"]
      $0.form.focus = .field(.email)
    }
    #expect(Onboarding.layout.page(in: store.state) == 0)
  }

  @Test func aLayoutReportsAPageOutOfPlace() {
    struct Scattered: Reducer {
      struct State: Equatable, FormFeatureState {
        @BindingState var a = ""
        @BindingState var b = ""
        @BindingState var c = ""
        var form = FormState<Field>()
        enum Field: FormField {
          case a, b, c
          var page: Int { self == .b ? 1 : 0 }
        }
        static let rules = FormRules<Self, Field>()
      }
      enum Action: BindableFormAction {
        case binding(BindingAction<State>)
        case form(FormAction<State.Field>)
      }
      var body: some ReducerOf<Self> { EmptyReducer() }
    }
    withKnownIssue {
      let layout = FormLayout<Scattered.State, Scattered.Action>("Scattered") { field in
        switch field {
        case .a: TextField("A", \.$a)
        case .b: TextField("B", \.$b)
        case .c: TextField("C", \.$c)
        }
      }
      #expect(layout.problems == [.pageOutOfOrder(.c)])
    }
  }

  // MARK: - Screens

  @Test func aPageShowsItsTitleWhereItIsAndWhatComesNext() {
    let lines = screen(Onboarding.State())
    #expect(lines[0] == " Onboarding · Account                           Page 1 of 3")
    #expect(lines[3].hasPrefix(" › Name"))
    #expect(lines[4].hasPrefix("   Email"))
    #expect(lines[6] == "           Next page: Plan")
    let text = lines.joined(separator: "\n")
    #expect(!text.contains("Seats"), "the next page's fields are not shown")
    #expect(!text.contains("[ Save ]"), "the buttons are on the last page")
  }

  @Test func aNextPageTitleTooLongForTheRowIsCutWithAnEllipsis() {
    var layout = Onboarding.layout
    layout.pageTitles = ["Account", "The plan that suits the whole of your team", "Finish"]
    let lines = layout.renderedLines(Onboarding.State(), size: Size(columns: 40, rows: 16))
    let next = lines.first { $0.contains("Next page:") } ?? ""
    #expect(next.hasSuffix("…"), "\(next)")
    #expect(next.displayWidth <= 39)
  }

  @Test func theLastPageHasTheButtons() {
    var state = Onboarding.State()
    state.form.focus = .field(.agrees)
    let lines = screen(state)
    #expect(lines[0].hasSuffix("Page 3 of 3"))
    #expect(lines[3].hasPrefix(" › Agree?"))
    #expect(lines[5].contains("[ Save ]"))
    #expect(!lines.joined().contains("Name"))
  }

  // MARK: - Keys (runtime)

  @Test func enterOnAPagesLastFieldGoesToTheNextPageAndTheFormSubmitsFromTheLast() async {
    let keys: [Key] =
      [.enter]  // an empty name: Enter moves on within the page
      + [.enter]  // the page's last field with errors: focus goes back to the name
      + type("Ada") + [.enter] + type("ada@example.com") + [.enter]  // page 2
      + [.right, .enter, .down, .enter]  // seats 2; the plan "Team", and on to page 3
      + type("y") + [.enter]
    let (outcome, state, lines) = await run(keys)
    #expect(outcome == .submitted, "\(lines.joined(separator: "\n"))")
    #expect(state.name == "Ada")
    #expect(state.email == "ada@example.com")
    #expect(state.seats == 2)
    #expect(state.plan == "Team")
    #expect(state.agrees)
  }

  @Test func shiftTabGoesBackAPageWithWhatWasTypedKept() async {
    let keys: [Key] = type("Ada") + [.tab] + type("a@b") + [.tab, .backTab] + type("c") + [.escape, .character("y")]
    let (outcome, state, lines) = await run(keys)
    #expect(outcome == .cancelled)
    #expect(state.email == "a@bc", "back on the first page, in the email field")
    #expect(lines[0].hasSuffix("Page 1 of 3"))
  }
}
