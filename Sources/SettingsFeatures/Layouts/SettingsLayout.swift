import ComposableForms
import TerminalUI

extension SettingsForm {
  /// How the settings form looks in the terminal.
  @MainActor public static let layout = FormLayout<State, Action>("Settings") { field in
    switch field {
    case .digest:
      Select(field.label, \.$digest, visibleRows: 3) { $0.description }
    case .displayName:
      TextField(field.label, \.$displayName, placeholder: "How others see you", maxLength: SettingsForm.displayNameLimit)
    case .enableNotifications:
      Toggle(field.label, \.$enableNotifications)
        .status { state in
          if state.isLoading { return .loading("Asking for permission…") }
          return state.notificationsDenial.map { .failed($0) }
        }
    case .sendEmailNotifications:
      Toggle(field.label, \.$sendEmailNotifications)
    case .sendMobileNotifications:
      Toggle(field.label, \.$sendMobileNotifications)
    case .protectMyPosts:
      Toggle(field.label, \.$protectMyPosts)
    }
  }
}
