import ComposableForms

/// A one-line text field bound to a bindable `String`; typing and pasting stop at `maxLength`
/// characters (a paste that does not fit is cut, and the status line says so).
///
/// ```swift
/// TextField("Email", \.$email, placeholder: "ada@example.com", maxLength: 254)
/// ```
public func TextField<State>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<String>>,
  placeholder: String = "",
  isSecure: Bool = false,
  maxLength: Int? = 1_000
) -> FormControl<State> {
  textControl(label, keyPath, placeholder: placeholder, echo: isSecure ? .bullets : .normal, maxLength: maxLength)
}

/// A text field for a secret: the value shows as bullets, or (`echo: .none`) not at all.
///
/// ```swift
/// SecureField("Password", \.$password, echo: .none)
/// ```
public func SecureField<State>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<String>>,
  echo: TextInputView.Echo = .bullets,
  placeholder: String = "",
  maxLength: Int? = 1_000
) -> FormControl<State> {
  textControl(label, keyPath, placeholder: placeholder, echo: echo, maxLength: maxLength)
}

private func textControl<State>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<String>>,
  placeholder: String,
  echo: TextInputView.Echo,
  maxLength: Int?
) -> FormControl<State> {
  FormControl(
    label: label, kind: .text, binding: BoundKeyPath(keyPath),
    draw: { state, context, area, buffer in
      TextInputView(
        value: state[keyPath: keyPath].wrappedValue, placeholder: placeholder, echo: echo,
        isDisabled: context.isDisabled, theme: context.theme
      ).render(in: area, buffer: &buffer)
    },
    value: { .text($0[keyPath: keyPath].wrappedValue) },
    handle: { _, _, _ in nil },
    textAccess: .init(
      get: { $0[keyPath: keyPath].wrappedValue },
      set: { .set(keyPath, $0) },
      placeholder: placeholder, echo: echo, maxLength: maxLength),
    status: nil,
    line: LineQuestion(
      current: { state in
        let text = state[keyPath: keyPath].wrappedValue
        return echo == .normal || text.isEmpty ? text : "hidden"
      },
      isSecret: echo != .normal,
      answer: LineQuestion.textAnswer(keyPath, maxLength: maxLength, clean: TextSanitizer.singleLine)))
}
