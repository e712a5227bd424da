/// The styles widgets draw with, one per role.
///
/// ``color`` uses ANSI colours backed by attributes; ``monochrome`` keeps only the attributes
/// (bold, reverse, underline, dim) for `NO_COLOR`, `TERM=dumb` or a terminal without colours.
///
/// ```swift
/// let theme = Theme.resolve(environment: ["NO_COLOR": "1"])   // .monochrome
/// ```
public struct Theme: Hashable, Sendable {
  /// A field's label.
  public var label: Style
  /// The label of the focused field.
  public var focusedLabel: Style
  /// The focused control (text field, toggle, picker, stepper).
  public var focusedControl: Style
  /// An unfocused toggle, picker or stepper.
  public var control: Style
  /// The text typed in a text field, focused or not.
  public var text: Style
  /// The empty rest of a text field, so its extent shows (a fill-in line).
  public var field: Style
  /// A text field's placeholder, shown when it is empty and unfocused.
  public var placeholder: Style
  /// An inline validation error.
  public var error: Style
  /// A control that cannot be changed right now.
  public var disabled: Style
  /// A button.
  public var button: Style
  /// A button while the form is invalid (still pressable).
  public var dimmedButton: Style
  /// The focused button.
  public var focusedButton: Style
  /// The focused button while the form is invalid.
  public var focusedDimmedButton: Style
  /// A status line: loading, checking.
  public var status: Style
  /// A status line reporting success.
  public var success: Style
  /// The key-help footer's descriptions.
  public var help: Style
  /// The key-help footer's key names.
  public var helpKey: Style
  /// A form's title.
  public var title: Style

  /// A theme with a style for every role.
  public init(
    label: Style, focusedLabel: Style, focusedControl: Style, control: Style, text: Style,
    field: Style = Style(attributes: .underline),
    placeholder: Style, error: Style, disabled: Style, button: Style, dimmedButton: Style,
    focusedButton: Style, focusedDimmedButton: Style, status: Style, success: Style,
    help: Style, helpKey: Style, title: Style
  ) {
    self.label = label
    self.focusedLabel = focusedLabel
    self.focusedControl = focusedControl
    self.control = control
    self.text = text
    self.field = field
    self.placeholder = placeholder
    self.error = error
    self.disabled = disabled
    self.button = button
    self.dimmedButton = dimmedButton
    self.focusedButton = focusedButton
    self.focusedDimmedButton = focusedDimmedButton
    self.status = status
    self.success = success
    self.help = help
    self.helpKey = helpKey
    self.title = title
  }

  // NB: Every colour style also carries attributes, so it stays readable when a backend drops
  //     colours (see `Style`).
  /// The default theme: cyan focus, red errors, green success, each backed by attributes.
  public static let color = Theme(
    label: .plain,
    focusedLabel: Style(foreground: .cyan, attributes: .bold),
    focusedControl: Style(foreground: .cyan, attributes: [.reverse, .bold]),
    control: .plain,
    // NB: Typed text has no attributes: a typed character then costs the terminal one byte,
    //     where an attribute costs its set and reset sequences (16 bytes for underline).
    text: .plain,
    field: Style(attributes: .underline),
    placeholder: Style(attributes: [.dim, .underline]),
    error: Style(foreground: .red, attributes: .bold),
    disabled: Style(attributes: .dim),
    button: Style(attributes: .bold),
    dimmedButton: Style(attributes: .dim),
    focusedButton: Style(foreground: .cyan, attributes: [.reverse, .bold]),
    focusedDimmedButton: Style(attributes: [.reverse, .dim]),
    status: Style(foreground: .yellow),
    success: Style(foreground: .green, attributes: .bold),
    help: Style(attributes: .dim),
    helpKey: Style(attributes: .bold),
    title: Style(attributes: .bold)
  )

  /// The colour theme with every colour removed: attributes only.
  public static let monochrome = Theme.color.withoutColors()

  /// `theme` without its colours (``withoutColors()``; ``monochrome`` for ``color``) when
  /// `NO_COLOR` is set to anything non-empty or `TERM` is `dumb`, else `theme` as it is.
  public static func resolve(environment: [String: String], theme: Theme = .color) -> Theme {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return theme.withoutColors() }
    if environment["TERM"] == "dumb" { return theme.withoutColors() }
    return theme
  }

  /// This theme with default colours everywhere, keeping the attributes.
  public func withoutColors() -> Theme {
    func strip(_ style: Style) -> Style { Style(attributes: style.attributes) }
    return Theme(
      label: strip(label), focusedLabel: strip(focusedLabel),
      focusedControl: strip(focusedControl), control: strip(control), text: strip(text),
      field: strip(field),
      placeholder: strip(placeholder), error: strip(error), disabled: strip(disabled),
      button: strip(button), dimmedButton: strip(dimmedButton),
      focusedButton: strip(focusedButton), focusedDimmedButton: strip(focusedDimmedButton),
      status: strip(status), success: strip(success), help: strip(help),
      helpKey: strip(helpKey), title: strip(title)
    )
  }
}
