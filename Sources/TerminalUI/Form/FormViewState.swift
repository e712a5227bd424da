import ComposableForms

/// What the terminal shows that is not the feature's business: the focused text field's cursor
/// and scroll, the form's vertical scroll, digits being typed into a stepper, the spinner frame.
///
/// The runtime keeps one between frames; the store never sees it.
public struct FormViewState<Field: FormField>: Equatable {
  /// The editor of the focused text field, and which field it belongs to.
  public var editor: TextEditor?
  public var editorField: Field?
  /// The field that had focus when the form was last drawn: presentation state resets when it
  /// changes.
  public var focusedField: Field?
  /// The columns the focused text area wraps to, as last drawn (Up and Down move by its rows).
  public var textAreaWidth = 40
  /// The page shown (in a form with pages): the scroll starts afresh on another page.
  public var page = 0
  /// The size of the frame last drawn, where clicks land.
  public var screenSize: Size?
  /// The rows the fields had in the frame last drawn (a long status takes some).
  public var bodyRows: Int?
  /// Whether the form scrolls to keep focus in view; the wheel turns it off until the next key.
  public var followsFocus = true
  /// The first body row shown when the form is taller than the screen.
  public var scrollOffset = 0
  /// What was typed into the focused control and what it highlights (a stepper's digits, a
  /// list's filter and highlighted option).
  public var input = ControlInput()
  /// Digits typed into the focused stepper so far.
  public var typedDigits: String {
    get { input.typed }
    set { input.typed = newValue }
  }
  /// Which frame of the spinner to show while something is loading.
  public var spinnerFrame = 0
  /// A word about the last key, shown in the status line until the next one (a cut paste).
  public var notice: String?
  /// Where focus was in the frame last drawn (the focused control's row where its value
  /// starts, or the focused button), or `nil` when it was off screen. The runtime rests the
  /// terminal's cursor there, hidden, when no text is being edited: screen readers and braille
  /// displays follow the cursor, shown or not.
  public internal(set) var focusPosition: Position?
  /// The prompt shown last (its id), and the index of its selected answer.
  public var promptID: String?
  public var promptSelection = 0

  public init() {}

  /// Starts the presentation state of a newly focused field afresh (its editor, what was typed
  /// into it, its highlighted row); nothing changes while focus stays.
  public mutating func follow(focus field: Field?) {
    guard focusedField != field else { return }
    focusedField = field
    editor = nil
    editorField = nil
    input = ControlInput()
  }
}
