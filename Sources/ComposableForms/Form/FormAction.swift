/// What can happen to a form, beyond its fields' values (which change through bindings).
public enum FormAction<Field: FormField>: Equatable, Sendable {
  /// Focus moved to a target directly (a click, or a program), or to nothing.
  case focus(FocusTarget<Field>?)
  /// Tab: the next enabled target, wrapping around. In a form with pages (``FormField/page``),
  /// focus moves onto the next page only while the current page's fields are valid; otherwise
  /// their errors show and the first invalid one takes focus.
  case focusNext
  /// Shift-Tab: the previous enabled target, wrapping around. Always leaves the field; in a
  /// form with pages it goes back a page from a page's first field, and stops at the form's
  /// first field.
  case focusPrevious
  /// The submit button was pressed (or Enter on the last field).
  case submitTapped
  /// The cancel button was pressed (or Esc). A form with edits asks
  /// ``FormPrompt/discardChanges`` first (unless ``FormState/confirmsDiscard`` is off).
  case cancelTapped
  /// An asynchronous check finished for the value of one generation.
  case checkFinished(Field, generation: Int, error: String?)
  /// An asynchronous check threw, so it could not tell (a server out of reach, a locked
  /// database): the error shows as an answer's would, and a submit or the next change runs the
  /// check again rather than stopping at an error that may have passed.
  case checkFailed(Field, generation: Int, error: String)
  /// The submit operation finished: `nil` on success, or the message to show.
  case submitFinished(error: String?)
  /// The submit operation threw a ``FormPrompt``: it is shown, and the form waits for the answer.
  case submitAsked(FormPrompt)
  /// The submit operation threw a ``FormFieldError``: the field shows its message as its error.
  case submitRefused(Field, error: String)
  /// The prompt `prompt` (its id) was answered with the choice `choice` (its id).
  case promptAnswered(prompt: String, choice: String)
}
