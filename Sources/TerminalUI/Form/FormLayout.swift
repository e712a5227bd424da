import ComposableForms

import IssueReporting

/// How a form looks in the terminal and how keys edit it: one control for each field, asked
/// for in the fields' focus order.
///
/// ```swift
/// @MainActor static let layout = FormLayout<State, Action>("New client") { field in
///   switch field {
///   case .name: TextField("Name", \.$name)
///   case .email: TextField("Email", \.$email, placeholder: "ada@example.com")
///   case .age: Stepper("Age", \.$age, range: 0...150)
///   }
/// }
/// ```
///
/// A field's place is its place in `Field.allCases`, for Tab and on screen alike, and the
/// `switch` makes the compiler insist on a control for every field. A layout whose controls edit
/// one field twice, or another field than that field's rules read, is reported when a debug
/// build makes it (see ``problems``). The rules come from ``FormFeatureState/rules``: they are
/// written once.
///
/// Labels sit in a column (at most a third of the screen; a longer label wraps in it), each
/// error directly under its field, the focused control is highlighted (with the cursor in a
/// text field), disabled controls are dimmed, and the Save button is dimmed, but focusable and
/// pressable, while the form is invalid.
public struct FormLayout<State: FormFeatureState, Action: BindableFormAction>
where Action.State == State {
  public typealias Field = State.Field

  public var title: String
  public var submitTitle: String
  public var cancelTitle: String
  /// The titles of the form's pages (``FormField/page``), shown with "Page 2 of 3"; empty for a
  /// form without pages, and a page without a title is named by its number.
  public var pageTitles: [String]
  /// The positions of each page's controls, by page; one page for a form without pages.
  let pageRanges: [Range<Int>]
  /// The fields in focus order, and each one's control at the same position.
  let fields: [Field]
  let controls: [FormControl<State>]
  var rules: FormRules<State, Field> { State.rules }
  /// Each field's position in ``fields``.
  let controlIndex: [Field: Int]
  /// The widest label, measured once.
  let labelWidth: Int
  /// Controls that can show a note (their own status, or "Checking…").
  let noteCandidates: [Int]
  /// Whether a control can take more than one row (``FormControl/isTall``); when none can (the
  /// common case), a control's row is its index.
  let hasTallControls: Bool
  /// The rows the controls take at the width last drawn (``controlRowsBefore(width:)``).
  let tallRows = TallRowsCache()
  /// What is wrong with the layout; empty for a sound layout. A debug build reports each
  /// problem (``reportIssue``, a failure in tests) when the layout is made.
  public var problems: [Problem] { Problem.find(fields: fields, controls: controls, rules: rules) }
  /// The smallest screen the form is drawn on; smaller shows a message instead.
  public var minimumSize = Size(columns: 40, rows: 10)

  /// The field whose control edits the bindable field at `keyPath` (`\.$email`), if one does.
  public func field(editing keyPath: AnyKeyPath) -> Field? {
    let bound = BoundKeyPath(keyPath)
    return controls.firstIndex { $0.binding == bound }.map { fields[$0] }
  }

  /// A layout with `control(field)` for every field, in focus order.
  public init(
    _ title: String,
    submitTitle: String = "Save",
    cancelTitle: String = "Cancel",
    pages: [String] = [],
    control: (Field) -> FormControl<State>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.title = title
    self.submitTitle = submitTitle
    self.cancelTitle = cancelTitle
    self.pageTitles = pages
    let fields = Array(Field.allCases)
    let controls = fields.map(control)
    self.fields = fields
    self.controls = controls
    var index: [Field: Int] = [:]
    for (position, field) in fields.enumerated() { index[field] = position }
    self.controlIndex = index
    self.pageRanges = (0..<State.rules.pageCount).map { page in
      let onPage = State.rules.fields(onPage: page)
      guard let first = onPage.first.flatMap({ index[$0] }), let last = onPage.last.flatMap({ index[$0] })
      else { return 0..<0 }
      return first..<(last + 1)
    }
    self.labelWidth = controls.map { $0.label.displayWidth }.max() ?? 0
    let checked = State.rules.checkedFields
    self.noteCandidates = controls.indices.filter {
      controls[$0].status != nil || checked.contains(fields[$0])
    }
    self.hasTallControls = controls.contains { $0.isTall }
    // NB: Like an assertion, a debug build's check: a release build starts without it
    //     (BENCHMARKS.md, "Start-up").
    #if DEBUG
      for problem in problems {
        reportIssue(
          "FormLayout \"\(title)\": \(problem)", fileID: fileID, filePath: filePath, line: line,
          column: column)
      }
    #endif
  }

  /// Something wrong with a layout, found when it is made.
  public enum Problem: Hashable, Sendable, CustomStringConvertible {
    /// Two fields' controls edit the same bindable field: the second field would show the
    /// first one's value.
    case sharedBinding(Field, Field)
    /// A field's control edits another bindable field than the field's rules read.
    case bindingMismatch(Field)
    /// A ``Note`` on a field that takes focus: focus would stop on text it cannot change.
    case noteTakesFocus(Field)
    /// A field that takes no focus has a control that is not a ``Note``: nobody could edit it.
    case controlTakesNoFocus(Field)
    /// A field comes after a field of a later page in focus order: a page's fields must come
    /// together.
    case pageOutOfOrder(Field)
    /// A page where no field takes focus: it could never be shown.
    case pageWithoutFocus(Int)

    public var description: String {
      switch self {
      case let .sharedBinding(first, second):
        "the controls of '\(first)' and '\(second)' edit the same field; give each field its own"
      case let .bindingMismatch(field):
        "the control of '\(field)' edits another field than its rules read "
          + "(name the bindable field the same way in both, with its $: `\\.$email`, not `\\.email`)"
      case let .noteTakesFocus(field):
        "'\(field)' shows a Note but takes focus; say `takesFocus` is false for it"
      case let .controlTakesNoFocus(field):
        "'\(field)' takes no focus, so its control could never be used; give it a Note"
      case let .pageOutOfOrder(field):
        "'\(field)' is on page \(field.page) after a field of a later page; keep each page's fields together"
      case let .pageWithoutFocus(page):
        "page \(page) has no field that takes focus, so it could never be shown"
      }
    }

    static func find(
      fields: [Field], controls: [FormControl<State>], rules: FormRules<State, Field>
    ) -> [Problem] {
      var problems: [Problem] = []
      var owner: [BoundKeyPath: Field] = [:]
      var page = 0
      var focusable: Set<Int> = []
      for (field, control) in zip(fields, controls) {
        if field.page < page { problems.append(.pageOutOfOrder(field)) }
        page = max(page, field.page)
        if field.takesFocus { focusable.insert(field.page) }
        if control.kind == .note && field.takesFocus { problems.append(.noteTakesFocus(field)) }
        if control.kind != .note && !field.takesFocus { problems.append(.controlTakesNoFocus(field)) }
        guard let binding = control.binding else { continue }
        if let first = owner[binding] {
          problems.append(.sharedBinding(first, field))
        } else {
          owner[binding] = field
        }
        if let ruled = rules.bindings[field], ruled != binding {
          problems.append(.bindingMismatch(field))
        }
      }
      for empty in 0..<rules.pageCount where rules.pageCount > 1 && !focusable.contains(empty) {
        problems.append(.pageWithoutFocus(empty))
      }
      return problems
    }
  }

  /// Whether the form is drawn on a screen of `size`; a smaller one shows a message instead
  /// and takes no keys but Esc, Ctrl-C and resizes.
  public func fits(_ size: Size) -> Bool {
    size.columns >= minimumSize.columns && size.rows >= minimumSize.rows
  }

  /// The action the Save button sends.
  public var submitAction: Action { Action.form(.submitTapped) }

  /// The control for a field.
  func control(for field: Field) -> FormControl<State>? {
    controlIndex[field].map { controls[$0] }
  }

  /// The kind of control that has focus, which decides what keys mean.
  public func focusedKind(in state: State) -> ControlKind? {
    switch state.form.focus {
    case .submit, .cancel: .button
    case let .field(field): control(for: field)?.kind
    case nil: nil
    }
  }

  /// The action that moves focus off a field the rules disable, for a form that opens on one;
  /// `nil` when focus rests on an enabled field or a button (nothing needs sending).
  ///
  /// `FormState()` focuses the first field that takes focus without asking the rules, which
  /// live in the reducer, so a form whose first field starts disabled would open on it: keys
  /// would go nowhere, and line mode would ask it. The runtimes send this before anything
  /// shows, and the form engine moves focus as it does after any action.
  func openingFocusAction(in state: State) -> Action? {
    guard let field = state.form.focusedField, !rules.isEnabled(field, in: state) else { return nil }
    return .form(.focus(state.form.focus))
  }

  /// The page focus is on (0 in a form without pages).
  public func page(in state: State) -> Int { rules.page(of: state.form.focus) }

  /// The title of `page`: its own, or "Page 2".
  public func pageTitle(_ page: Int) -> String {
    pageTitles.indices.contains(page) && !pageTitles[page].isEmpty ? pageTitles[page] : "Page \(page + 1)"
  }

  /// Whether Enter on the current focus submits: on Save, and on the last enabled field.
  public func enterSubmits(in state: State) -> Bool {
    switch state.form.focus {
    case .submit: return true
    case .cancel, nil: return false
    case let .field(field):
      return fields.last { rules.isEnabled($0, in: state) } == field
    }
  }

  // MARK: - Commands

  /// The actions a command sends, given the current state; updates presentation state (the
  /// text editor, typed digits) on the way. Interrupt and redraw are the runtime's business.
  public func actions(
    for command: FormCommand, state: State, view: inout FormViewState<Field>
  ) -> [Action] {
    let focus = state.form.focus
    let embed = Action.form
    view.notice = nil
    view.followsFocus = true
    switch command {
    case let .mouse(event):
      return mouseActions(event, state: state, view: &view)
    case .click:
      return []
    case .scrollUp, .scrollDown:
      scrollPage(down: command == .scrollDown, state: state, view: &view)
      return []
    case .focusNext:
      return leave(state, view: &view, then: [embed(.focusNext)])
    case .focusPrevious:
      // NB: A form never traps focus: Shift-Tab goes back even where the control would keep it
      //     (what was typed and is no value yet is dropped), and sets what it would set.
      if case .stay = leaving(state, input: view.input) { return [embed(.focusPrevious)] }
      return leave(state, view: &view, then: [embed(.focusPrevious)])
    case .cancel:
      if cancelClearsFilter(in: state, view: view) {
        view.input = ControlInput()
        return []
      }
      return [embed(.cancelTapped)]
    case .activate:
      switch focus {
      case .submit: return [embed(.submitTapped)]
      case .cancel: return [embed(.cancelTapped)]
      case let .field(field):
        let move = embed(enterSubmits(in: state) ? .submitTapped : .focusNext)
        // NB: A button of your own is pressed: what it does is the action; focus stays for
        //     another press unless it says to move on (or does nothing, and Enter goes on).
        if let control = control(for: field), control.kind == .button, rules.isEnabled(field, in: state) {
          let (pressed, advances) = handle(.activate, by: control, state: state, view: &view)
          guard let pressed else { return [move] }
          return advances ? [.binding(pressed), move] : [.binding(pressed)]
        }
        // NB: Enter on a list (or a grid) chooses the highlighted option first, then moves on;
        //     its `onLeave` may only keep focus (what it would set is what Enter chooses).
        guard let control = control(for: field), control.kind == .list || control.kind == .grid,
          rules.isEnabled(field, in: state)
        else { return leave(state, view: &view, then: [move]) }
        if case let .stay(why) = leaving(state, input: view.input) {
          view.notice = why
          return []
        }
        // NB: A multi-select whose filter is typed stays for more choices, and after a refused
        //     one (its limit reached) too, its reason in the status line.
        let staysForMore = control.choosesMany && view.input.isTyping
        // NB: Enter moves on anyway: a control's wish to (advancesFocus) adds nothing.
        guard let choice = handle(.activate, by: control, state: state, view: &view).binding else {
          return staysForMore ? [] : [move]
        }
        return staysForMore ? [.binding(choice)] : [.binding(choice), move]
      case nil: return [embed(.focusNext)]
      }
    case .toggle where view.input.isTyping && focusedKind(in: state) == .list:
      // NB: While a filter is being typed, Space is part of it ("new d" for New Delhi, "sao p"):
      //     choosing then took the highlighted option the person was still searching past.
      //     Enter chooses, and so does Space once an arrow moved the highlight.
      return actions(for: .edit(.character(" ")), state: state, view: &view)
    case .toggle where focus == .submit:
      return [embed(.submitTapped)]
    case .toggle where focus == .cancel:
      return [embed(.cancelTapped)]
    case .increment where focus == .submit:
      return [embed(.focusNext)]
    case .decrement where focus == .cancel:
      return [embed(.focusPrevious)]
    case let .edit(key):
      guard let field = focus?.field, let control = control(for: field),
        rules.isEnabled(field, in: state)
      else { return [] }
      guard let text = control.textAccess else {
        return answer(command, by: control, state: state, view: &view)
      }
      let isArea = control.kind == .textArea
      var editor = syncedEditor(for: field, text: text.get(state), view: view, isMultiline: isArea)
      editor.maxLength = text.maxLength
      editor.hidesWords = text.echo != .normal
      let outcome = isArea ? editor.handle(key, width: view.textAreaWidth) : editor.handle(key)
      if editor.wasCut, let maxLength = text.maxLength { view.notice = Self.cutNotice(maxLength) }
      view.editor = editor
      view.editorField = field
      guard outcome == .textChanged else { return [] }
      return [.binding(text.set(editor.text))]
    case .toggle, .increment, .decrement, .digit:
      guard let field = focus?.field, let control = control(for: field), rules.isEnabled(field, in: state)
      else { return [] }
      // NB: A button of your own is pressed, as ``ControlKind/button`` says; the arrows that go
      //     between Save and Cancel are not a press.
      if control.kind == .button, command == .increment || command == .decrement { return [] }
      return answer(command, by: control, state: state, view: &view)
    case .interrupt, .redraw, .openEditor:
      // NB: Ctrl-E runs another program on the terminal: the runtime's business
      //     (``FormRuntime/externalEditor``), with ``editableText(in:)``.
      return []
    }
  }

  /// `actions`, of a key or a click that takes focus off the focused field, after what its
  /// control says as focus goes (``FormControl/onLeave(_:)``): its binding action first, or
  /// no action at all where it keeps focus, its reason in the status line.
  func leave(_ state: State, view: inout FormViewState<Field>, then actions: [Action]) -> [Action] {
    switch leaving(state, input: view.input) {
    case .leave:
      return actions
    case let .leaveSetting(binding):
      return [.binding(binding)] + actions
    case let .stay(why):
      view.notice = why
      return []
    }
  }

  /// What the focused field's control says as focus leaves it.
  func leaving(_ state: State, input: ControlInput) -> FormControl<State>.Leaving {
    guard let field = state.form.focus?.field, let control = control(for: field),
      let leaving = control.leaving, rules.isEnabled(field, in: state)
    else { return .leave }
    return leaving(state, input)
  }

  /// What `control` makes of `command`: its binding action, and whether it asked to move focus
  /// on (``ControlInput/advancesFocus``). A notice it gives goes to the status line. Both are
  /// taken from the input here, so neither outlives the key (or the click).
  func handle(
    _ command: FormCommand, by control: FormControl<State>, state: State, view: inout FormViewState<Field>
  ) -> (binding: BindingAction<State>?, advances: Bool) {
    let binding = control.handle(command, state, &view.input)
    if let notice = view.input.notice {
      view.notice = notice
      view.input.notice = nil
    }
    let advances = view.input.advancesFocus
    view.input.advancesFocus = false
    return (binding, advances)
  }

  /// The actions a control's answer to `command` stands for: its binding action, then a move
  /// to the next field where the control asked for one.
  private func answer(
    _ command: FormCommand, by control: FormControl<State>, state: State, view: inout FormViewState<Field>
  ) -> [Action] {
    let (binding, advances) = handle(command, by: control, state: state, view: &view)
    return (binding.map { [Action.binding($0)] } ?? []) + (advances ? [Action.form(.focusNext)] : [])
  }

  /// The focused text area's text and the action that sets it (`nil` when no enabled text area
  /// has focus): what Ctrl-E hands to an editor and takes back. Text from the editor is made
  /// fit for the area (control characters dropped, one line break at the end removed, cut at
  /// its limit); `notice` says when something was dropped or cut.
  public func editableText(
    in state: State
  ) -> (text: String, set: (String) -> (action: Action, notice: String?))? {
    guard let field = state.form.focusedField, let control = control(for: field),
      control.kind == .textArea, rules.isEnabled(field, in: state), let access = control.textAccess
    else { return nil }
    return (access.get(state), { edited in
      // NB: Tabs stay: they were in the text the editor was given (a text area shows each as
      //     ␉), or written there on purpose, so an editor closed unchanged changes nothing.
      var text = TextSanitizer.multiLine(edited)
      // NB: Said, as a paste's are not: the person cannot see what an editor kept in the file.
      var notices = text.count < edited.count ? ["Control characters from the editor were left out"] : []
      if text.hasSuffix("\n") { text.removeLast() }
      if let maxLength = access.maxLength, text.count > maxLength {
        text = String(text.prefix(maxLength))
        notices.append(Self.cutNotice(maxLength))
      }
      return (.binding(access.set(text)), notices.isEmpty ? nil : notices.joined(separator: "; "))
    })
  }

  /// What a text cut at its limit says, typed, pasted or from an editor.
  static func cutNotice(_ maxLength: Int) -> String {
    "At most \(maxLength) characters: the rest was left out"
  }

  /// The focused text field's editor, made fresh when focus arrived or the value changed from
  /// elsewhere (e.g. a reducer trimmed it), otherwise the one that keeps the cursor.
  func syncedEditor(
    for field: Field, text: String, view: FormViewState<Field>, isMultiline: Bool = false
  ) -> TextEditor {
    guard view.editorField == field, var editor = view.editor else {
      var editor = TextEditor(text: text)
      editor.isMultiline = isMultiline
      return editor
    }
    if editor.text != text { editor.replaceText(text) }
    return editor
  }
}

extension FormLayout {
  /// Whether Esc clears the focused list's filter (one is typed) rather than cancelling the
  /// form, as it clears the clients list's search: what Esc does, and what the footer says.
  func cancelClearsFilter(in state: State, view: FormViewState<Field>) -> Bool {
    guard let field = state.form.focusedField, control(for: field)?.kind == .list else { return false }
    return !view.input.typed.isEmpty
  }
}
