import ComposableForms
import TerminalUI

extension SettingsForm {
  /// How the settings form looks in the terminal.
  @MainActor public static let layout = FormLayout<State, Action>("Settings") { field in
    switch field {
    case .digest:
      Select("Digest", \.$digest, visibleRows: 3) { $0.description }
    case .displayName:
      TextField("Display name", \.$displayName, placeholder: "How others see you", maxLength: 32)
    case .enableNotifications:
      Toggle("Notifications", \.$enableNotifications)
        .status { state in
          if state.isLoading { return .loading("Asking for permission…") }
          return state.notificationsDenial.map { .failed($0) }
        }
    case .sendEmailNotifications:
      Toggle("Email notifications", \.$sendEmailNotifications)
    case .sendMobileNotifications:
      Toggle("Mobile notifications", \.$sendMobileNotifications)
    case .protectMyPosts:
      Toggle("Protect my posts", \.$protectMyPosts)
    }
  }
}
