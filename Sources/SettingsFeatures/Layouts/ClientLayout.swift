import ComposableForms
import TerminalUI

extension ClientForm {
  /// What an age answer in line mode must be.
  static let ageAnswer = "a number from \(minimumAge) to \(ageRange.upperBound)"

  /// How the client form looks in the terminal.
  @MainActor public static let layout = FormLayout<State, Action>("New client") { field in
    switch field {
    case .name:
      TextField("Name", \.$name, placeholder: "e.g. Ada Lovelace", maxLength: ClientForm.nameLimit)
    case .email:
      TextField("Email", \.$email, placeholder: "e.g. ada@example.com", maxLength: ClientForm.emailLimit)
    case .age:
      // NB: The stepper starts at 0 (typing 1 then 8 passes 1); line mode asks, and refuses
      //     answers it cannot take, in the words of what the form takes.
      Stepper("Age", \.$age, range: ClientForm.ageRange)
        .answerHint(ClientForm.ageAnswer)
        .answerRefusal { _, _ in "Type \(ClientForm.ageAnswer)" }
    }
  }
}
