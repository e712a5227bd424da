import ComposableForms
import ComposableFormsTesting
import Testing

/// A form feature's state is `Sendable`, so an effect can take a copy of it, as in TCA.
private struct EchoForm: Reducer {
  struct State: Equatable, Sendable, FormFeatureState {
    @BindingState var name = ""
    var echoed: String?
    var form = FormState<Field>()
    static let rules = FormRules<State, Field>(Validate(.name, \.$name, .required("Required")))
  }

  enum Field: FormField { case name }

  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<Field>)
    case echoTapped
    case echoed(String)

    var binding: BindingAction<State>? {
      if case let .binding(action) = self { action } else { nil }
    }
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .echoTapped:
        // NB: Compiles only while `State`, its `FormState` included, is `Sendable`.
        return .run { [state] send in await send(.echoed("\(state.name) \(state.form.hasEdits)")) }
      case let .echoed(text):
        state.echoed = text
        return .none
      case .binding, .form:
        return .none
      }
    }
    .form { _ in {} }
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct SendableFormStateTests {
  @Test func anEffectTakesACopyOfTheFormsState() async {
    let store = TestStore(initialState: EchoForm.State()) { EchoForm() }
    await store.send(.set(\.$name, "Ada")) {
      $0.name = "Ada"
      $0.form.hasEdits = true
    }
    await store.send(.echoTapped)
    await store.receive(.echoed("Ada true")) {
      $0.echoed = "Ada true"
    }
  }
}
