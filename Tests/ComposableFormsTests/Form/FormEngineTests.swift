import Clocks
import ComposableForms
import ComposableFormsTesting
import Testing

/// The form engine's timing rule, focus order, submit and cancel, proved on ``SignUpForm``.
@Suite(.mainSerialExecutor)
@MainActor
struct FormEngineTests {
  let clock = TestClock()

  func makeStore(
    _ state: SignUpForm.State = SignUpForm.State(),
    isTaken: @escaping @Sendable (String) async throws -> Bool = { _ in false },
    submit: @escaping @Sendable (SignUpForm.Account) async throws -> Void = { _ in }
  ) -> TestStore<SignUpForm.State, SignUpForm.Action> {
    TestStore(initialState: state) { SignUpForm() } withDependencies: {
      $0.continuousClock = clock
      $0.usernames.isTaken = isTaken
      $0.signUp.submit = submit
    }
  }

  // MARK: - Timing rule

  @Test func submitWithThreeBadFieldsShowsThreeErrorsAndFocusesTheFirst() async {
    var state = SignUpForm.State()
    state.form.focus = .submit
    let store = makeStore(state)
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.username, .email, .newsletter, .age]
      $0.form.errors = [
        .username: SignUpForm.usernameRequired,
        .email: SignUpForm.emailRequired,
        .age: SignUpForm.ageTooYoung,
      ]
      $0.form.focus = .field(.username)
    }
    #expect(!store.state.isValid)
  }

  @Test func afterSubmitFixingAFieldClearsItsErrorOnThatKeystroke() async {
    var state = SignUpForm.State(age: 30)
    state.form.focus = .submit
    let store = makeStore(state)
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.username, .email, .newsletter, .age]
      $0.form.errors = [.username: SignUpForm.usernameRequired, .email: SignUpForm.emailRequired]
      $0.form.focus = .field(.username)
    }
    await store.send(.form(.focus(.field(.email)))) { $0.form.focus = .field(.email) }
    // Once an error shows, every change re-validates: the message follows the value.
    await store.send(.set(\.$email, "blob")) {
      $0.form.hasEdits = true
      $0.email = "blob"
      $0.form.errors[.email] = SignUpForm.emailInvalid
    }
    await store.send(.set(\.$email, "blob@")) {
      $0.email = "blob@"
      $0.form.errors[.email] = nil
    }
  }

  @Test func noErrorWhileTypingBeforeLeavingTheField() async {
    var state = SignUpForm.State()
    state.form.focus = .field(.email)
    let store = makeStore(state)
    await store.send(.set(\.$email, "b")) {
      $0.email = "b"
      $0.form.hasEdits = true
    }
    await store.send(.set(\.$email, "bl")) { $0.email = "bl" }
    await store.send(.set(\.$email, "")) { $0.email = "" }
    await store.send(.set(\.$email, "blob")) { $0.email = "blob" }
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.newsletter)
      $0.form.validated = [.email]
      $0.form.errors[.email] = SignUpForm.emailInvalid
    }
  }

  @Test func aValidFieldEditedToInvalidWhileFocusedShowsNoErrorUntilLeftAgain() async {
    var state = SignUpForm.State(email: "blob@example.com")
    state.form.focus = .field(.email)
    let store = makeStore(state)
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.newsletter)
      $0.form.validated = [.email]
    }
    await store.send(.form(.focusPrevious)) {
      $0.form.focus = .field(.email)
      $0.form.validated = [.email, .newsletter]
    }
    await store.send(.set(\.$email, "blob")) {
      $0.email = "blob"
      $0.form.hasEdits = true
    }
    await store.send(.set(\.$email, "")) { $0.email = "" }
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.newsletter)
      $0.form.errors[.email] = SignUpForm.emailRequired
    }
  }

  // MARK: - Focus

  @Test func focusNextAndPreviousWrapAroundThroughSaveAndCancel() async {
    var state = SignUpForm.State(email: "blob@example.com", age: 30)
    state.form.focus = .field(.newsletter)
    let store = makeStore(state)
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.age)  // `topics` is disabled: skipped.
      $0.form.validated = [.newsletter]
    }
    await store.send(.form(.focusNext)) {
      $0.form.focus = .submit
      $0.form.validated = [.newsletter, .age]
    }
    await store.send(.form(.focusNext)) { $0.form.focus = .cancel }
    await store.send(.form(.focusNext)) { $0.form.focus = .field(.username) }
    await store.send(.form(.focusPrevious)) {
      $0.form.focus = .cancel
      $0.form.validated = [.newsletter, .age, .username]
      $0.form.errors[.username] = SignUpForm.usernameRequired
    }
    await store.send(.form(.focusPrevious)) { $0.form.focus = .submit }
    await store.send(.form(.focusPrevious)) { $0.form.focus = .field(.age) }
    await store.send(.form(.focusPrevious)) { $0.form.focus = .field(.newsletter) }
  }

  @Test func focusFromNothingGoesToTheFirstOrLastTarget() async {
    var state = SignUpForm.State()
    state.form.focus = nil
    let store = makeStore(state)
    await store.send(.form(.focusNext)) { $0.form.focus = .field(.username) }
    await store.send(.form(.focus(nil))) {
      $0.form.focus = nil
      $0.form.validated = [.username]
      $0.form.errors[.username] = SignUpForm.usernameRequired
    }
    await store.send(.form(.focusPrevious)) { $0.form.focus = .cancel }
  }

  @Test func directFocusOnADisabledFieldIsIgnored() async {
    var state = SignUpForm.State()
    state.form.focus = .field(.newsletter)
    let store = makeStore(state)
    await store.send(.form(.focus(.field(.topics))))
    await store.send(.set(\.$newsletter, true)) {
      $0.newsletter = true
      $0.form.hasEdits = true
    }
    await store.send(.form(.focus(.field(.topics)))) {
      $0.form.focus = .field(.topics)
      $0.form.validated = [.newsletter]
    }
  }

  @Test func focusOnAFieldThatBecomesDisabledMovesToTheNextEnabledTarget() async {
    var state = SignUpForm.State(newsletter: true, topics: "Swift")
    state.form.focus = .field(.topics)
    let store = makeStore(state)
    // The field it left is disabled, so it is not validated either.
    await store.send(.set(\.$newsletter, false)) {
      $0.form.hasEdits = true
      $0.newsletter = false
      $0.form.focus = .field(.age)
    }
  }

  @Test func disabledFieldsAreNotValidatedAndLoseTheirErrorWhenDisabled() async {
    var state = SignUpForm.State(email: "blob@example.com", newsletter: true, age: 30)
    state.form.focus = .field(.topics)
    let store = makeStore(state)
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.age)
      $0.form.validated = [.topics]
      $0.form.errors[.topics] = SignUpForm.topicsRequired
    }
    await store.send(.set(\.$newsletter, false)) {
      $0.form.hasEdits = true
      $0.newsletter = false
      $0.form.errors[.topics] = nil
    }
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.topics, .username, .email, .newsletter, .age]
      $0.form.errors = [.username: SignUpForm.usernameRequired]
      $0.form.focus = .field(.username)
    }
    #expect(store.state.form.errors[.topics] == nil)
  }

  // MARK: - Submit and cancel

  @Test func submitFailureSetsSubmitErrorAndKeepsValues() async {
    let attempts = LockIsolated(0)
    var state = SignUpForm.State(username: "blob", email: "blob@example.com", age: 30)
    state.form.focus = .submit
    let store = makeStore(state, submit: { _ in
      let attempt = attempts.withValue { $0 += 1; return $0 }
      if attempt == 1 { throw SaveFailed() }
    })
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.username, .email, .newsletter, .age]
      $0.form.checks[.username] = FieldCheck(value: "blob", generation: 1)
      $0.form.submission = .awaitingChecks
    }
    await clock.advance(by: SignUpForm.checkDebounce)
    await store.receive(.form(.checkFinished(.username, generation: 1, error: nil))) {
      $0.form.checks[.username]?.status = .finished(error: nil)
      $0.form.submission = .saving
    }
    await store.receive(.form(.submitFinished(error: SaveFailed().description))) {
      $0.form.submission = nil
      $0.form.submitError = SaveFailed().description
    }
    #expect(store.state.account == SignUpForm.Account(username: "blob", email: "blob@example.com", age: 30))
    // Trying again clears the old message and saves.
    await store.send(.form(.submitTapped)) {
      $0.form.submitError = nil
      $0.form.submission = .saving
    }
    await store.receive(.form(.submitFinished(error: nil))) {
      $0.form.submission = nil
      $0.form.outcome = .submitted
    }
    #expect(attempts.value == 2)
  }

  @Test func doubleSubmitWhileSavingIsIgnored() async {
    let saved = LockIsolated<[SignUpForm.Account]>([])
    var state = SignUpForm.State(username: "blob", email: "blob@example.com", age: 30)
    state.form.focus = .submit
    let store = makeStore(state, submit: { [clock] account in
      try await clock.sleep(for: .seconds(1))
      saved.withValue { $0.append(account) }
    })
    await store.send(.form(.focus(.submit))) {
      $0.form.checks[.username] = FieldCheck(value: "blob", generation: 1)
    }
    await clock.advance(by: SignUpForm.checkDebounce)
    await store.receive(.form(.checkFinished(.username, generation: 1, error: nil))) {
      $0.form.checks[.username]?.status = .finished(error: nil)
    }
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.username, .email, .newsletter, .age]
      $0.form.submission = .saving
    }
    await store.send(.form(.submitTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.form(.submitFinished(error: nil))) {
      $0.form.submission = nil
      $0.form.outcome = .submitted
    }
    #expect(saved.value == [SignUpForm.Account(username: "blob", email: "blob@example.com", age: 30)])
  }

  /// The save's answers end a submit only while it saves: sent from anywhere else, a stray
  /// `.submitFinished` would mark a form submitted that was never checked or saved.
  @Test func aSaveAnswerWithoutASaveChangesNothing() async {
    var state = SignUpForm.State()
    state.form.focus = .submit
    let store = makeStore(state)
    await store.send(.form(.submitFinished(error: nil)))
    await store.send(.form(.submitFinished(error: "Late")))
    await store.send(.form(.submitRefused(.email, error: "Taken")))
    await store.send(.form(.submitAsked(.discardChanges)))
  }

  @Test func cancelSetsOutcomeCancelledAndCancelsRunningChecks() async {
    let checked = LockIsolated<[String]>([])
    let store = makeStore { username in
      checked.withValue { $0.append(username) }
      return false
    }
    await store.send(.set(\.$username, "blob")) {
      $0.form.hasEdits = true
      $0.username = "blob"
      $0.form.checks[.username] = FieldCheck(value: "blob", generation: 1)
    }
    // A changed form asks first; the checks go on while it asks.
    await store.send(.form(.cancelTapped)) { $0.form.prompt = .discardChanges }
    #expect(store.state.form.isChecking)
    await store.send(.form(.promptAnswered(prompt: "discardChanges", choice: "discard"))) {
      $0.form.prompt = nil
      $0.form.outcome = .cancelled
      $0.form.checks[.username]?.status = .abandoned
    }
    #expect(!store.state.form.isChecking)
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(checked.value.isEmpty)
    // A form that ended submits nothing.
    await store.send(.form(.submitTapped))
  }

  @Test func cancellingWhileSavingStaysCancelledAndStopsTheSave() async {
    let saved = LockIsolated(false)
    var state = SignUpForm.State(username: "blob", email: "blob@example.com", age: 30)
    state.form.checks[.username] = FieldCheck(
      value: "blob", generation: 1, status: .finished(error: nil))
    state.form.focus = .submit
    let store = makeStore(
      state,
      submit: { [clock] _ in
        try await clock.sleep(for: .seconds(5))
        saved.setValue(true)
      })
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.username, .email, .newsletter, .age]
      $0.form.submission = .saving
    }
    await store.send(.form(.cancelTapped)) {
      $0.form.outcome = .cancelled
      $0.form.submission = nil
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(!saved.value)
    // A late answer from the save cannot turn a cancelled form into a submitted one.
    await store.send(.form(.submitFinished(error: nil)))
    #expect(store.state.form.outcome == .cancelled)
  }

  @Test func shiftTabFromAFieldThatIsDisabledGoesToThePreviousEnabledOne() async {
    var state = SignUpForm.State()
    state.form.focus = .field(.topics)
    let store = makeStore(state)
    await store.send(.form(.focusPrevious)) {
      $0.form.focus = .field(.newsletter)
    }
  }

  @Test func isValidChangesOnTheVeryActionThatMakesTheFormValidOrInvalid() async {
    var state = SignUpForm.State(username: "blob", email: "blob@example.com", age: 17)
    state.form.focus = .field(.age)
    let store = makeStore(state)
    await store.send(.form(.focus(.field(.age)))) {
      $0.form.checks[.username] = FieldCheck(value: "blob", generation: 1)
    }
    #expect(!store.state.isValid)
    await clock.advance(by: SignUpForm.checkDebounce)
    await store.receive(.form(.checkFinished(.username, generation: 1, error: nil))) {
      $0.form.checks[.username]?.status = .finished(error: nil)
    }
    #expect(!store.state.isValid)
    await store.send(.set(\.$age, 18)) {
      $0.age = 18
      $0.form.hasEdits = true
    }
    #expect(store.state.isValid)
    await store.send(.set(\.$age, 17)) { $0.age = 17 }
    #expect(!store.state.isValid)
    await store.send(.set(\.$age, 40)) { $0.age = 40 }
    #expect(store.state.isValid)
    await store.send(.set(\.$email, "blob")) { $0.email = "blob" }
    #expect(!store.state.isValid)
    await store.send(.set(\.$email, "blob@")) { $0.email = "blob@" }
    #expect(store.state.isValid)
    await store.send(.set(\.$newsletter, true)) { $0.newsletter = true }
    #expect(!store.state.isValid)
    await store.send(.set(\.$topics, "Swift")) { $0.topics = "Swift" }
    #expect(store.state.isValid)
    // A new username is not valid until its check answers for it.
    await store.send(.set(\.$username, "blobby")) {
      $0.username = "blobby"
      $0.form.checks[.username] = FieldCheck(value: "blobby", generation: 2)
    }
    #expect(!store.state.isValid)
    await clock.advance(by: SignUpForm.checkDebounce)
    await store.receive(.form(.checkFinished(.username, generation: 2, error: nil))) {
      $0.form.checks[.username]?.status = .finished(error: nil)
    }
    #expect(store.state.isValid)
  }
}

/// A failed save, described the way the form shows it.
struct SaveFailed: Error, CustomStringConvertible {
  var description: String { "The server could not save the account" }
}
