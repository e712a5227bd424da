import ComposableForms
import ComposableFormsTesting
import Testing

/// A feature whose `BindingReducer()` comes after the form engine, or first, as it should.
private struct Named: Reducer {
  let bindingsFirst: Bool
  /// Whether the reducer under the form engine prints its changes, which names the fields of
  /// binding actions by trying them on a copy of the state.
  var printsChanges = false

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
    } else if printsChanges {
      EmptyReducer()._printChanges(.diff { _ in }).form { _ in {} }
      BindingReducer()
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

  /// A printer names a binding action's field by trying the action on a copy of the state;
  /// that try is not the action applied, so the order is still reported.
  @Test func printingChangesDoesNotHideBindingsAfterTheFormEngine() async {
    let store = TestStore(initialState: Named.State()) { Named(bindingsFirst: false, printsChanges: true) }
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.set(\.$name, "Bea"))
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
