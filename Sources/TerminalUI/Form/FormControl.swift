import ComposableForms

/// One control of a form layout, bound to a bindable field of `State`.
///
/// Make them with ``TextField``, ``Toggle``, ``Picker`` and ``Stepper`` inside a ``FormLayout``.
/// A control never sends anything itself: it turns a ``FormCommand`` into a ``BindingAction``
/// that the runtime sends to the store.
///
/// NB: A class, though immutable: a control holds five closures, and copying it as a struct
///     retained each closure's context, scattered over the heap. A keystroke copies controls
///     a dozen times and arrives with cold caches, so each of those retains was a cache miss;
///     now a copy is one retain.
public final class FormControl<State, Field: FormField> {
  /// The field this control edits; its place in `Field.allCases` is its focus order.
  public let field: Field
  /// The label shown in the label column.
  public let label: String
  /// What kind of control this is, which decides how keys map to commands.
  public let kind: ControlKind
  let draw: (_ state: State, _ context: ControlContext, _ area: Rect, _ buffer: inout Buffer) -> Void
  /// What `draw` shows of the state: equal values draw equal cells (see ``FrameCache``).
  let value: (_ state: State) -> ControlValue
  let handle: (_ command: FormCommand, _ state: State, _ typing: inout String) -> BindingAction<State>?
  let textAccess: TextAccess?
  let status: ((State) -> StatusView.Status?)?

  /// Reads and writes the text of a text control (the runtime's editor keeps the cursor).
  struct TextAccess {
    let get: (State) -> String
    let set: (String) -> BindingAction<State>
    let placeholder: String
    let isSecure: Bool
  }

  init(
    field: Field,
    label: String,
    kind: ControlKind,
    draw: @escaping (_ state: State, _ context: ControlContext, _ area: Rect, _ buffer: inout Buffer) -> Void,
    value: @escaping (_ state: State) -> ControlValue,
    handle: @escaping (_ command: FormCommand, _ state: State, _ typing: inout String) -> BindingAction<State>?,
    textAccess: TextAccess?,
    status: ((State) -> StatusView.Status?)?
  ) {
    self.field = field
    self.label = label
    self.kind = kind
    self.draw = draw
    self.value = value
    self.handle = handle
    self.textAccess = textAccess
    self.status = status
  }

  /// A note shown to the right of the control, e.g. "Asking for permission…".
  public func status(_ status: @escaping (State) -> StatusView.Status?) -> FormControl {
    FormControl(
      field: field, label: label, kind: kind, draw: draw, value: value, handle: handle,
      textAccess: textAccess, status: status)
  }
}

/// How a control is drawn this frame.
struct ControlContext {
  let isFocused: Bool
  let isDisabled: Bool
  let theme: Theme
}

/// Collects the controls written in a ``FormLayout``.
@resultBuilder
public enum FormLayoutBuilder<State, Field: FormField> {
  public static func buildExpression(_ control: FormControl<State, Field>) -> [FormControl<State, Field>] {
    [control]
  }
  public static func buildBlock(_ parts: [FormControl<State, Field>]...) -> [FormControl<State, Field>] {
    parts.flatMap { $0 }
  }
  public static func buildOptional(_ part: [FormControl<State, Field>]?) -> [FormControl<State, Field>] {
    part ?? []
  }
  public static func buildEither(first: [FormControl<State, Field>]) -> [FormControl<State, Field>] {
    first
  }
  public static func buildEither(second: [FormControl<State, Field>]) -> [FormControl<State, Field>] {
    second
  }
  public static func buildArray(_ parts: [[FormControl<State, Field>]]) -> [FormControl<State, Field>] {
    parts.flatMap { $0 }
  }
}
