import ComposableForms
import ComposableFormsTesting
import TerminalUI
import Testing

// NB: The two examples from README.md, verbatim, so the README cannot drift from the API.

private struct Settings: Reducer {
  struct State: Equatable {
    @BindingState var displayName = ""
    @BindingState var protectMyPosts = false
    var isLoading = false                  // no @BindingState: no binding can set it
  }
  enum Action: BindableAction { case binding(BindingAction<State>) }

  var body: some ReducerOf<Self> {
    BindingReducer()                       // applies every binding action
    Reduce { state, action in
      switch action {
      case .binding(\.$displayName):       // layer logic over one field
        state.displayName = String(state.displayName.prefix(32))
        return .none
      case .binding: return .none
      }
    }
  }
}

private struct SignUp: Reducer {
  struct State: Equatable {
    @BindingState var email = ""
    @BindingState var age = 18
    var form = FormState<Field>.focusedOnFirstField
  }
  enum Field: FormField { case email, age }          // the order is the focus order

  enum Action: BindableAction, CasePathable {
    case binding(BindingAction<State>)
    case form(FormAction<Field>)
    struct AllCasePaths {
      var form: AnyCasePath<Action, FormAction<Field>> {
        AnyCasePath(embed: Action.form, extract: { if case let .form(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  static let rules = FormRules<State, Field>(
    Validate(.email, \.$email, .required("Please enter an email"), .contains("@", "Please enter a valid email")),
    Validate(.age, \.$age, .atLeast(18, "You must be 18 to create an account"))
  )

  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer()
      .form(state: \.form, action: \.form, rules: Self.rules) { state in
        { [email = state.email] in print("Signed up \(email)") }   // runs only when all is valid
      }
  }

  @MainActor static let layout = FormLayout<State, Action, Field>(
    "Sign up", state: \.form, action: \.form, rules: rules
  ) {
    TextField("Email", \.$email, field: .email, placeholder: "ada@example.com")
    Stepper("Age", \.$age, field: .age, range: 0...150)
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct ReadmeExampleTests {
  @Test func theBindingsExampleWorksAsDescribed() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.binding(.set(\.$displayName, "Blob"))) { $0.displayName = "Blob" }
    let long = String(repeating: "x", count: 40)
    await store.send(.binding(.set(\.$displayName, long))) {
      $0.displayName = String(repeating: "x", count: 32)
    }
  }

  @Test func theDefineAFormExampleRunsInATerminal() async {
    let store = Store(initialState: SignUp.State()) { SignUp() }
    let backend = HeadlessBackend(size: Size(columns: 60, rows: 12))
    let events = ScriptedEventSource(
      "ada@example.com".map { .key(.character($0)) } + [.key(.tab), .key(.enter)])
    let runtime = FormRuntime(
      store: store, layout: SignUp.layout, terminal: Terminal(backend: backend), events: events)
    #expect(await runtime.run() == .submitted)
    #expect(backend.lines[0] == " Sign up")
  }
}
