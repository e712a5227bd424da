import Clocks
import ComposableForms
import ComposableFormsTesting
import Testing

/// Questions the form asks: "Discard changes?" on cancelling a changed form, and a question a
/// submit throws.
@Suite(.mainSerialExecutor)
@MainActor
struct FormPromptTests {
  let clock = TestClock()

  func makeStore(
    _ state: SignUpForm.State = SignUpForm.State(),
    submit: @escaping @Sendable (SignUpForm.Account) async throws -> Void = { _ in }
  ) -> TestStore<SignUpForm.State, SignUpForm.Action> {
    TestStore(initialState: state) { SignUpForm() } withDependencies: {
      $0.continuousClock = clock
      $0.usernames.isTaken = { _ in false }
      $0.signUp.submit = submit
    }
  }

  static let discard = SignUpForm.Action.form(.promptAnswered(prompt: "discardChanges", choice: "discard"))
  static let keep = SignUpForm.Action.form(.promptAnswered(prompt: "discardChanges", choice: "keep"))

  @Test func cancellingAnUnchangedFormCancelsAtOnce() async {
    let store = makeStore()
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.email)
      $0.form.validated = [.username]
      $0.form.errors = [.username: SignUpForm.usernameRequired]
    }
    await store.send(.form(.cancelTapped)) { $0.form.outcome = .cancelled }
  }

  @Test func cancellingAChangedFormAsksAndNoGoesBackWithEverythingKept() async {
    var state = SignUpForm.State()
    state.form.focus = .field(.email)
    let store = makeStore(state)
    await store.send(.set(\.$email, "blob")) {
      $0.email = "blob"
      $0.form.hasEdits = true
    }
    await store.send(.form(.cancelTapped)) { $0.form.prompt = .discardChanges }
    // While it asks, the form does nothing else: no submit, no second question, no focus move.
    await store.send(.form(.submitTapped))
    await store.send(.form(.cancelTapped))
    await store.send(.form(.focusNext))
    await store.send(.form(.focusPrevious))
    await store.send(.form(.focus(.submit)))
    await store.send(Self.keep) { $0.form.prompt = nil }
    #expect(store.state.email == "blob")
    // Asked again the next time, and Yes ends the form.
    await store.send(.form(.cancelTapped)) { $0.form.prompt = .discardChanges }
    await store.send(Self.discard) {
      $0.form.prompt = nil
      $0.form.outcome = .cancelled
    }
  }

  /// A state that keeps the values it opened with tells whether they changed: a letter typed and
  /// deleted again leaves nothing to discard, so Esc leaves at once; a real change asks.
  @Test func aStateThatKeepsItsOriginalAsksOnlyWhenItsValuesDiffer() async {
    let store = TestStore(initialState: NoteForm.State()) { NoteForm() }
    await store.send(.binding(.set(\.$note, "a"))) {
      $0.note = "a"
      $0.form.hasEdits = true
    }
    await store.send(.binding(.set(\.$note, ""))) { $0.note = "" }
    await store.send(.form(.cancelTapped)) { $0.form.outcome = .cancelled }

    let changed = TestStore(initialState: NoteForm.State()) { NoteForm() }
    await changed.send(.binding(.set(\.$note, "b"))) {
      $0.note = "b"
      $0.form.hasEdits = true
    }
    await changed.send(.form(.cancelTapped)) { $0.form.prompt = .discardChanges }
  }

  @Test func anAnswerToAnotherQuestionOrWhenNothingIsAskedDoesNothing() async {
    var state = SignUpForm.State()
    state.form.hasEdits = true
    let store = makeStore(state)
    await store.send(Self.discard)
    await store.send(.form(.cancelTapped)) { $0.form.prompt = .discardChanges }
    await store.send(.form(.promptAnswered(prompt: "overwrite", choice: "discard")))
    #expect(store.state.form.outcome == nil)
  }

  @Test func aFormThatDoesNotConfirmCancelsAtOnceEvenWhenChanged() async {
    var state = SignUpForm.State()
    state.form.confirmsDiscard = false
    state.form.focus = .field(.email)
    let store = makeStore(state)
    await store.send(.set(\.$email, "blob")) {
      $0.email = "blob"
      $0.form.hasEdits = true
    }
    await store.send(.form(.cancelTapped)) { $0.form.outcome = .cancelled }
  }

  @Test func aSubmitThatThrowsAPromptAsksItAndTheFormStaysOpen() async {
    let question = FormPrompt(
      id: "overwrite", message: "The file changed meanwhile. Overwrite it?",
      choices: [
        .init(id: "overwrite", key: "o", title: "Overwrite"),
        .init(id: "back", key: "b", title: "Back"),
      ],
      cancelChoice: "back")
    var state = SignUpForm.State(username: "blob", email: "blob@example.com", age: 30)
    state.form.checks[.username] = FieldCheck(value: "blob", generation: 1, status: .finished(error: nil))
    state.form.focus = .submit
    let store = makeStore(state, submit: { _ in throw question })
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.username, .email, .newsletter, .age]
      $0.form.submission = .saving
    }
    await store.receive(.form(.submitAsked(question))) {
      $0.form.submission = nil
      $0.form.prompt = question
    }
    // The engine clears an answered question; what the answer means is the feature's business.
    await store.send(.form(.promptAnswered(prompt: "overwrite", choice: "back"))) {
      $0.form.prompt = nil
    }
    #expect(store.state.form.outcome == nil)
  }

  @Test func aChoiceIsFoundByItsLetterInEitherCase() {
    #expect(FormPrompt.discardChanges.choice(forKey: "Y")?.id == "discard")
    #expect(FormPrompt.discardChanges.choice(forKey: "n")?.id == "keep")
    #expect(FormPrompt.discardChanges.choice(forKey: "x") == nil)
  }
}

/// One note, and the value it opened with.
private struct NoteForm: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var note = ""
    let original = ""
    var form = FormState<Field>()
    static let rules = FormRules<Self, Field>()
    var hasChangedValues: Bool? { note != original }
  }

  enum Field: FormField { case note }

  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<Field>)
    var binding: BindingAction<State>? { if case let .binding(action) = self { action } else { nil } }
    var form: FormAction<Field>? { if case let .form(action) = self { action } else { nil } }
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
      .form { _ in {} }
  }
}
