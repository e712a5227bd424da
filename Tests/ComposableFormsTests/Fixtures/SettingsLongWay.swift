import ComposableForms

/// The product material's settings feature written the long way: one action per field.
struct SettingsLongWay: Reducer {
  struct State: Equatable {
    var digest = Digest.daily
    var displayName = ""
    var enableNotifications = false
    var isLoading = false
    var protectMyPosts = false
    var sendEmailNotifications = false
    var sendMobileNotifications = false
  }

  enum Digest: String, Equatable, Sendable, CaseIterable { case daily, weekly, off }

  enum Action: Equatable {
    case digestChanged(Digest)
    case displayNameChanged(String)
    case enableNotificationsChanged(Bool)
    case protectMyPostsChanged(Bool)
    case sendEmailNotificationsChanged(Bool)
    case sendMobileNotificationsChanged(Bool)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .digestChanged(digest):
      state.digest = digest
    case let .displayNameChanged(name):
      state.displayName = name
    case let .enableNotificationsChanged(isOn):
      state.enableNotifications = isOn
    case let .protectMyPostsChanged(isOn):
      state.protectMyPosts = isOn
    case let .sendEmailNotificationsChanged(isOn):
      state.sendEmailNotifications = isOn
    case let .sendMobileNotificationsChanged(isOn):
      state.sendMobileNotifications = isOn
    }
    return .none
  }
}
