import ComposableForms
import ComposableFormsTesting
import Testing

/// A form whose save hands back what only the save knows (a new record's id) through an action
/// of its own, sent as a `.run` effect sends.
private struct NewClient: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var email = "ada@example.com"
    var savedID: Int?
    var form = FormState<Field>()

    enum Field: FormField { case email }
    static let rules = FormRules<Self, Field>(
      Validate(.email, \.$email, .required("Please enter an email"))
    )
  }
  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
    case saved(id: Int)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      if case let .saved(id) = action { state.savedID = id }
      return .none
    }
    .form { state in
      { [email = state.email] send in
        await send(.saved(id: email.count))
      }
    }
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct SubmitSendsTests {
  @Test func aSubmitThatSendsDeliversItsActionsBeforeTheFormEnds() async {
    var state = NewClient.State()
    state.form.focus = .submit
    let store = TestStore(initialState: state) { NewClient() }
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.email]
      $0.form.submission = .saving
    }
    await store.receive(.saved(id: 15)) { $0.savedID = 15 }
    await store.receive(.form(.submitFinished(error: nil))) {
      $0.form.submission = nil
      $0.form.outcome = .submitted
    }
  }
}
