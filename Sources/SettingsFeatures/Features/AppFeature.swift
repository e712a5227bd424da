import ComposableForms

/// The application: the settings form and the client form side by side, one of them on screen.
public struct AppFeature: Reducer {
  public struct State: Equatable {
    public var screen: Screen
    public var settings: SettingsForm.State
    public var client: ClientForm.State

    public init(
      screen: Screen = .settings,
      settings: SettingsForm.State = SettingsForm.State(),
      client: ClientForm.State = ClientForm.State()
    ) {
      self.screen = screen
      self.settings = settings
      self.client = client
    }

    /// How the form on screen ended, once it has.
    public var outcome: FormOutcome? {
      switch screen {
      case .settings: settings.form.outcome
      case .client: client.form.outcome
      }
    }
  }

  /// Which form is on screen.
  public enum Screen: Hashable, Sendable { case settings, client }

  public enum Action: Equatable, CasePathable {
    case settings(SettingsForm.Action)
    case client(ClientForm.Action)

    public struct AllCasePaths: Sendable {
      public var settings: AnyCasePath<Action, SettingsForm.Action> {
        AnyCasePath(
          embed: Action.settings, extract: { if case let .settings(a) = $0 { a } else { nil } })
      }
      public var client: AnyCasePath<Action, ClientForm.Action> {
        AnyCasePath(
          embed: Action.client, extract: { if case let .client(a) = $0 { a } else { nil } })
      }
    }
    public static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.settings, action: \.settings) { SettingsForm() }
    Scope(state: \.client, action: \.client) { ClientForm() }
  }
}
