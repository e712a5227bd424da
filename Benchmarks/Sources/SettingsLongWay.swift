import ComposableForms
import SettingsFeatures

/// The settings feature written the long way: one hand-written action per field, no
/// `BindingReducer`, but the same form engine, rules, focus and effects as ``SettingsForm``,
/// so a throughput ratio between the two measures what bindings cost and nothing else.
struct SettingsLongWay: Reducer {
  struct State: Equatable, FormFeatureState {
    var digest: Digest
    var displayName: String
    var enableNotifications: Bool
    var sendEmailNotifications: Bool
    var sendMobileNotifications: Bool
    var protectMyPosts: Bool
    var isLoading = false
    var notificationsDenial: String?
    var form: FormState<SettingsForm.Field>

    init(settings: UserSettings = UserSettings()) {
      self.digest = settings.digest
      self.displayName = settings.displayName
      self.enableNotifications = settings.enableNotifications
      self.sendEmailNotifications = settings.sendEmailNotifications
      self.sendMobileNotifications = settings.sendMobileNotifications
      self.protectMyPosts = settings.protectMyPosts
      self.form = .focusedOnFirstField
    }
  }

  enum Action: BindableFormAction, Equatable {
    // NB: The form engine takes actions with a binding case; the long way never sends one.
    case binding(BindingAction<State>)
    case digestChanged(Digest)
    case displayNameChanged(String)
    case enableNotificationsChanged(Bool)
    case sendEmailNotificationsChanged(Bool)
    case sendMobileNotificationsChanged(Bool)
    case protectMyPostsChanged(Bool)
    case form(FormAction<SettingsForm.Field>)
    case permissionResponse(NotificationPermissionClient.Response)

    // NB: As the app's features do: without these, the protocols' defaults use reflection.
    var binding: BindingAction<State>? {
      if case let .binding(action) = self { action } else { nil }
    }

    var form: FormAction<SettingsForm.Field>? {
      if case let .form(action) = self { action } else { nil }
    }
  }


  enum CancelID { case permission }

  @Dependency(\.notificationPermission) var permission

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .digestChanged(digest):
        state.digest = digest
        return .none
      case let .displayNameChanged(name):
        state.displayName = name
        return .none
      case let .enableNotificationsChanged(isOn):
        state.enableNotifications = isOn
        state.notificationsDenial = nil
        guard isOn else {
          state.isLoading = false
          return .cancel(id: CancelID.permission)
        }
        state.isLoading = true
        return .run { [permission] send in
          await send(.permissionResponse(await permission.request()))
        }
        .cancellable(id: CancelID.permission, cancelInFlight: true)
      case let .sendEmailNotificationsChanged(isOn):
        state.sendEmailNotifications = isOn
        return .none
      case let .sendMobileNotificationsChanged(isOn):
        state.sendMobileNotifications = isOn
        return .none
      case let .protectMyPostsChanged(isOn):
        state.protectMyPosts = isOn
        return .none
      case .form, .binding:
        return .none
      case .permissionResponse(.granted):
        state.isLoading = false
        return .none
      case let .permissionResponse(.denied(reason)):
        state.isLoading = false
        state.enableNotifications = false
        state.notificationsDenial = reason
        return .none
      }
    }
    .form { _ in {} }
  }
}

extension SettingsLongWay.State {
  /// The same rules as the settings form's, over the long way's state.
  static let rules = FormRules<Self, SettingsForm.Field>(
    Validate(
      .displayName, \.displayName,
      .required("Please enter a display name"),
      .maxLength(32, "At most 32 characters")),
    isEnabled: { state, field in
      switch field {
      case .sendEmailNotifications, .sendMobileNotifications: state.enableNotifications
      default: true
      }
    }
  )
}
