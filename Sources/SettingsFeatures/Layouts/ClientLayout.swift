import ComposableForms
import TerminalUI

extension ClientForm {
  /// How the client form looks in the terminal.
  @MainActor public static let layout = FormLayout<State, Action, Field>(
    "New client", state: \.form, action: \.form, rules: rules
  ) {
    TextField("Name", \.$name, field: .name, placeholder: "Ada Lovelace")
    TextField("Email", \.$email, field: .email, placeholder: "ada@example.com")
    Stepper("Age", \.$age, field: .age, range: ClientForm.ageRange)
  }
}
