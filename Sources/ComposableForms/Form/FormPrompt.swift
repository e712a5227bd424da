/// A question the form asks before it goes on, answered by one of a few choices: "Discard
/// changes?" when a changed form is cancelled, or a question a submit asks (throw one from the
/// submit operation: ``Reducer/form(submit:)`` shows it instead of an error).
///
/// While a prompt is shown (``FormState/prompt``) the form takes no other action; the answer
/// comes back as ``FormAction/promptAnswered(prompt:choice:)``, which a feature's reducer
/// handles for the prompts it asked.
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
  /// The answers, in the order they are shown; the first one is preselected.
  public var choices: [Choice]
  /// The choice Esc stands for.
  public var cancelChoice: String

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

  public init(id: String, message: String, choices: [Choice], cancelChoice: String) {
    self.id = id
    self.message = message
    self.choices = choices
    self.cancelChoice = cancelChoice
  }

  /// Asked when a form with changes is cancelled: `discard` ends it, `keep` goes back to it.
  public static let discardChanges = FormPrompt(
    id: "discardChanges", message: "Discard changes?",
    choices: [
      Choice(id: "discard", key: "y", title: "Yes"),
      Choice(id: "keep", key: "n", title: "No"),
    ],
    cancelChoice: "keep")

  /// The choice a key press picks: its letter, in either case.
  public func choice(forKey character: Character) -> Choice? {
    choices.first { $0.key.lowercased() == character.lowercased() }
  }
}
