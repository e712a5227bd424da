import ComposableForms

/// Any number of options chosen from a list: Up/Down move, Space chooses or unchooses the
/// highlighted option (a click, the option under it), Enter moves on; in a list longer than
/// `visibleRows` typing filters.
/// With a `limit`, Space chooses nothing more once that many are chosen, and the status line
/// says so ("At most 2 can be chosen: unchoose one to choose another"). The value keeps the
/// options' order. Ask for a minimum with the `.atLeast(n, message)` rule. Typed text matches
/// a title as `matchKey` makes both, as in ``Select(_:_:options:visibleRows:title:matchKey:)``.
///
/// ```swift
/// MultiSelect("Topics", \.$topics, options: ["Swift", "Go", "Rust"], limit: 2)
/// ```
public func MultiSelect<State, Value: Hashable & Sendable>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<[Value]>>,
  options: [Value],
  limit: Int? = nil,
  visibleRows: Int = 5,
  title: @escaping @Sendable (Value) -> String = { String(describing: $0) },
  matchKey: @escaping @Sendable (String) -> String = { $0.lowercased() }
) -> FormControl<State> {
  let navigation = ListNavigation(titles: options.map(title), visibleRows: visibleRows, matchKey: matchKey)
  // NB: An option may be called "none": then that word chooses it, and a space chooses none.
  let noneIsAnOption = navigation.hasTitle("none")
  let numbered = OptionMatcher.numbersArePlaces(in: navigation.titles)
  let most = limit.map { ", at most \($0)" } ?? ""
  func chosen(_ state: State) -> Set<Int> {
    let values = Set(state[keyPath: keyPath].wrappedValue)
    return Set(options.indices.filter { values.contains(options[$0]) })
  }
  return FormControl(
    label: label, kind: .list, binding: BoundKeyPath(keyPath), rows: navigation.rows,
    draw: { state, context, area, buffer in
      let chosenIndexes = chosen(state)
      navigation.draw(
        chosen: { chosenIndexes.contains($0) }, start: chosenIndexes.min(), marks: .multiple,
        context: context, in: area, buffer: &buffer)
    },
    value: { state in .text(chosen(state).sorted().map(String.init).joined(separator: ",")) },
    handle: { command, state, input in
      switch command {
      case let .edit(key):
        _ = navigation.handle(key, input: &input, start: chosen(state).min())
        return nil
      case .activate where !input.isTyping:
        return nil
      case .toggle, .click, .activate:
        // NB: Enter while the filter is typed chooses, as in a one-choice list, since Space
        //     then types a space; it ends the typing, so Space chooses again.
        input.isTyping = false
        let matches = navigation.matches(input.typed)
        let start = chosen(state).min()
        let found: Int?
        if case let .click(_, row) = command {
          found = navigation.position(atRow: row, input: input, matches: matches, start: start)
        } else {
          found = navigation.highlight(input, matches: matches, start: start)
        }
        guard let position = found else { return nil }
        input.highlight = position
        var indexes = chosen(state)
        let option = matches[position]
        if indexes.contains(option) {
          indexes.remove(option)
        } else {
          if let limit, indexes.count >= limit {
            // NB: Said when it happens, in the status line until the next key: a note kept
            //     beside the list while the limit was reached stayed after focus left.
            input.notice = "At most \(limit) can be chosen: unchoose one to choose another"
            return nil
          }
          indexes.insert(option)
        }
        return .set(keyPath, indexes.sorted().map { options[$0] })
      default:
        return nil
      }
    },
    textAccess: nil,
    status: nil,
    line: LineQuestion(
      current: { state in chosen(state).sorted().map { navigation.titles[$0] }.joined(separator: ", ") },
      options: navigation.titles,
      // NB: Asked once per option as they are listed: the chosen values, not every option.
      isChosen: { state, index in state[keyPath: keyPath].wrappedValue.contains(options[index]) },
      hint: "\(numbered ? "numbers" : "options as written") separated by commas\(most), or \(noneIsAnOption ? "a space for none" : "none")",
      answer: { text, _ throws(MisunderstoodAnswer) in
        if text.trimmingSpaces.isEmpty || (!noneIsAnOption && text.trimmingSpaces.lowercased() == "none") {
          return .set(keyPath, [])
        }
        var indexes = Set<Int>()
        let matcher = OptionMatcher(navigation.titles, matchKey: matchKey)
        for part in text.split(separator: ",") {
          guard let index = matcher.index(of: String(part), orNumber: true) else {
            if let ambiguity = matcher.ambiguity(of: String(part), in: navigation.titles) {
              throw MisunderstoodAnswer(
                "\(String(part).trimmingSpaces) \(ambiguity): type \(numbered ? "its number, or " : "")one as it is written")
            }
            throw MisunderstoodAnswer(
              "\(String(part).trimmingSpaces) is not an option: type "
                + (numbered ? "numbers from 1 to \(options.count)" : "options as they are written") + ", separated by commas")
          }
          indexes.insert(index)
        }
        if let limit, indexes.count > limit {
          throw MisunderstoodAnswer("Choose at most \(limit)")
        }
        return .set(keyPath, indexes.sorted().map { options[$0] })
      }),
    focusRow: { state, input in navigation.highlightedRow(input: input, start: chosen(state).min()) },
    choosesMany: true)
}
