import ComposableForms
import ComposableFormsTesting
import Testing

/// A form whose save refuses a name another program took since the form opened.
struct Rename: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var name = ""
    @BindingState var note = ""
    var form = FormState<Field>()
    enum Field: FormField { case name, note }
    static let rules = FormRules<Self, Field>(Validate(.name, \.$name, .required("Required")))
  }
  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  static let taken = "Taken"
  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { state in
      { [name = state.name] in
        if name == Rename.taken { throw FormFieldError(State.Field.name, "This name was taken meanwhile") }
      }
    }
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct FormRefusalTests {
  @Test func aFieldTheSaveRefusesShowsItsErrorUntilTheNextChangeOrSubmit() async {
    var state = Rename.State()
    state.name = Rename.taken
    state.form.focus = .submit
    let store = TestStore(initialState: state) { Rename() }
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.name, .note]
      $0.form.submission = .saving
    }
    await store.receive(.form(.submitRefused(.name, error: "This name was taken meanwhile"))) {
      $0.form.submission = nil
      $0.form.refusals = [.name: "This name was taken meanwhile"]
      $0.form.errors = [.name: "This name was taken meanwhile"]
      $0.form.focus = .field(.name)
    }
    #expect(!State.rules.isValid(store.state, form: store.state.form))
    // Any change may be what makes the value acceptable: the refusal goes, and the rules decide.
    await store.send(.set(\.$note, "x")) {
      $0.note = "x"
      $0.form.hasEdits = true
      $0.form.refusals = [:]
      $0.form.errors = [:]
    }
    await store.send(.set(\.$name, "Free")) { $0.name = "Free" }
    await store.send(.form(.submitTapped)) { $0.form.submission = .saving }
    await store.receive(.form(.submitFinished(error: nil))) {
      $0.form.submission = nil
      $0.form.outcome = .submitted
    }
  }

  @Test func aNewSubmitAsksAgainWithoutTheOldRefusal() async {
    var state = Rename.State()
    state.name = Rename.taken
    state.form.refusals = [.name: "This name was taken meanwhile"]
    state.form.errors = [.name: "This name was taken meanwhile"]
    state.form.validated = [.name, .note]
    let store = TestStore(initialState: state) { Rename() }
    await store.send(.form(.submitTapped)) {
      $0.form.refusals = [:]
      $0.form.errors = [:]
      $0.form.submission = .saving
    }
    await store.receive(.form(.submitRefused(.name, error: "This name was taken meanwhile"))) {
      $0.form.submission = nil
      $0.form.refusals = [.name: "This name was taken meanwhile"]
      $0.form.errors = [.name: "This name was taken meanwhile"]
    }
  }

  typealias State = Rename.State
}
