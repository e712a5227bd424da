import ComposableForms

/// One choice among options shown in a list: Up/Down move, Enter or Space chooses (Enter
/// then moves on), a click chooses the option under it, and in a list longer than
/// `visibleRows` typing filters the options. Leaving it after moving or filtering (Tab,
/// Shift-Tab, a click elsewhere) chooses the highlighted option too, as Enter does.
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
  let choices = ListChoices(options, visibleRows: visibleRows, title: title, matchKey: matchKey)
  return oneChoiceList(
    label, keyPath, rows: choices.navigation.rows, choices: { _ in choices },
    line: .oneOf(keyPath, options: options, titles: choices.navigation.titles, title: title, matchKey: matchKey))
}

/// One choice among options that follow the state: a region's list after the country chosen
/// above it, names loaded by an effect. As the `Select` of an options array otherwise, but the
/// list keeps `visibleRows` rows and a filter line whatever the count, and typing always
/// filters it.
///
/// ```swift
/// Select("Region", \.$region, options: { $0.country.regions }, visibleRows: 4) { $0.name }
/// ```
///
/// `options` runs several times a frame: return options the state keeps, not ones sorted or
/// filtered there. The titles are made again when the options differ (`==`), so a `title` reads
/// only what `==` compares. A value the options no longer hold stays as it is, marked nowhere
/// (line mode names it): your reducer decides what it becomes (`case .binding(\.$country):
/// state.region = state.country.regions[0]`), and a rule can refuse it.
public func Select<State, Value: Hashable & Sendable>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<Value>>,
  options: @escaping (State) -> [Value],
  visibleRows: Int = 5,
  title: @escaping @Sendable (Value) -> String = { String(describing: $0) },
  matchKey: @escaping @Sendable (String) -> String = { $0.lowercased() }
) -> FormControl<State> {
  let choices = FollowingChoices(options: options, visibleRows: visibleRows, title: title, matchKey: matchKey)
  return oneChoiceList(
    label, keyPath, rows: choices.rows, choices: { choices($0) },
    lineInState: { state in
      let now = choices(state)
      return .oneOf(keyPath, options: now.values, titles: now.navigation.titles, title: title, matchKey: matchKey)
    })
}

/// A one-choice list over the options `choices` gives in a state.
private func oneChoiceList<State, Value: Hashable & Sendable>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<Value>>,
  rows: Int,
  choices: @escaping (State) -> ListChoices<Value>,
  line: LineQuestion<State>? = nil,
  lineInState: ((State) -> LineQuestion<State>)? = nil
) -> FormControl<State> {
  func chosen(_ state: State, in choices: ListChoices<Value>) -> Int? {
    choices.values.firstIndex(of: state[keyPath: keyPath].wrappedValue)
  }
  /// The highlighted option, chosen: `nil` where it is the one chosen already, or where no
  /// option shows.
  func choosingHighlighted(_ state: State, _ input: ControlInput) -> BindingAction<State>? {
    let choices = choices(state)
    let chosenIndex = chosen(state, in: choices)
    let matches = choices.navigation.matches(input.typed)
    guard let position = choices.navigation.highlight(input, matches: matches, start: chosenIndex),
      matches[position] != chosenIndex
    else { return nil }
    return .set(keyPath, choices.values[matches[position]])
  }
  return FormControl(
    label: label, kind: .list, binding: BoundKeyPath(keyPath), rows: rows,
    draw: { state, context, area, buffer in
      let choices = choices(state)
      let chosenIndex = chosen(state, in: choices)
      choices.navigation.draw(
        chosen: { $0 == chosenIndex }, start: chosenIndex, marks: .single, context: context,
        in: area, buffer: &buffer)
    },
    value: { state in
      let choices = choices(state)
      return choices.value(chosen(state, in: choices) ?? -1)
    },
    handle: { command, state, input in
      let choices = choices(state)
      let navigation = choices.navigation
      let chosenIndex = chosen(state, in: choices)
      switch command {
      case let .edit(key):
        _ = navigation.handle(key, input: &input, start: chosenIndex)
        return nil
      case .toggle, .activate:
        return choosingHighlighted(state, input)
      case let .click(_, row):
        let matches = navigation.matches(input.typed)
        guard let position = navigation.position(atRow: row, input: input, matches: matches, start: chosenIndex)
        else { return nil }
        input.highlight = position
        return matches[position] == chosenIndex ? nil : .set(keyPath, choices.values[matches[position]])
      default:
        return nil
      }
    },
    textAccess: nil, status: nil, line: line, lineInState: lineInState,
    focusRow: { state, input in
      let choices = choices(state)
      return choices.navigation.highlightedRow(input: input, start: chosen(state, in: choices))
    },
    leaving: { state, input in
      // NB: A filter that matches nothing is a choice not made yet: Enter on the last field
      //     saved the old value, the filter dropped without a word.
      if !input.typed.isEmpty, choices(state).navigation.matches(input.typed).isEmpty {
        return .stay("No option matches what is typed: Backspace or Esc clears the filter")
      }
      // NB: Leaving takes the option the person moved to or filtered down to, as Enter does
      //     and as huh's select does: Tab after Down (or after typing "zur" for Zürich) left
      //     the old value chosen unsaid. Passing through untouched chooses nothing, so a value
      //     the options no longer hold stays for the reducer to settle.
      guard input.highlight != nil || !input.typed.isEmpty, let choice = choosingHighlighted(state, input)
      else { return .leave }
      return .leaveSetting(choice)
    })
}

/// A choice among the cases of an enum, shown as a list (see the `Select` of an options array).
public func Select<State, Value: CaseIterable & Hashable & Sendable>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<Value>>,
  visibleRows: Int = 5,
  title: @escaping @Sendable (Value) -> String = { String(describing: $0) },
  matchKey: @escaping @Sendable (String) -> String = { $0.lowercased() }
) -> FormControl<State> {
  Select(label, keyPath, options: Array(Value.allCases), visibleRows: visibleRows, title: title, matchKey: matchKey)
}
