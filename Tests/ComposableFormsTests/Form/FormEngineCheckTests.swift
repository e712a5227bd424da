import Clocks
import ComposableForms
import ComposableFormsTesting
import Testing

/// The form engine's asynchronous checks and a submit that waits for them, proved on the
/// ``SignUpForm`` "username taken" check.
@Suite(.mainSerialExecutor)
@MainActor
struct FormEngineCheckTests {
  let clock = TestClock()
  /// Every username the injected check was asked about, in order.
  let checked = LockIsolated<[String]>([])

  func makeStore(
    _ state: SignUpForm.State = SignUpForm.State(),
    taken: Set<String> = [],
    answerAfter delay: Duration? = nil,
    submit: @escaping @Sendable (SignUpForm.Account) async throws -> Void = { _ in }
  ) -> TestStore<SignUpForm.State, SignUpForm.Action> {
    TestStore(initialState: state) { SignUpForm() } withDependencies: { [clock, checked] in
      $0.continuousClock = clock
      $0.usernames.isTaken = { username in
        checked.withValue { $0.append(username) }
        if let delay { try await clock.sleep(for: delay) }
        return taken.contains(username)
      }
      $0.signUp.submit = submit
    }
  }

  @Test func checkIsDebouncedNoAnswerBeforeTheDebouncePasses() async {
    let store = makeStore(taken: ["blob"])
    await store.send(.set(\.$username, "blob")) {
      $0.form.hasEdits = true
      $0.username = "blob"
      $0.form.checks[.username] = FieldCheck(value: "blob", generation: 1)
    }
    await clock.advance(by: .milliseconds(299))
    #expect(checked.value.isEmpty)
    #expect(store.state.form.isChecking(.username))
    await clock.advance(by: .milliseconds(1))
    await store.receive(
      .form(.checkFinished(.username, generation: 1, error: SignUpForm.usernameTaken))
    ) {
      // Focused and never left, yet the answer shows at once: the person waited for it.
      $0.form.checks[.username]?.status = .finished(error: SignUpForm.usernameTaken)
      $0.form.validated = [.username]
      $0.form.errors[.username] = SignUpForm.usernameTaken
    }
    #expect(checked.value == ["blob"])
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.email)
    }
  }

  @Test func checkIsCancelledWhenTheValueChangesOnlyTheLastRuns() async {
    let store = makeStore()
    await store.send(.set(\.$username, "b")) {
      $0.form.hasEdits = true
      $0.username = "b"
      $0.form.checks[.username] = FieldCheck(value: "b", generation: 1)
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(.set(\.$username, "bl")) {
      $0.username = "bl"
      $0.form.checks[.username] = FieldCheck(value: "bl", generation: 2)
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(.set(\.$username, "blob")) {
      $0.username = "blob"
      $0.form.checks[.username] = FieldCheck(value: "blob", generation: 3)
    }
    await clock.advance(by: SignUpForm.checkDebounce)
    await store.receive(.form(.checkFinished(.username, generation: 3, error: nil))) {
      $0.form.checks[.username]?.status = .finished(error: nil)
    }
    #expect(checked.value == ["blob"])
  }

  @Test func aCheckAlreadyRunningIsCancelledWhenTheValueChanges() async {
    let store = makeStore(answerAfter: .seconds(1))
    await store.send(.set(\.$username, "blob")) {
      $0.form.hasEdits = true
      $0.username = "blob"
      $0.form.checks[.username] = FieldCheck(value: "blob", generation: 1)
    }
    await clock.advance(by: SignUpForm.checkDebounce)
    #expect(checked.value == ["blob"])
    await store.send(.set(\.$username, "blobby")) {
      $0.username = "blobby"
      $0.form.checks[.username] = FieldCheck(value: "blobby", generation: 2)
    }
    await clock.advance(by: SignUpForm.checkDebounce)
    #expect(checked.value == ["blob", "blobby"])
    await clock.advance(by: .seconds(1))
    await store.receive(.form(.checkFinished(.username, generation: 2, error: nil))) {
      $0.form.checks[.username]?.status = .finished(error: nil)
    }
    await store.finish()
  }

  @Test func checkIsAbandonedWhenTheValueStopsPassingTheSyncRules() async {
    let store = makeStore()
    await store.send(.set(\.$username, "blob")) {
      $0.form.hasEdits = true
      $0.username = "blob"
      $0.form.checks[.username] = FieldCheck(value: "blob", generation: 1)
    }
    await store.send(.set(\.$username, "  ")) {
      $0.username = "  "
      $0.form.checks[.username]?.status = .abandoned
    }
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(checked.value.isEmpty)
    // The same value again checks afresh: the abandoned run never answered.
    await store.send(.set(\.$username, "blob")) {
      $0.username = "blob"
      $0.form.checks[.username] = FieldCheck(value: "blob", generation: 2)
    }
    await clock.advance(by: SignUpForm.checkDebounce)
    await store.receive(.form(.checkFinished(.username, generation: 2, error: nil))) {
      $0.form.checks[.username]?.status = .finished(error: nil)
    }
  }

  @Test func staleAnswerForAnOldGenerationIsIgnored() async {
    let store = makeStore()
    await store.send(.set(\.$username, "blob")) {
      $0.form.hasEdits = true
      $0.username = "blob"
      $0.form.checks[.username] = FieldCheck(value: "blob", generation: 1)
    }
    await store.send(.set(\.$username, "blobby")) {
      $0.username = "blobby"
      $0.form.checks[.username] = FieldCheck(value: "blobby", generation: 2)
    }
    await store.send(.form(.checkFinished(.username, generation: 1, error: SignUpForm.usernameTaken)))
    await clock.advance(by: SignUpForm.checkDebounce)
    await store.receive(.form(.checkFinished(.username, generation: 2, error: nil))) {
      $0.form.checks[.username]?.status = .finished(error: nil)
    }
    // A second answer for the current generation changes nothing either.
    await store.send(.form(.checkFinished(.username, generation: 2, error: SignUpForm.usernameTaken)))
    #expect(checked.value == ["blobby"])
  }

  @Test func thrownCheckErrorShowsItsDescription() async {
    let store = TestStore(initialState: SignUpForm.State()) { SignUpForm() } withDependencies: {
      $0.continuousClock = clock
      $0.usernames.isTaken = { _ in throw LookupFailed() }
    }
    await store.send(.set(\.$username, "blob")) {
      $0.form.hasEdits = true
      $0.username = "blob"
      $0.form.checks[.username] = FieldCheck(value: "blob", generation: 1)
    }
    await clock.advance(by: SignUpForm.checkDebounce)
    await store.receive(
      .form(.checkFailed(.username, generation: 1, error: LookupFailed().description))
    ) {
      $0.form.checks[.username]?.status = .failed(error: LookupFailed().description)
      $0.form.validated = [.username]
      $0.form.errors[.username] = LookupFailed().description
    }
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.email)
    }
    #expect(!store.state.isValid)
  }

  /// A check that threw could not tell (the lookup was out of reach): a submit asks again
  /// instead of stopping at that error, and once more only: a second failure ends the wait.
  @Test func aSubmitRunsACheckThatThrewAgain() async {
    let failing = LockIsolated(true)
    let saved = LockIsolated<[SignUpForm.Account]>([])
    let store = TestStore(initialState: SignUpForm.State(email: "blob@example.com", age: 30)) { SignUpForm() } withDependencies: {
      $0.continuousClock = clock
      $0.usernames.isTaken = { _ in
        if failing.value { throw LookupFailed() }
        return false
      }
      $0.signUp.submit = { account in saved.withValue { $0.append(account) } }
    }
    store.exhaustivity = .off
    await store.send(.set(\.$username, "blob"))
    await clock.advance(by: SignUpForm.checkDebounce)
    await store.receive(.form(.checkFailed(.username, generation: 1, error: LookupFailed().description)))
    #expect(store.state.form.errors[.username] == LookupFailed().description)

    // Still out of reach: the submit's second try fails too, and the form stops there.
    await store.send(.form(.submitTapped)) {
      $0.form.checks[.username] = FieldCheck(value: "blob", generation: 2)
      $0.form.submission = .awaitingChecks
    }
    await clock.advance(by: SignUpForm.checkDebounce)
    await store.receive(.form(.checkFailed(.username, generation: 2, error: LookupFailed().description))) {
      $0.form.submission = nil
    }
    #expect(store.state.form.checks[.username]?.generation == 2, "not run a third time")

    // Back: the next submit's check answers, and the form is saved.
    failing.setValue(false)
    await store.send(.form(.submitTapped))
    await clock.advance(by: SignUpForm.checkDebounce)
    await store.receive(.form(.checkFinished(.username, generation: 3, error: nil)))
    await store.receive(.form(.submitFinished(error: nil)))
    #expect(store.state.form.outcome == .submitted)
    #expect(saved.value.count == 1)
  }

  @Test func submitWhileACheckRunsWaitsAndSavesWhenTheAnswerIsValid() async {
    let saved = LockIsolated<[SignUpForm.Account]>([])
    let store = makeStore(SignUpForm.State(email: "blob@example.com", age: 30)) { account in
      saved.withValue { $0.append(account) }
    }
    await store.send(.set(\.$username, "blob")) {
      $0.form.hasEdits = true
      $0.username = "blob"
      $0.form.checks[.username] = FieldCheck(value: "blob", generation: 1)
    }
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.username, .email, .newsletter, .age]
      $0.form.submission = .awaitingChecks
    }
    #expect(saved.value.isEmpty)
    await clock.advance(by: SignUpForm.checkDebounce)
    await store.receive(.form(.checkFinished(.username, generation: 1, error: nil))) {
      $0.form.checks[.username]?.status = .finished(error: nil)
      $0.form.submission = .saving
    }
    await store.receive(.form(.submitFinished(error: nil))) {
      $0.form.submission = nil
      $0.form.outcome = .submitted
    }
    #expect(saved.value == [SignUpForm.Account(username: "blob", email: "blob@example.com", age: 30)])
  }

  @Test func submitWhileACheckRunsShowsTheAsyncErrorAndFocusesTheFieldWhenInvalid() async {
    let store = makeStore(SignUpForm.State(email: "blob@example.com", age: 30), taken: ["blob"])
    await store.send(.set(\.$username, "blob")) {
      $0.form.hasEdits = true
      $0.username = "blob"
      $0.form.checks[.username] = FieldCheck(value: "blob", generation: 1)
    }
    await store.send(.form(.focus(.submit))) {
      $0.form.focus = .submit
      $0.form.validated = [.username]
    }
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.username, .email, .newsletter, .age]
      $0.form.submission = .awaitingChecks
    }
    await clock.advance(by: SignUpForm.checkDebounce)
    await store.receive(
      .form(.checkFinished(.username, generation: 1, error: SignUpForm.usernameTaken))
    ) {
      $0.form.checks[.username]?.status = .finished(error: SignUpForm.usernameTaken)
      $0.form.errors[.username] = SignUpForm.usernameTaken
      $0.form.submission = nil
      $0.form.focus = .field(.username)
    }
  }

  @Test func cancelWhileACheckRunsCancelsIt() async {
    let store = makeStore(answerAfter: .seconds(1))
    await store.send(.set(\.$username, "blob")) {
      $0.form.hasEdits = true
      $0.username = "blob"
      $0.form.checks[.username] = FieldCheck(value: "blob", generation: 1)
    }
    await clock.advance(by: SignUpForm.checkDebounce)
    #expect(checked.value == ["blob"])
    await store.send(.form(.cancelTapped)) { $0.form.prompt = .discardChanges }
    await store.send(.form(.promptAnswered(prompt: "discardChanges", choice: "discard"))) {
      $0.form.prompt = nil
      $0.form.outcome = .cancelled
      $0.form.checks[.username]?.status = .abandoned
    }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }
}

/// A check that could not reach its service, described the way the form shows it.
struct LookupFailed: Error, CustomStringConvertible {
  var description: String { "Could not reach the username service" }
}
