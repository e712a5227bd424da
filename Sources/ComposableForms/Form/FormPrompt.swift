/// A question the form asks before it goes on, answered by one of a few choices: "Discard
/// changes?" when a changed form is cancelled, or a question a submit asks (throw one from the
/// submit operation: ``Reducer/form(submit:)`` shows it instead of an error).
///
/// While a prompt is shown (``FormState/prompt``) the form's own actions (focus, submit,
/// cancel) do nothing; checks and saves under way still finish, and binding actions still
/// change values (the terminal front end sends none until the answer). The answer comes back
/// as ``FormAction/promptAnswered(prompt:choice:)``, which a feature's reducer handles for the
/// prompts it asked.
///
/// ```swift
/// throw FormPrompt(
///   id: "overwrite", message: "The file changed on disk. Overwrite it?",
///   choices: [.init(id: "yes", key: "y", title: "Overwrite"), .init(id: "no", key: "n", title: "Keep editing")],
///   cancelChoice: "no")
/// ```
public struct FormPrompt: Error, Hashable, Sendable {
  /// What is asked, so the reducer that asked knows the answer is for it.
  public var id: String
  /// The question, in one or more sentences.
  public var message: String
  /// The answers, in the order they are shown.
  public var choices: [Choice]
  /// The choice Esc stands for.
  public var cancelChoice: String
  /// The choice selected when the question appears, which Enter picks: the first unless the
  /// question says (a question whose first answer loses something preselects the safe one).
  public var preselectedChoice: String?

  /// One answer: a key chooses it at once, and it has a title on its button.
  public struct Choice: Hashable, Sendable {
    public var id: String
    /// A letter that chooses this answer at once (case does not matter).
    public var key: Character
    public var title: String

    public init(id: String, key: Character, title: String) {
      self.id = id
      self.key = key
      self.title = title
    }
  }

  public init(
    id: String, message: String, choices: [Choice], cancelChoice: String, preselectedChoice: String? = nil
  ) {
    self.id = id
    self.message = message
    self.choices = choices
    self.cancelChoice = cancelChoice
    self.preselectedChoice = preselectedChoice
  }

  /// Asked when a form with changes is cancelled: `discard` ends it, `keep` goes back to it.
  /// `keep` is preselected, so Esc then Enter typed in a hurry loses nothing.
  public static let discardChanges = FormPrompt(
    id: "discardChanges", message: "Discard changes?",
    choices: [
      Choice(id: "discard", key: "y", title: "Yes"),
      Choice(id: "keep", key: "n", title: "No"),
    ],
    cancelChoice: "keep", preselectedChoice: "keep")

  /// Where the selection starts: the preselected choice's place, or the first.
  public var preselectedIndex: Int {
    preselectedChoice.flatMap { id in choices.firstIndex { $0.id == id } } ?? 0
  }

  /// The choice a key press picks: its letter, in either case.
  public func choice(forKey character: Character) -> Choice? {
    choices.first { $0.key.lowercased() == character.lowercased() }
  }
}
