import ComposableForms
import TerminalUI

extension ClientForm {
  /// How the client form looks in the terminal.
  @MainActor public static let layout = FormLayout<State, Action>("New client") { field in
    switch field {
    case .name:
      TextField("Name", \.$name, placeholder: "e.g. Ada Lovelace", maxLength: ClientForm.nameLimit)
    case .email:
      TextField("Email", \.$email, placeholder: "e.g. ada@example.com", maxLength: ClientForm.emailLimit)
    case .age:
      Stepper("Age", \.$age, range: ClientForm.ageRange)
        .answerHint("a number from \(ClientForm.minimumAge) to \(ClientForm.ageRange.upperBound)")
    }
  }
}
