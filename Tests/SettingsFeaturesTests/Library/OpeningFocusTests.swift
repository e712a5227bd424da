import ComposableForms
import TerminalUI
import Testing

// NB: Public API only, as in a user's package.

/// A form whose first field starts disabled: the email is asked only once news is wanted.
struct News: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var email = ""
    @BindingState var wantsNews = false
    @BindingState var name = ""
    var form = FormState<Field>()

    enum Field: FormField { case email, wantsNews, name }
    static let rules = FormRules<Self, Field>(isEnabled: { state, field in
      field == .email ? state.wantsNews : true
    })
  }
  enum Action: BindableFormAction {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { _, _ in .none }.form { _ in {} }
  }
  @MainActor static let layout = FormLayout<State, Action>("News") { field in
    switch field {
    case .email: TextField("Email", \.$email)
    case .wantsNews: Toggle("Send news", \.$wantsNews)
    case .name: TextField("Name", \.$name)
    }
  }
}

/// `FormState()` focuses the first field that takes focus before any rule is asked; a form
/// must still never open on a field its rules disable.
@MainActor
struct OpeningFocusTests {
  @Test func theTerminalFormOpensOnTheFirstEnabledFieldAndItTakesKeys() async {
    let store = Store(initialState: News.State()) { News() }
    #expect(store.state.form.focus == .field(.email), "the state alone cannot know the rules")
    let backend = HeadlessBackend(size: Size(columns: 60, rows: 12))
    let runtime = FormRuntime(
      store: store, layout: News.layout, terminal: Terminal(backend: backend),
      events: ScriptedEventSource([.key(.character(" "))], idleLimit: .milliseconds(100)))
    runtime.render()
    let frame = backend.lines
    #expect(frame.contains(" › Send news  [ ] Off"), "\(frame)")
    #expect(frame.contains("   Email"), "not focused: \(frame)")
    _ = await runtime.run()
    #expect(store.state.wantsNews, "Space reached the toggle")
    #expect(store.state.email.isEmpty)
  }

  @Test func lineModeDoesNotAskTheDisabledFieldFirst() async {
    let store = Store(initialState: News.State()) { News() }
    let channel = ScriptedLineChannel(["y", "Ada"])
    #expect(await News.layout.runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(store.state.wantsNews)
    #expect(store.state.name == "Ada")
    #expect(store.state.email.isEmpty, "the answer meant for Send news did not land in the email")
    #expect(
      channel.transcript == "News\nNot asked with these answers: Email.\nSend news (y or n) [Off]: y\nName: Ada\n",
      "\(channel.transcript)")
  }

  @Test func aFormThatOpensOnAnEnabledFieldSendsNothing() async {
    var state = News.State()
    state.wantsNews = true
    let store = Store(initialState: state) { News() }
    var sent = 0
    let token = store.observe { _ in sent += 1 }
    defer { token.cancel() }
    _ = FormRuntime(
      store: store, layout: News.layout, terminal: Terminal(backend: HeadlessBackend(size: Size(columns: 60, rows: 12))),
      events: ScriptedEventSource([], idleLimit: .milliseconds(10)))
    #expect(sent == 0)
    #expect(store.state.form.focus == .field(.email))
  }
}
