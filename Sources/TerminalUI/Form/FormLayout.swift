import ComposableForms

/// How a form looks in the terminal and how keys edit it: written once by a library user,
/// binding each control to a bindable field.
///
/// ```swift
/// let layout = FormLayout<ClientForm.State, ClientForm.Action, ClientForm.Field>(
///   "New client", state: \.form, action: \.form, rules: ClientForm.rules
/// ) {
///   TextField("Name", \.$name, field: .name)
///   TextField("Email", \.$email, field: .email, placeholder: "ada@example.com")
///   Stepper("Age", \.$age, field: .age, range: 0...150)
/// }
/// ```
///
/// Labels sit in a column, each error directly under its field, the focused control is
/// highlighted (with the cursor in a text field), disabled controls are dimmed, and the Save
/// button is dimmed, but focusable and pressable, while the form is invalid.
public struct FormLayout<State, Action: BindableAction, Field: FormField> where Action.State == State {
  public let title: String
  public var submitTitle: String
  public var cancelTitle: String
  let controls: [FormControl<State, Field>]
  let toForm: KeyPath<State, FormState<Field>>
  /// `toForm` for reading, without the runtime's key path projection.
  let formReader: OffsetKeyPath<State, FormState<Field>>
  let toFormAction: AnyCasePath<Action, FormAction<Field>>
  let rules: FormRules<State, Field>
  /// Each field's control, by position in ``controls``.
  let controlIndex: [Field: Int]
  /// The widest label, measured once.
  let labelWidth: Int
  /// Controls that can show a note (their own status, or "Checking…").
  let noteCandidates: [Int]
  /// The smallest screen the form is drawn on; smaller shows a message instead.
  public var minimumSize = Size(columns: 40, rows: 10)

  public init(
    _ title: String,
    state toForm: KeyPath<State, FormState<Field>>,
    action toFormAction: CaseKeyPath<Action, FormAction<Field>>,
    rules: FormRules<State, Field>,
    submitTitle: String = "Save",
    cancelTitle: String = "Cancel",
    @FormLayoutBuilder<State, Field> controls: () -> [FormControl<State, Field>]
  ) {
    self.title = title
    self.submitTitle = submitTitle
    self.cancelTitle = cancelTitle
    let controls = controls()
    self.controls = controls
    self.toForm = toForm
    self.formReader = OffsetKeyPath(toForm)
    self.toFormAction = AnyCasePath(toFormAction)
    self.rules = rules
    var index: [Field: Int] = [:]
    for (position, control) in controls.enumerated() where index[control.field] == nil {
      index[control.field] = position
    }
    self.controlIndex = index
    self.labelWidth = controls.map { $0.label.displayWidth }.max() ?? 0
    let checked = rules.checkedFields
    self.noteCandidates = controls.indices.filter {
      controls[$0].status != nil || checked.contains(controls[$0].field)
    }
  }

  /// Where the form engine's state lives in the feature's state.
  public var formState: KeyPath<State, FormState<Field>> { toForm }

  /// The action the Save button sends.
  public var submitAction: Action { toFormAction.embed(.submitTapped) }

  /// The control for a field, if the layout shows it.
  func control(for field: Field) -> FormControl<State, Field>? {
    controlIndex[field].map { controls[$0] }
  }

  /// The kind of control that has focus, which decides what keys mean.
  public func focusedKind(in state: State) -> ControlKind? {
    switch formReader.read(state, { $0.pointee.focus }) {
    case .submit, .cancel: .button
    case let .field(field): control(for: field)?.kind
    case nil: nil
    }
  }

  /// Whether Enter on the current focus submits: on Save, and on the last enabled field.
  public func enterSubmits(in state: State) -> Bool {
    switch formReader.read(state, { $0.pointee.focus }) {
    case .submit: return true
    case .cancel, nil: return false
    case let .field(field):
      return controls.last { rules.isEnabled($0.field, in: state) }?.field == field
    }
  }

  // MARK: - Commands

  /// The actions a command sends, given the current state; updates presentation state (the
  /// text editor, typed digits) on the way. Interrupt and redraw are the runtime's business.
  public func actions(
    for command: FormCommand, state: State, view: inout FormViewState<Field>
  ) -> [Action] {
    let focus = formReader.read(state, { $0.pointee.focus })
    let embed = toFormAction.embed
    switch command {
    case .focusNext:
      return [embed(.focusNext)]
    case .focusPrevious:
      return [embed(.focusPrevious)]
    case .cancel:
      return [embed(.cancelTapped)]
    case .activate:
      switch focus {
      case .submit: return [embed(.submitTapped)]
      case .cancel: return [embed(.cancelTapped)]
      case .field: return [embed(enterSubmits(in: state) ? .submitTapped : .focusNext)]
      case nil: return [embed(.focusNext)]
      }
    case .toggle where focus == .submit:
      return [embed(.submitTapped)]
    case .toggle where focus == .cancel:
      return [embed(.cancelTapped)]
    case let .edit(key):
      guard let field = focus?.field, let control = control(for: field),
        rules.isEnabled(field, in: state)
      else { return [] }
      guard let text = control.textAccess else {
        return control.handle(command, state, &view.typedDigits).map { [Action.binding($0)] } ?? []
      }
      var editor = syncedEditor(for: field, text: text.get(state), view: view)
      let outcome = editor.handle(key)
      view.editor = editor
      view.editorField = field
      guard outcome == .textChanged else { return [] }
      return [.binding(text.set(editor.text))]
    case .toggle, .increment, .decrement, .digit:
      guard let field = focus?.field, let control = control(for: field),
        rules.isEnabled(field, in: state),
        let binding = control.handle(command, state, &view.typedDigits)
      else { return [] }
      return [.binding(binding)]
    case .interrupt, .redraw:
      return []
    }
  }

  /// The focused text field's editor, made fresh when focus arrived or the value changed from
  /// elsewhere (e.g. a reducer trimmed it), otherwise the one that keeps the cursor.
  func syncedEditor(for field: Field, text: String, view: FormViewState<Field>) -> TextEditor {
    guard view.editorField == field, var editor = view.editor else { return TextEditor(text: text) }
    if editor.text != text { editor.replaceText(text) }
    return editor
  }
}
