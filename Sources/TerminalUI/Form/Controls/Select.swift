import ComposableForms

/// One choice among options shown in a list: Up/Down move, Enter or Space chooses (Enter
/// then moves on), a click chooses the option under it, and in a list longer than
/// `visibleRows` typing filters the options.
///
/// ```swift
/// Select("Digest", \.$digest)                                  // an enum's cases
/// Select("Country", \.$country, options: countries, visibleRows: 6) { $0.name }
/// ```
///
/// The compact ``Picker`` (`‹ Daily ›`) stays the better fit for a short list in a dense form.
///
/// Typed text matches a title as `matchKey` makes both: lower case by default. An app with
/// Foundation can ignore accents too, so `sao` finds São Paulo:
/// `matchKey: { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }`.
public func Select<State, Value: Hashable & Sendable>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<Value>>,
  options: [Value],
  visibleRows: Int = 5,
  title: @escaping @Sendable (Value) -> String = { String(describing: $0) },
  matchKey: @escaping @Sendable (String) -> String = { $0.lowercased() }
) -> FormControl<State> {
  let navigation = ListNavigation(titles: options.map(title), visibleRows: visibleRows, matchKey: matchKey)
  func chosen(_ state: State) -> Int? { options.firstIndex(of: state[keyPath: keyPath].wrappedValue) }
  return FormControl(
    label: label, kind: .list, binding: BoundKeyPath(keyPath), rows: navigation.rows,
    draw: { state, context, area, buffer in
      let chosenIndex = chosen(state)
      navigation.draw(
        chosen: { $0 == chosenIndex }, start: chosenIndex, marks: .single, context: context,
        in: area, buffer: &buffer)
    },
    value: { .number(chosen($0) ?? -1) },
    handle: { command, state, input in
      let chosenIndex = chosen(state)
      switch command {
      case let .edit(key):
        _ = navigation.handle(key, input: &input, start: chosenIndex)
        return nil
      case .toggle, .activate:
        let matches = navigation.matches(input.typed)
        guard let position = navigation.highlight(input, matches: matches, start: chosenIndex),
          matches[position] != chosenIndex
        else { return nil }
        return .set(keyPath, options[matches[position]])
      case let .click(_, row):
        let matches = navigation.matches(input.typed)
        guard let position = navigation.position(atRow: row, input: input, matches: matches, start: chosenIndex)
        else { return nil }
        input.highlight = position
        return matches[position] == chosenIndex ? nil : .set(keyPath, options[matches[position]])
      default:
        return nil
      }
    },
    textAccess: nil, status: nil,
    line: .oneOf(keyPath, options: options, titles: navigation.titles, matchKey: matchKey),
    focusRow: { state, input in navigation.highlightedRow(input: input, start: chosen(state)) })
}

/// A choice among the cases of an enum, shown as a list (see ``Select(_:_:options:visibleRows:title:matchKey:)``).
public func Select<State, Value: CaseIterable & Hashable & Sendable>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<Value>>,
  visibleRows: Int = 5,
  title: @escaping @Sendable (Value) -> String = { String(describing: $0) },
  matchKey: @escaping @Sendable (String) -> String = { $0.lowercased() }
) -> FormControl<State> {
  Select(label, keyPath, options: Array(Value.allCases), visibleRows: visibleRows, title: title, matchKey: matchKey)
}
