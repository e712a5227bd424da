import ComposableForms
import ComposableFormsTesting
import Testing

/// A password and its confirmation: the confirmation's rule reads both fields.
private struct NewPassword: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var password = ""
    @BindingState var confirmation = ""
    @BindingState var hint = ""
    var form: FormState<Field> = .focusedOnFirstField
    enum Field: FormField { case password, confirmation, hint }
    static let rules = FormRules<Self, Field>(
      Validate(.password, \.$password, .minLength(6, "At least 6 characters")),
      Validate(.confirmation) { $0.confirmation == $0.password ? nil : "The passwords do not match" }
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
}

/// A rule that reads other fields is judged again when focus leaves any field, so a change of
/// the password shows that the confirmation no longer matches without a visit to it.
@MainActor
struct CrossFieldRuleTests {
  /// Password and confirmation typed, both left: no error.
  fileprivate func confirmedStore() async -> TestStore<NewPassword.State, NewPassword.Action> {
    let store = TestStore(initialState: NewPassword.State()) { NewPassword() }
    store.exhaustivity = .off
    await store.send(.set(\.$password, "secret1"))
    await store.send(.form(.focusNext))
    await store.send(.set(\.$confirmation, "secret1"))
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.hint)
      $0.form.validated = [.password, .confirmation]
      $0.form.errors = [:]
    }
    return store
  }

  @Test func leavingAChangedPasswordShowsThatTheConfirmationNoLongerMatches() async {
    let store = await confirmedStore()
    store.exhaustivity = .on
    await store.send(.form(.focus(.field(.password)))) {
      $0.form.focus = .field(.password)
      $0.form.validated.insert(.hint)
    }
    await store.send(.set(\.$password, "secret2")) {
      $0.password = "secret2"  // No error while typing: the password has focus.
    }
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.confirmation)
      $0.form.errors[.confirmation] = "The passwords do not match"
    }
  }

  @Test func theErrorGoesWithTheChangeThatMendsIt() async {
    let store = await confirmedStore()
    await store.send(.form(.focus(.field(.password))))
    await store.send(.set(\.$password, "secret2"))
    await store.send(.form(.focusNext)) {
      $0.form.errors[.confirmation] = "The passwords do not match"
    }
    store.exhaustivity = .on
    await store.send(.set(\.$confirmation, "secret2")) {
      $0.confirmation = "secret2"
      $0.form.errors[.confirmation] = nil
    }
  }

  @Test func aConfirmationNotYetVisitedShowsNothing() async {
    let store = TestStore(initialState: NewPassword.State()) { NewPassword() }
    await store.send(.set(\.$password, "secret1")) {
      $0.password = "secret1"
      $0.form.hasEdits = true
    }
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.confirmation)
      $0.form.validated = [.password]
    }
  }
}
