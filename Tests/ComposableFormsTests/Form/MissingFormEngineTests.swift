import ComposableForms
import ComposableFormsTesting
import Testing

/// A feature whose body has no `.form { … }`, or has it, as it should.
private struct Signup: Reducer {
  let runsTheEngine: Bool

  struct State: Equatable, FormFeatureState {
    @BindingState var name = ""
    @BindingState var email = ""
    var form: FormState<Field> = .focusedOnFirstField
    enum Field: FormField { case name, email }
    static let rules = FormRules<Self, Field>()
  }

  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }

  var body: some ReducerOf<Self> {
    if runsTheEngine {
      BindingReducer()
      EmptyReducer().form { _ in {} }
    } else {
      BindingReducer()
    }
  }
}

/// Without the form engine, Tab, Enter and Save send form actions nobody handles: a debug
/// build says what is missing at the first of them, in a store and in a test store.
@MainActor
struct MissingFormEngineTests {
  @Test func aStoreReportsAFormActionThatReachedNoEngineOnce() {
    let store = Store(initialState: Signup.State()) { Signup(runsTheEngine: false) }
    store.send(.set(\.$name, "Ada"))  // Not a form action: nothing to say yet.
    withKnownIssue {
      store.send(.form(.focusNext))
    } matching: { issue in
      issue.description.contains("The form action .form(focusNext) reached no form engine")
        && issue.description.contains("add .form { … } to the feature's body")
        && issue.sourceLocation?.fileName == "MissingFormEngineTests.swift"
    }
    store.send(.form(.focusNext))  // Said once.
    #expect(store.state.form.focus == .field(.name))
  }

  @Test func aTestStoreReportsItToo() async {
    let store = TestStore(initialState: Signup.State()) { Signup(runsTheEngine: false) }
    await withKnownIssue {
      await store.send(.form(.submitTapped))
    } matching: { issue in
      issue.description.contains("reached no form engine")
    }
  }

  @Test func aFeatureWithTheEngineIsNotReported() async {
    let store = Store(initialState: Signup.State()) { Signup(runsTheEngine: true) }
    store.send(.form(.focusNext))
    #expect(store.state.form.focus == .field(.email))
    let testStore = TestStore(initialState: Signup.State()) { Signup(runsTheEngine: true) }
    await testStore.send(.form(.focusNext)) {
      $0.form.focus = .field(.email)
      $0.form.validated = [.name]
    }
  }
}
