import Clocks
import ComposableForms
import ComposableFormsTesting
import TestSupport
import Testing

/// Random action sequences against ``SignUpForm``'s reducer, checking the form engine's
/// invariants after every action.
///
/// Effects are not run: their answers are simulated by random `checkFinished` (for the current,
/// an older or a future generation) and `submitFinished` actions. Every run is deterministic from
/// its seed; a failure prints the seed and the actions as code, so it can be replayed with
/// ``replay(seed:)`` or pasted into a `TestStore` test.
@Suite(.mainSerialExecutor)
@MainActor
struct FormPropertyTests {
  static let runs: ClosedRange<UInt64> = 1...2_000
  static let maxLength = 40

  @Test func invariantsHoldAfterEveryActionOfRandomSequences() {
    var actionsSent = 0
    for seed in Self.runs {
      let run = Self.replay(seed: seed)
      actionsSent += run.steps.count
      if let violation = run.violation {
        Issue.record(
          """
          Invariant broken: \(violation)
          Seed: \(seed) (replay with FormPropertyTests.replay(seed: \(seed)))
          Initial focus: \(run.initialFocus)
          Actions:
          \(run.steps.map { "  " + $0 }.joined(separator: "\n"))
          """)
        return
      }
    }
    #expect(actionsSent > Int(Self.runs.count) * Self.maxLength / 3)
  }

  @Test func theSameSeedGivesTheSameSequence() {
    #expect(Self.replay(seed: 42).steps == Self.replay(seed: 42).steps)
    #expect(Self.replay(seed: 42).steps != Self.replay(seed: 43).steps)
  }

  // MARK: - One run

  struct Run {
    var initialFocus = ""
    /// The actions sent, as code; the last one broke an invariant when `violation` is set.
    var steps: [String] = []
    var violation: String?
  }

  /// Runs the random sequence of `seed` and stops at the first broken invariant.
  static func replay(seed: UInt64) -> Run {
    var random = SplitMix64(seed: seed)
    var state = SignUpForm.State()
    let start = random.element(of: startTargets)
    state.form.focus = start.target
    var run = Run(initialFocus: start.code)
    let length = 1 + random.int(below: maxLength)
    withDependencies {
      $0.continuousClock = TestClock()
      $0.usernames.isTaken = { _ in false }
      $0.signUp.submit = { _ in }
    } operation: {
      let reducer = SignUpForm()
      // NB: A field a program changed (or enabled) while focus was elsewhere may show a stale
      //     "no error" until it is left or submitted: the timing rule re-validates on leaving, on every
      //     change while an error shows, and on submit, so an action costs the same in any form.
      var changedAwayFromFocus: Set<SignUpForm.Field> = []
      for _ in 0..<length {
        let step = randomStep(&random, state: state)
        run.steps.append(step.code)
        let before = state
        _ = reducer.reduce(into: &state, action: step.action)
        if let field = boundField(of: step.action), field != before.form.focusedField {
          changedAwayFromFocus.insert(field)
        }
        for field in SignUpForm.Field.allCases
        where SignUpForm.rules.isEnabled(field, in: before)
          != SignUpForm.rules.isEnabled(field, in: state)
        {
          changedAwayFromFocus.insert(field)  // re-enabled or disabled by another field's change
        }
        if let left = before.form.focusedField, state.form.focusedField != left {
          changedAwayFromFocus.remove(left)
        }
        if before.form.submission == nil, state.form.submission != nil {
          changedAwayFromFocus.removeAll()
        }
        if let violation = brokenInvariant(
          before: before, after: state, action: step.action, changedAwayFromFocus: changedAwayFromFocus)
        {
          run.violation = violation
          return
        }
      }
    }
    return run
  }

  // MARK: - Invariants

  /// The field a binding action sets, if it is one.
  static func boundField(of action: SignUpForm.Action) -> SignUpForm.Field? {
    guard case let .binding(binding) = action else { return nil }
    switch binding.keyPath {
    case \SignUpForm.State.$username: return .username
    case \SignUpForm.State.$email: return .email
    case \SignUpForm.State.$newsletter: return .newsletter
    case \SignUpForm.State.$topics: return .topics
    case \SignUpForm.State.$age: return .age
    default: return nil
    }
  }

  static func brokenInvariant(
    before: SignUpForm.State, after state: SignUpForm.State, action: SignUpForm.Action,
    changedAwayFromFocus: Set<SignUpForm.Field> = []
  ) -> String? {
    let rules = SignUpForm.rules
    let form = state.form
    if let field = form.focusedField, !rules.isEnabled(field, in: state) {
      return "focus rests on the disabled field \(field)"
    }
    if !Set(form.errors.keys).isSubset(of: form.validated) {
      return "errors \(form.errors) on fields never validated \(form.validated)"
    }
    for field in SignUpForm.Field.allCases where !rules.isEnabled(field, in: state) {
      if let error = form.errors[field] { return "disabled field \(field) shows \"\(error)\"" }
    }
    for (field, error) in form.errors where form.focusedField != field {
      let expected = rules.error(for: field, in: state, form: form)
      if error != expected {
        return "\(field) shows \"\(error)\" but its rules say \(String(describing: expected))"
      }
    }
    for field in form.validated
    where form.focusedField != field && !changedAwayFromFocus.contains(field) {
      let expected = rules.error(for: field, in: state, form: form)
      if form.errors[field] != expected {
        return "validated \(field) away from focus shows \(String(describing: form.errors[field])) "
          + "but its rules say \(String(describing: expected))"
      }
    }
    let acceptedSubmit =
      action == .form(.submitTapped) && before.form.submission == nil
      && before.form.outcome == nil && before.form.prompt == nil
    if action == .form(.cancelTapped), before.form.outcome == nil, before.form.prompt == nil {
      if before.form.hasEdits, form.prompt != .discardChanges || form.outcome != nil {
        return "cancelling a changed form did not ask first"
      }
      if !before.form.hasEdits, form.outcome != .cancelled {
        return "cancelling an unchanged form did not cancel at once"
      }
    }
    if form.prompt != nil, form.outcome != nil {
      return "a form that ended still asks \(form.prompt?.message ?? "")"
    }
    if boundField(of: action) != nil, before.form.outcome == nil, !form.hasEdits {
      return "a changed value did not mark the form as edited"
    }
    if acceptedSubmit, !form.isChecking, state.isValid != form.errors.isEmpty {
      return "after submit isValid is \(state.isValid) but errors are \(form.errors)"
    }
    if form.submission == .awaitingChecks, !form.isChecking {
      return "submit waits for checks but none is running"
    }
    if let check = form.checks[.username], check.isRunning, form.outcome == nil,
      check.value != CheckedValue(state.username)
    {
      return "a check runs for \(check.value) but the username is \"\(state.username)\""
    }
    return nil
  }

  // MARK: - Random actions

  struct Step {
    let action: SignUpForm.Action
    let code: String
  }

  static let startTargets: [(target: FocusTarget<SignUpForm.Field>?, code: String)] = [
    (.field(.username), ".field(.username)"), (.field(.email), ".field(.email)"),
    (.field(.newsletter), ".field(.newsletter)"), (.field(.age), ".field(.age)"),
    (.submit, ".submit"), (.cancel, ".cancel"), (nil, "nil"),
  ]

  static let focusTargets: [(target: FocusTarget<SignUpForm.Field>?, code: String)] =
    startTargets + [(.field(.topics), ".field(.topics)")]

  static let usernames = ["", " ", "b", "blob", "blobby", "taken"]
  static let emails = ["", "  ", "blob", "blob@", "blob@example.com"]
  static let topics = ["", " ", "Swift"]
  static let ages = [-1, 0, 17, 18, 30, 150]
  static let checkErrors: [String?] = [nil, nil, SignUpForm.usernameTaken, LookupFailed().description]
  static let submitErrors: [String?] = [nil, SaveFailed().description]

  static func randomStep(_ random: inout SplitMix64, state: SignUpForm.State) -> Step {
    let roll = random.int(below: 1000)
    switch roll {
    case 0..<140:
      return set(\.$username, "username", random.element(of: usernames))
    case 140..<260:
      return set(\.$email, "email", random.element(of: emails))
    case 260..<340:
      return set(\.$newsletter, "newsletter", random.bool())
    case 340..<420:
      return set(\.$topics, "topics", random.element(of: topics))
    case 420..<500:
      return set(\.$age, "age", random.element(of: ages))
    case 500..<600:
      return Step(action: .form(.focusNext), code: ".form(.focusNext)")
    case 600..<680:
      return Step(action: .form(.focusPrevious), code: ".form(.focusPrevious)")
    case 680..<770:
      let target = random.element(of: focusTargets)
      return Step(action: .form(.focus(target.target)), code: ".form(.focus(\(target.code)))")
    case 770..<850:
      return Step(action: .form(.submitTapped), code: ".form(.submitTapped)")
    case 850..<960:
      let current = state.form.checks[.username]?.generation ?? 1
      let generation = current + random.element(of: [0, 0, 0, -1, 1])
      let error = random.element(of: checkErrors)
      return Step(
        action: .form(.checkFinished(.username, generation: generation, error: error)),
        code: ".form(.checkFinished(.username, generation: \(generation), error: \(describe(error))))")
    case 960..<990 where state.form.submission == .saving:
      let error = random.element(of: submitErrors)
      return Step(
        action: .form(.submitFinished(error: error)),
        code: ".form(.submitFinished(error: \(describe(error))))")
    case 960..<990:
      return Step(action: .form(.focusNext), code: ".form(.focusNext)")
    case 990..<1000 where state.form.prompt != nil:
      let choice = random.element(of: ["discard", "keep"])
      return Step(
        action: .form(.promptAnswered(prompt: "discardChanges", choice: choice)),
        code: ".form(.promptAnswered(prompt: \"discardChanges\", choice: \"\(choice)\"))")
    default:
      return Step(action: .form(.cancelTapped), code: ".form(.cancelTapped)")
    }
  }

  static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<SignUpForm.State, BindingState<Value>>,
    _ name: String,
    _ value: Value
  ) -> Step {
    Step(action: .set(keyPath, value), code: ".set(\\.$\(name), \(String(reflecting: value)))")
  }

  static func describe(_ message: String?) -> String {
    message.map { String(reflecting: $0) } ?? "nil"
  }
}
