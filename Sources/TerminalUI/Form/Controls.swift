import ComposableForms

/// A one-line text field bound to a bindable `String`.
///
/// ```swift
/// TextField("Email", \.$email, field: .email, placeholder: "ada@example.com")
/// ```
public func TextField<State, Field: FormField>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<String>>,
  field: Field,
  placeholder: String = "",
  isSecure: Bool = false
) -> FormControl<State, Field> {
  let binding = BindingField(keyPath)
  return FormControl(
    field: field, label: label, kind: .text,
    draw: { state, context, area, buffer in
      TextInputView(
        value: binding.read(state), placeholder: placeholder, isSecure: isSecure,
        isDisabled: context.isDisabled, theme: context.theme
      ).render(in: area, buffer: &buffer)
    },
    value: { .text(binding.read($0)) },
    handle: { _, _, _ in nil },
    textAccess: .init(
      get: { binding.read($0) },
      set: { .set(binding, $0) },
      placeholder: placeholder, isSecure: isSecure),
    status: nil)
}

/// An on/off toggle bound to a bindable `Bool`: Space flips it.
///
/// ```swift
/// Toggle("Protect my posts", \.$protectMyPosts, field: .protectMyPosts)
/// ```
public func Toggle<State, Field: FormField>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<Bool>>,
  field: Field,
  on: String = "On",
  off: String = "Off"
) -> FormControl<State, Field> {
  let binding = BindingField(keyPath)
  return FormControl(
    field: field, label: label, kind: .toggle,
    draw: { state, context, area, buffer in
      ToggleView(
        isOn: binding.read(state), onLabel: on, offLabel: off,
        isFocused: context.isFocused, isDisabled: context.isDisabled, theme: context.theme
      ).render(in: area, buffer: &buffer)
    },
    value: { .flag(binding.read($0)) },
    handle: { command, state, _ in
      guard command == .toggle else { return nil }
      return .set(binding, !binding.read(state))
    },
    textAccess: nil, status: nil)
}

/// A choice among the cases of an enum, bound to a bindable value: Left/Right (or -/+, or the
/// option's number) change it.
///
/// ```swift
/// Picker("Digest", \.$digest, field: .digest)
/// ```
public func Picker<State, Field: FormField, Value: CaseIterable & Equatable & Sendable>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<Value>>,
  field: Field,
  title: @escaping @Sendable (Value) -> String = { String(describing: $0) }
) -> FormControl<State, Field> where Value.AllCases: RandomAccessCollection {
  let options = Array(Value.allCases)
  let binding = BindingField(keyPath)
  return FormControl(
    field: field, label: label, kind: .picker,
    draw: { state, context, area, buffer in
      let index = options.firstIndex(of: binding.read(state)) ?? 0
      PickerView(
        options: options.map(title), selectedIndex: index, isFocused: context.isFocused,
        isDisabled: context.isDisabled, theme: context.theme
      ).render(in: area, buffer: &buffer)
    },
    value: { .number(options.firstIndex(of: binding.read($0)) ?? 0) },
    handle: { command, state, _ in
      let index = options.firstIndex(of: binding.read(state)) ?? 0
      let next: Int
      switch command {
      case .increment: next = min(index + 1, options.count - 1)
      case .decrement: next = max(index - 1, 0)
      case let .digit(number) where (1...options.count).contains(number): next = number - 1
      default: return nil
      }
      guard next != index else { return nil }
      return .set(binding, options[next])
    },
    textAccess: nil, status: nil)
}

/// A number stepper bound to a bindable `Int`: Left/Right or -/+ step it, digits type a value.
///
/// ```swift
/// Stepper("Age", \.$age, field: .age, range: 0...150)
/// ```
public func Stepper<State, Field: FormField>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<Int>>,
  field: Field,
  range: ClosedRange<Int>
) -> FormControl<State, Field> {
  let binding = BindingField(keyPath)
  return FormControl(
    field: field, label: label, kind: .stepper,
    draw: { state, context, area, buffer in
      StepperView(
        value: binding.read(state), range: range, isFocused: context.isFocused,
        isDisabled: context.isDisabled, theme: context.theme
      ).render(in: area, buffer: &buffer)
    },
    value: { .number(binding.read($0)) },
    handle: { command, state, typing in
      let value = binding.read(state)
      let next: Int
      switch command {
      case .increment:
        typing = ""
        next = min(value + 1, range.upperBound)
      case .decrement:
        typing = ""
        next = max(value - 1, range.lowerBound)
      case let .digit(digit):
        // NB: Digits type a new number: "1" then "0" is 10; past the range, start again.
        let typed = typing + String(digit)
        if let number = Int(typed), range.contains(number) {
          typing = typed
          next = number
        } else {
          typing = String(digit)
          next = min(max(digit, range.lowerBound), range.upperBound)
        }
      case .edit(.backspace):
        typing = String(typing.dropLast())
        next = Int(typing).map { min(max($0, range.lowerBound), range.upperBound) } ?? range.lowerBound
      default:
        return nil
      }
      return next == value ? nil : .set(binding, next)
    },
    textAccess: nil, status: nil)
}
