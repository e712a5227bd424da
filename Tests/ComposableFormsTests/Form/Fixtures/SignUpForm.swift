import ComposableForms

/// Answers whether a username is already taken, injected so tests choose the answer.
struct UsernameClient: Sendable {
  var isTaken: @Sendable (String) async throws -> Bool
}

extension UsernameClient: TestDependencyKey {
  static let testValue = UsernameClient(isTaken: { _ in
    reportIssue("UsernameClient.isTaken is not overridden in this test")
    return false
  })
}

/// Saves a new account, injected so tests choose how the save goes.
struct SignUpClient: Sendable {
  var submit: @Sendable (SignUpForm.Account) async throws -> Void
}

extension SignUpClient: TestDependencyKey {
  static let testValue = SignUpClient(submit: { _ in
    reportIssue("SignUpClient.submit is not overridden in this test")
  })
}

extension DependencyValues {
  var usernames: UsernameClient {
    get { self[UsernameClient.self] }
    set { self[UsernameClient.self] = newValue }
  }

  var signUp: SignUpClient {
    get { self[SignUpClient.self] }
    set { self[SignUpClient.self] = newValue }
  }
}

/// A sign-up form that exercises every part of the form engine: three required fields, an
/// asynchronous "taken" check, a toggle that enables another field, and a submit operation.
struct SignUpForm: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var username = ""
    @BindingState var email = ""
    @BindingState var newsletter = false
    @BindingState var topics = ""
    @BindingState var age = 0
    var form: FormState<Field> = .focusedOnFirstField

    /// Whether the form can be submitted as it is now.
    static var rules: FormRules<Self, Field> { SignUpForm.rules }

    /// The account the form would submit.
    var account: Account {
      Account(username: username, email: email, age: age, topics: newsletter ? topics : nil)
    }
  }

  /// What a successful submit saves.
  struct Account: Equatable, Sendable {
    var username: String
    var email: String
    var age: Int
    var topics: String?
  }

  /// The fields in focus order: `topics` sits between the toggle that enables it and `age`.
  enum Field: FormField {
    case username, email, newsletter, topics, age
  }

  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<Field>)

    var binding: BindingAction<State>? {
      if case let .binding(action) = self { action } else { nil }
    }

  }

  static let usernameRequired = "Please choose a username"
  static let usernameTaken = "This username is taken"
  static let emailRequired = "Please enter an email"
  static let emailInvalid = "Please enter a valid email"
  static let ageTooYoung = "You must be 18 to sign up"
  static let topicsRequired = "Please pick a topic"
  static let checkDebounce = Duration.milliseconds(300)

  static let rules = FormRules<State, Field>(
    // NB: The bindable spelling, as an app writes it; the other fields use plain key paths.
    Validate(.username, \.$username, .required(usernameRequired))
      .checked(\.$username, debounce: checkDebounce) { username in
        @Dependency(\.usernames) var usernames
        return try await usernames.isTaken(username) ? usernameTaken : nil
      },
    Validate(.email, \.email, .required(emailRequired), .contains("@", emailInvalid)),
    Validate(.topics, \.topics, .required(topicsRequired)),
    Validate(.age, \.age, .atLeast(18, ageTooYoung)),
    isEnabled: { state, field in field == .topics ? state.newsletter : true }
  )

  @Dependency(\.signUp) var signUp

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { _, _ in .none }
      .form { [signUp] state in
        { [account = state.account] in try await signUp.submit(account) }
      }
  }
}
