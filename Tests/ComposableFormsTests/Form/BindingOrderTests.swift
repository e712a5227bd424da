import ComposableForms
import ComposableFormsTesting
import Testing

/// A feature whose `BindingReducer()` comes after the form engine, or first, as it should.
private struct Named: Reducer {
  let bindingsFirst: Bool

  struct State: Equatable, FormFeatureState {
    @BindingState var name = ""
    var form: FormState<Field> = .focusedOnFirstField
    enum Field: FormField { case name }
    static let rules = FormRules<Self, Field>(Validate(.name, \.$name, .minLength(3, "Too short")))
  }

  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }

  var body: some ReducerOf<Self> {
    if bindingsFirst {
      BindingReducer()
      EmptyReducer().form { _ in {} }
    } else {
      EmptyReducer().form { _ in {} }
      BindingReducer()
    }
  }
}

/// The form engine judges the value a binding action set; placed before `BindingReducer()` it
/// would judge the value before, one change behind. A debug build says so at once.
@MainActor
struct BindingOrderTests {
  @Test func bindingsAfterTheFormEngineAreReported() async {
    let store = TestStore(initialState: Named.State()) { Named(bindingsFirst: false) }
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.set(\.$name, "Ada"))
    } matching: { issue in
      issue.description.contains("put BindingReducer() before .form")
    }
  }

  @Test func bindingsFirstAreNotReported() async {
    let store = TestStore(initialState: Named.State()) { Named(bindingsFirst: true) }
    await store.send(.set(\.$name, "Ada")) {
      $0.name = "Ada"
      $0.form.hasEdits = true
    }
  }
}
