import ComposableForms

/// A permission answer, injected so tests choose it.
struct PermissionClient: Sendable {
  var request: @Sendable () async -> Bool
}

extension PermissionClient: TestDependencyKey {
  static let testValue = PermissionClient(request: {
    reportIssue("PermissionClient.request is not overridden in this test")
    return false
  })
}

extension DependencyValues {
  var permission: PermissionClient {
    get { self[PermissionClient.self] }
    set { self[PermissionClient.self] = newValue }
  }
}

/// Settings that layer logic over single fields by matching `case .binding(\.$field)`.
struct ValidatedSettings: Reducer {
  struct State: Equatable {
    @BindingState var displayName = ""
    @BindingState var enableNotifications = false
    var isLoading = false
    var nameError: String?
    var notificationsError: String?
  }

  enum Action: BindableAction, Equatable, CasePathable {
    case binding(BindingAction<State>)
    case permissionResponse(Bool)

    struct AllCasePaths {
      var binding: AnyCasePath<Action, BindingAction<State>> {
        AnyCasePath(
          embed: Action.binding,
          extract: { if case let .binding(value) = $0 { value } else { nil } })
      }
      var permissionResponse: AnyCasePath<Action, Bool> {
        AnyCasePath(
          embed: Action.permissionResponse,
          extract: { if case let .permissionResponse(value) = $0 { value } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  @Dependency(\.permission) var permission

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.$displayName):
        state.nameError =
          state.displayName.isEmpty
          ? "Display name is required"
          : state.displayName.count > 32 ? "At most 32 characters" : nil
        return .none

      case .binding(\.$enableNotifications):
        guard state.enableNotifications else { return .none }
        state.isLoading = true
        return .run { [permission] send in
          await send(.permissionResponse(await permission.request()))
        }

      case .binding:
        return .none

      case let .permissionResponse(granted):
        state.isLoading = false
        if !granted {
          state.enableNotifications = false
          state.notificationsError = "Notifications are not allowed"
        }
        return .none
      }
    }
  }
}
