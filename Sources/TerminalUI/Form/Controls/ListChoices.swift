/// The options a list control shows, and what is made of them once: their titles and match keys
/// (``ListNavigation``).
struct ListChoices<Value: Hashable> {
  /// The options, in order.
  let values: [Value]
  /// Their titles, filter and highlight.
  let navigation: ListNavigation
  /// Which set of options this is, for the frame cache: 0 for a list whose options never
  /// change, counting up each time a list's options follow the state somewhere new.
  let generation: Int

  /// The choices of `values`; `generation` 0 for a list whose options never change, else the
  /// count of option sets a list that follows the state has had. Such a list always filters:
  /// options that shrink under a typed filter must not leave it typed, unseen, taking keys.
  init(
    _ values: [Value], visibleRows: Int, generation: Int = 0,
    title: (Value) -> String, matchKey: @escaping @Sendable (String) -> String
  ) {
    self.values = values
    self.navigation = ListNavigation(
      titles: values.map(title), visibleRows: visibleRows, alwaysFilters: generation != 0, matchKey: matchKey)
    self.generation = generation
  }

  /// What a list whose choice reads `chosen` shows, for the frame cache: the choice alone when
  /// the options never change, else which options too.
  func value(_ chosen: Int) -> ControlValue {
    generation == 0 ? .number(chosen) : .text("\(generation) \(chosen)")
  }

  /// What a list whose choices read `chosen` shows, for the frame cache (as for one choice).
  func value(_ chosen: String) -> ControlValue {
    .text(generation == 0 ? chosen : "\(generation) \(chosen)")
  }
}

/// The options a list computes from the state, made into ``ListChoices`` again only when they
/// differ from the last ones (a key asks several times: handling, drawing, focus).
final class FollowingChoices<State, Value: Hashable> {
  private let options: (State) -> [Value]
  private let visibleRows: Int
  private let title: (Value) -> String
  private let matchKey: @Sendable (String) -> String
  private var last: ListChoices<Value>?

  init(
    options: @escaping (State) -> [Value], visibleRows: Int,
    title: @escaping (Value) -> String, matchKey: @escaping @Sendable (String) -> String
  ) {
    self.options = options
    self.visibleRows = visibleRows
    self.title = title
    self.matchKey = matchKey
  }

  /// The rows such a list takes whatever its options: `visibleRows` of them and its filter line.
  var rows: Int { max(1, visibleRows) + 1 }

  func callAsFunction(_ state: State) -> ListChoices<Value> {
    let values = options(state)
    if let last, last.values == values { return last }
    let choices = ListChoices(
      values, visibleRows: visibleRows, generation: (last?.generation ?? 0) + 1, title: title,
      matchKey: matchKey)
    last = choices
    return choices
  }
}
