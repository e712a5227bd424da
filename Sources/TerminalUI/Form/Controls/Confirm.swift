import ComposableForms

/// A yes-or-no question bound to a bindable `Bool`, shown as two buttons, `[ Yes ]  [ No ]`,
/// the chosen one highlighted: Left/Right or Space switch, `y` and `n` (or a click) choose. The
/// key help names the letters (`y/n answer`; `d/k` for Delete and Keep).
///
/// ```swift
/// Confirm("Subscribe?", \.$subscribes)
/// Confirm("Delete it?", \.$delete, yes: "Delete", no: "Keep")
/// ```
public func Confirm<State>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<Bool>>,
  yes: String = "Yes",
  no: String = "No"
) -> FormControl<State> {
  // NB: The columns between the two answers: where they are drawn, clicked and focused.
  let gap = 2
  let noColumn = ButtonView(title: yes).width + gap
  return FormControl(
    label: label, kind: .custom, binding: BoundKeyPath(keyPath),
    draw: { state, context, area, buffer in
      let value = state[keyPath: keyPath].wrappedValue
      var x = area.x
      for (title, isChosen) in [(yes, value), (no, !value)] {
        let button = ButtonView(
          title: title, isFocused: isChosen && context.isFocused, isDimmed: context.isDisabled,
          theme: context.theme)
        // NB: The answer not chosen is plain: in bold like a button, it looked the same as the
        //     chosen one wherever colour is off (NO_COLOR, a monochrome terminal).
        let style = context.isDisabled
          ? context.theme.disabled
          : isChosen ? (context.isFocused ? context.theme.focusedButton : context.theme.focusedLabel) : context.theme.control
        buffer.draw(button.text, in: Rect(x: x, y: area.y, width: max(0, area.x + area.width - x), height: 1), style: style)
        x += button.width + gap
      }
    },
    value: { .flag($0[keyPath: keyPath].wrappedValue) },
    handle: { command, state, _ in
      let value = state[keyPath: keyPath].wrappedValue
      let next: Bool
      switch command {
      case .edit(.left), .edit(.right), .edit(.character(" ")): next = !value
      case let .edit(.character(letter)) where letter.lowercased() == yes.prefix(1).lowercased(): next = true
      case let .edit(.character(letter)) where letter.lowercased() == no.prefix(1).lowercased(): next = false
      case let .click(column, _): next = column < noColumn - gap / 2
      default: return nil
      }
      return next == value ? nil : .set(keyPath, next)
    },
    textAccess: nil, status: nil, line: .yesOrNo(keyPath, yes: yes, no: no),
    focusColumn: { state, _ in state[keyPath: keyPath].wrappedValue ? 0 : noColumn })
    .keyHelp("\(yes.prefix(1).lowercased())/\(no.prefix(1).lowercased())", "answer")
}
