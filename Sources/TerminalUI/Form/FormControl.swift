import ComposableForms

/// One control of a form layout: how a field's value is drawn and what keys do to it.
///
/// The built-in controls are ``TextField``, ``SecureField``, ``TextArea``, ``Toggle``,
/// ``Confirm``, ``Picker``, ``Select``, ``MultiSelect``, ``Stepper`` and ``Note``. Write your
/// own with ``init(_:kind:binding:value:draw:handle:)``: the layout places it (label, focus
/// marker, the field's error on the row below, its note, scrolling), and the control draws its
/// value into the area it is given and turns commands into binding actions. A control never
/// sends anything itself: the runtime sends what it returns.
///
/// ```swift
/// func Rating<State>(_ label: String, _ keyPath: WritableKeyPath<State, BindingState<Int>>) -> FormControl<State> {
///   FormControl(
///     label, kind: .custom, binding: keyPath,
///     value: { .number($0[keyPath: keyPath].wrappedValue) },
///     draw: { state, context, area, buffer in
///       let stars = String(repeating: "*", count: state[keyPath: keyPath].wrappedValue)
///       let style = context.isFocused ? context.theme.focusedControl : context.theme.control
///       buffer.setString(stars, at: Position(column: area.x, row: area.y), style: style, maxWidth: area.width)
///     },
///     handle: { command, state, _ in
///       guard case let .edit(.character(digit)) = command, let stars = digit.wholeNumberValue
///       else { return nil }
///       return .set(keyPath, min(stars, 5))
///     })
///   .keyHelp("1-5", "rate")
/// }
/// ```
// NB: A class, though immutable: a copy is one retain instead of one per closure context.
public final class FormControl<State> {
  /// The label shown in the label column.
  public let label: String
  /// What kind of control this is, which decides how keys map to commands.
  public let kind: ControlKind
  /// The bindable field the control edits, when it edits one: a layout refuses two controls
  /// for one field, and a control that edits another field than its rules read.
  public let binding: BoundKeyPath?
  /// The rows the control takes (a list shows several options); its label starts on the first.
  public let rows: Int
  /// A line of help under the control, in the control column.
  public let description: String?
  /// The keys the control takes, for the footer while it has focus (see ``keyHelp(_:_:)``).
  public let keyHelp: [KeyHelpView.Item]
  let draw: (_ state: State, _ context: ControlContext, _ area: Rect, _ buffer: inout Buffer) -> Void
  /// What `draw` shows of the state: equal values draw equal cells (see ``FrameCache``).
  let value: (_ state: State) -> ControlValue
  let handle: (_ command: FormCommand, _ state: State, _ input: inout ControlInput) -> BindingAction<State>?
  let textAccess: TextAccess?
  let status: ((State) -> StatusView.Status?)?
  /// How line mode asks for the value in a given state (``LineQuestion``; a list's options
  /// may follow the state), when the control says.
  let line: ((State) -> LineQuestion<State>)?
  /// Which of the control's rows focus is on while it has focus (a list's highlighted option),
  /// where the terminal's hidden cursor rests for screen readers; `nil`: its first row.
  let focusRow: ((_ state: State, _ input: ControlInput) -> Int)?
  /// Which column of its row focus is on (a confirm's chosen answer, a stepper's number past
  /// its arrow), for the same readers; `nil`: the row's first column.
  let focusColumn: ((_ state: State, _ input: ControlInput) -> Int)?
  /// Whether several options are chosen (a multi-select): Enter that chooses one while its
  /// filter is typed leaves focus there for more.
  let choosesMany: Bool
  /// What the control says as a key or a click takes focus off it (``onLeave(_:)``).
  let leaving: ((_ state: State, _ input: ControlInput) -> Leaving)?
  /// Where a control made outside this package (through its public initialisers) was
  /// written; `nil` for the built-in ones. A debug build checks that such a control's `value`
  /// changes whenever its drawing does, and points its report here (``FrameCache``).
  private(set) var writtenAt: SourceLocation?

  /// The rows the control takes in a control column `width` wide, when that depends on the
  /// width (a note's text, wrapped); `nil` when it is always ``rows``.
  let rowsAtWidth: ((_ width: Int) -> Int)?

  /// The rows the control itself takes in a control column `width` wide.
  func rows(atWidth width: Int) -> Int {
    rowsAtWidth.map { max(1, $0(width)) } ?? rows
  }

  /// The description's lines, wrapped to a control column `width` wide.
  func descriptionLines(atWidth width: Int) -> [String] {
    description?.wrapped(toWidth: max(1, width)) ?? []
  }

  /// The label's lines in a label column `width` wide: the label itself when it fits, else
  /// wrapped at spaces (a question a confirm asks is read in full, not cut).
  func labelLines(atWidth width: Int) -> [String] {
    label.displayWidth <= width ? [label] : label.wrapped(toWidth: max(1, width))
  }

  /// Whether the control's place in the form (its own rows, then its description's) can be other
  /// than one row.
  var isTall: Bool { rows != 1 || rowsAtWidth != nil || description != nil }

  /// Reads and writes the text of a text control (the runtime's editor keeps the cursor).
  struct TextAccess {
    let get: (State) -> String
    let set: (String) -> BindingAction<State>
    let placeholder: String
    let echo: TextInputView.Echo
    /// The most characters the field takes (typing and pasting stop there).
    let maxLength: Int?
  }

  /// A control of your own.
  ///
  /// - Parameters:
  ///   - label: The label in the label column.
  ///   - kind: Which keys reach the control: a built-in kind's, ``ControlKind/custom`` for
  ///     every key but focus moves, Enter, Esc and Ctrl-C, or ``ControlKind/grid`` for those
  ///     and the arrows and page keys too.
  ///   - binding: The bindable field the control edits (`\.$rating`), if it edits one.
  ///   - value: What `draw` shows of the state (``ControlValue``); a row whose value, focus
  ///     and disabled state did not change is not drawn again, so it must describe everything
  ///     `draw` reads (a debug build draws such rows again and reports a difference).
  ///   - draw: Draws the value into `area` (one row, right of the label), and nowhere else:
  ///     the buffer clips only at the screen's edges, and right of `area` is the field's
  ///     note, so write with `maxWidth: area.width`.
  ///   - handle: Turns a command into the binding action to send, or `nil`. `typed` keeps
  ///     what was typed into the control since focus arrived (a stepper's digits). To move
  ///     focus on once the value is complete, or show a notice, take the whole
  ///     ``ControlInput`` instead: ``init(_:kind:binding:rows:value:draw:handleInput:)`` with
  ///     `rows: 1`.
  public convenience init(
    _ label: String,
    kind: ControlKind,
    binding: AnyKeyPath? = nil,
    value: @escaping (_ state: State) -> ControlValue,
    draw: @escaping (_ state: State, _ context: ControlContext, _ area: Rect, _ buffer: inout Buffer) -> Void,
    handle: @escaping (_ command: FormCommand, _ state: State, _ typed: inout String) -> BindingAction<State>?,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      label: label, kind: kind, binding: binding.map(BoundKeyPath.init), draw: draw,
      value: value, handle: { command, state, input in handle(command, state, &input.typed) },
      textAccess: nil, status: nil)
    writtenAt = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A control of your own that edits the bindable field `binding` (`\.$rating`, written
  /// without its root); as ``init(_:kind:binding:value:draw:handle:)`` otherwise.
  public convenience init<Value>(
    _ label: String,
    kind: ControlKind,
    binding: WritableKeyPath<State, BindingState<Value>>,
    value: @escaping (_ state: State) -> ControlValue,
    draw: @escaping (_ state: State, _ context: ControlContext, _ area: Rect, _ buffer: inout Buffer) -> Void,
    handle: @escaping (_ command: FormCommand, _ state: State, _ typed: inout String) -> BindingAction<State>?,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      label, kind: kind, binding: binding as AnyKeyPath, value: value, draw: draw, handle: handle,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A control of your own that takes `rows` rows and keeps what was typed into it and a
  /// highlighted row while it has focus (``ControlInput``; `draw` finds it in its context).
  ///
  /// - Parameters:
  ///   - rows: The rows the control draws into; its label sits on the first.
  ///   - handleInput: Turns a command into the binding action to send, or `nil`, updating
  ///     `input` on the way (a list's filter and highlighted option).
  public convenience init(
    _ label: String,
    kind: ControlKind,
    binding: AnyKeyPath? = nil,
    rows: Int,
    value: @escaping (_ state: State) -> ControlValue,
    draw: @escaping (_ state: State, _ context: ControlContext, _ area: Rect, _ buffer: inout Buffer) -> Void,
    handleInput: @escaping (_ command: FormCommand, _ state: State, _ input: inout ControlInput) -> BindingAction<State>?,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      label: label, kind: kind, binding: binding.map(BoundKeyPath.init), rows: rows, draw: draw,
      value: value, handle: handleInput, textAccess: nil, status: nil)
    writtenAt = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A control of your own of `rows` rows that edits the bindable field `binding` (`\.$tags`,
  /// written without its root); as ``init(_:kind:binding:rows:value:draw:handleInput:)``
  /// otherwise.
  public convenience init<Value>(
    _ label: String,
    kind: ControlKind,
    binding: WritableKeyPath<State, BindingState<Value>>,
    rows: Int,
    value: @escaping (_ state: State) -> ControlValue,
    draw: @escaping (_ state: State, _ context: ControlContext, _ area: Rect, _ buffer: inout Buffer) -> Void,
    handleInput: @escaping (_ command: FormCommand, _ state: State, _ input: inout ControlInput) -> BindingAction<State>?,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      label, kind: kind, binding: binding as AnyKeyPath, rows: rows, value: value, draw: draw,
      handleInput: handleInput, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  init(
    label: String,
    kind: ControlKind,
    binding: BoundKeyPath?,
    rows: Int = 1,
    rowsAtWidth: ((_ width: Int) -> Int)? = nil,
    description: String? = nil,
    draw: @escaping (_ state: State, _ context: ControlContext, _ area: Rect, _ buffer: inout Buffer) -> Void,
    value: @escaping (_ state: State) -> ControlValue,
    handle: @escaping (_ command: FormCommand, _ state: State, _ input: inout ControlInput) -> BindingAction<State>?,
    textAccess: TextAccess?,
    status: ((State) -> StatusView.Status?)?,
    line: LineQuestion<State>? = nil,
    lineInState: ((State) -> LineQuestion<State>)? = nil,
    keyHelp: [KeyHelpView.Item] = [],
    focusRow: ((_ state: State, _ input: ControlInput) -> Int)? = nil,
    focusColumn: ((_ state: State, _ input: ControlInput) -> Int)? = nil,
    choosesMany: Bool = false,
    leaving: ((_ state: State, _ input: ControlInput) -> Leaving)? = nil
  ) {
    self.label = label
    self.keyHelp = keyHelp
    self.kind = kind
    self.binding = binding
    self.rows = max(1, rows)
    self.rowsAtWidth = rowsAtWidth
    self.description = description
    self.draw = draw
    self.value = value
    self.handle = handle
    self.textAccess = textAccess
    self.status = status
    self.line = lineInState ?? line.map { question in { _ in question } }
    self.focusRow = focusRow
    self.focusColumn = focusColumn
    self.choosesMany = choosesMany
    self.leaving = leaving
  }

  /// `control` with another status, description or line question.
  convenience init(
    copying control: FormControl,
    status: ((State) -> StatusView.Status?)?? = nil,
    description: String?? = nil,
    line: ((State) -> LineQuestion<State>)?? = nil,
    keyHelp: [KeyHelpView.Item]? = nil,
    focusRow: ((_ state: State, _ input: ControlInput) -> Int)?? = nil,
    focusColumn: ((_ state: State, _ input: ControlInput) -> Int)?? = nil,
    leaving: ((_ state: State, _ input: ControlInput) -> Leaving)?? = nil
  ) {
    self.init(
      label: control.label, kind: control.kind, binding: control.binding, rows: control.rows,
      rowsAtWidth: control.rowsAtWidth, description: description ?? control.description, draw: control.draw, value: control.value,
      handle: control.handle, textAccess: control.textAccess, status: status ?? control.status,
      lineInState: line ?? control.line, keyHelp: keyHelp ?? control.keyHelp, focusRow: focusRow ?? control.focusRow, focusColumn: focusColumn ?? control.focusColumn,
      choosesMany: control.choosesMany, leaving: leaving ?? control.leaving)
    writtenAt = control.writtenAt
  }

  /// A note shown to the right of the control (or under it when it does not fit), e.g.
  /// "Asking for permission…".
  public func status(_ status: @escaping (State) -> StatusView.Status?) -> FormControl {
    FormControl(copying: self, status: .some(status))
  }

  /// A line of help shown under the control, e.g. "Shown to other people".
  public func description(_ text: String) -> FormControl {
    FormControl(copying: self, description: .some(text))
  }

  /// Names a key the control takes, for the footer while it has focus, e.g.
  /// `.keyHelp("1-5", "rate")`: a control of your own's keys are its own, so no keymap binding
  /// describes them. Each call adds one, before the focus moves; a control that names its keys
  /// is not described as its kind (a ``ControlKind/list`` of your own does not say "Space
  /// choose").
  public func keyHelp(_ key: String, _ action: String) -> FormControl {
    FormControl(copying: self, keyHelp: keyHelp + [KeyHelpView.Item(key: key, action: action)])
  }

  /// Where in its row focus is while the control has focus (the part of a date being changed),
  /// in columns from the control's first: the terminal's cursor rests there, hidden, and
  /// screen readers and braille displays follow it. Without it, the row's first column.
  public func focusColumn(_ column: @escaping (_ state: State, _ input: ControlInput) -> Int) -> FormControl {
    FormControl(copying: self, focusColumn: .some(column))
  }

  /// Which of its rows focus is on while the control has focus (a list's highlighted option),
  /// from its first: the form scrolls to keep that row in view, and the terminal's hidden
  /// cursor rests there for screen readers. Without it, the control's first row.
  public func focusRow(_ row: @escaping (_ state: State, _ input: ControlInput) -> Int) -> FormControl {
    FormControl(copying: self, focusRow: .some(row))
  }

  /// What the control does as a key or a click takes focus off it (Tab, Shift-Tab, Enter, a
  /// click on another field or on Save), as huh's `Blur`: set what was begun in it, or keep
  /// focus while what was typed is no value yet, the status line saying why.
  ///
  /// - Shift-Tab always goes back (a form never traps focus): there ``Leaving/stay(_:)`` leaves
  ///   all the same, dropping what was typed.
  /// - Enter on a ``ControlKind/list`` or ``ControlKind/grid`` chooses through `handle`
  ///   (``FormCommand/activate``), so there only ``Leaving/stay(_:)`` counts; on a
  ///   ``ControlKind/button`` it presses, and is not asked.
  /// - Not asked: Esc, a move the control asked for (``ControlInput/advancesFocus``), moves the
  ///   form makes itself (to the first error of a refused save, off a field a rule disabled),
  ///   and line mode, which asks each value whole.
  /// - A ``Stepper`` (which keeps focus while its digits make no number in its range) and a
  ///   ``Select`` (which chooses its highlighted option) say what they do here already: this
  ///   replaces that.
  ///
  /// ```swift
  /// .onLeave { state, input in
  ///   input.typed.isEmpty ? .leave : .stay("\(input.typed) is not a date yet: finish it, or Backspace")
  /// }
  /// ```
  public func onLeave(_ leaving: @escaping (_ state: State, _ input: ControlInput) -> Leaving) -> FormControl {
    FormControl(copying: self, leaving: .some(leaving))
  }

  /// What happens as focus leaves a control (``onLeave(_:)``).
  public enum Leaving: Sendable {
    /// Focus leaves, and nothing more happens.
    case leave
    /// This binding action is sent, then focus leaves (a list's highlighted option chosen).
    case leaveSetting(BindingAction<State>)
    /// Focus stays, and the status line says why (digits that make no number in the range yet).
    case stay(String)
  }
}

/// What was typed into the focused control since focus arrived, and the row it highlights: a
/// stepper's digits, a list's filter and highlighted option. The runtime keeps it (it is
/// presentation, not the feature's state) and starts it afresh when focus moves.
public struct ControlInput: Hashable, Sendable {
  /// Text typed into the control.
  public var typed = ""
  /// Where in the control focus is: the highlighted row of a list, or `nil` until the list
  /// places it (on the chosen option); a control of your own keeps its own place here (a
  /// date's part, a grid's cell).
  public var highlight: Int?
  /// Whether the last key edited ``typed`` (a list's filter) rather than moving: a Space then
  /// goes on typing ("new d" for New Delhi) instead of choosing.
  public var isTyping = false
  /// A word about the key or click just handled, for the status line until the next key: why
  /// it did nothing (a digit that would take a stepper past its range). The layout takes it from here.
  public var notice: String?
  /// Set by a control's `handle` to move focus on to the next field once this key is handled
  /// (a PIN whose last digit was typed, a date whose last part was set), as Tab would, after
  /// the binding action it returns. The layout takes it from here.
  public var advancesFocus = false

  public init(typed: String = "", highlight: Int? = nil) {
    self.typed = typed
    self.highlight = highlight
  }
}

/// How a control is drawn this frame.
public struct ControlContext: Sendable {
  /// Whether the control has focus.
  public var isFocused: Bool
  /// Whether the control's field is disabled (shown, but not editable or focusable).
  public var isDisabled: Bool
  /// The styles to draw with.
  public var theme: Theme
  /// What was typed into the control and what it highlights, while it has focus.
  public var input: ControlInput

  public init(isFocused: Bool, isDisabled: Bool, theme: Theme, input: ControlInput = ControlInput()) {
    self.isFocused = isFocused
    self.isDisabled = isDisabled
    self.theme = theme
    self.input = input
  }
}
