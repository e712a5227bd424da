import ComposableForms
import TerminalUI

extension SettingsForm {
  /// How the settings form looks in the terminal.
  @MainActor public static let layout = FormLayout<State, Action, Field>(
    "Settings", state: \.form, action: \.form, rules: rules
  ) {
    Picker("Digest", \.$digest, field: .digest) { $0.description }
    TextField("Display name", \.$displayName, field: .displayName, placeholder: "How others see you")
    Toggle("Notifications", \.$enableNotifications, field: .enableNotifications)
      .status { state in
        if state.isLoading { return .loading("Asking for permission…") }
        return state.notificationsDenial.map { .failed($0) }
      }
    Toggle("Email notifications", \.$sendEmailNotifications, field: .sendEmailNotifications)
    Toggle("Mobile notifications", \.$sendMobileNotifications, field: .sendMobileNotifications)
    Toggle("Protect my posts", \.$protectMyPosts, field: .protectMyPosts)
  }
}
