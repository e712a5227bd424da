import ComposableForms

/// A choice among the cases of an enum, bound to a bindable value: Left/Right (or -/+, the
/// option's number, or a click on an arrow while it has focus) change it.
///
/// ```swift
/// Picker("Digest", \.$digest)
/// ```
public func Picker<State, Value: CaseIterable & Equatable & Sendable>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<Value>>,
  title: @escaping @Sendable (Value) -> String = { String(describing: $0) }
) -> FormControl<State> where Value.AllCases: RandomAccessCollection {
  let options = Array(Value.allCases)
  return FormControl(
    label: label, kind: .picker, binding: BoundKeyPath(keyPath),
    draw: { state, context, area, buffer in
      let index = options.firstIndex(of: state[keyPath: keyPath].wrappedValue) ?? 0
      PickerView(
        options: options.map(title), selectedIndex: index, isFocused: context.isFocused,
        isDisabled: context.isDisabled, theme: context.theme
      ).render(in: area, buffer: &buffer)
    },
    value: { .number(options.firstIndex(of: $0[keyPath: keyPath].wrappedValue) ?? 0) },
    handle: { command, state, _ in
      let index = options.firstIndex(of: state[keyPath: keyPath].wrappedValue) ?? 0
      let next: Int
      switch command {
      case .increment: next = min(index + 1, options.count - 1)
      case .decrement: next = max(index - 1, 0)
      case let .digit(number) where (1...options.count).contains(number): next = number - 1
      case let .click(column, _):
        // NB: On its arrows (drawn with focus only; the click that gives focus is not handed
        //     on): left of the option goes back, right of it on.
        let widest = options.map { title($0).displayWidth }.max() ?? 0
        if column < PickerView.valueColumn {
          next = max(index - 1, 0)
        } else if column > PickerView.valueColumn + widest {
          next = min(index + 1, options.count - 1)
        } else {
          return nil
        }
      default: return nil
      }
      guard next != index else { return nil }
      return .set(keyPath, options[next])
    },
    textAccess: nil, status: nil, line: .oneOf(keyPath, options: options, titles: options.map(title)),
    focusColumn: { _, _ in PickerView.valueColumn })
}
