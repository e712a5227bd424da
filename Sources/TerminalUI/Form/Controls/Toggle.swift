import ComposableForms

/// An on/off toggle bound to a bindable `Bool`: Space or a click flips it.
///
/// ```swift
/// Toggle("Protect my posts", \.$protectMyPosts)
/// ```
public func Toggle<State>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<Bool>>,
  on: String = "On",
  off: String = "Off"
) -> FormControl<State> {
  FormControl(
    label: label, kind: .toggle, binding: BoundKeyPath(keyPath),
    draw: { state, context, area, buffer in
      ToggleView(
        isOn: state[keyPath: keyPath].wrappedValue, onLabel: on, offLabel: off,
        isFocused: context.isFocused, isDisabled: context.isDisabled, theme: context.theme
      ).render(in: area, buffer: &buffer)
    },
    value: { .flag($0[keyPath: keyPath].wrappedValue) },
    handle: { command, state, _ in
      switch command {
      case .toggle, .click: return .set(keyPath, !state[keyPath: keyPath].wrappedValue)
      default: return nil
      }
    },
    textAccess: nil, status: nil, line: .yesOrNo(keyPath, yes: on, no: off))
}
