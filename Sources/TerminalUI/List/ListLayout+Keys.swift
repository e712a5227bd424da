import ComposableForms

extension ListLayout {
  /// The actions a key sends to the list's store (Ctrl-C, Ctrl-L and resizes are the runtime's).
  ///
  /// While a question is shown, keys answer it. In the search field, typing changes the search,
  /// Enter, Tab or ↓ go back to the rows and Esc clears the search. In the rows, the layout's
  /// commands come first, then moving, Enter, `/`, `?` and closing (``ListKeymap``); Esc on
  /// rows a search narrowed clears the search before it closes. While every key is shown (`?`),
  /// the next key only hides them.
  public func actions(
    for key: Key, state: State, keymap: Keymap = .standard, listKeys: ListKeymap = .standard,
    view: inout ListViewState
  ) -> [Action] {
    if let prompt = prompt?(state), let answer {
      view.show(prompt)
      guard
        let choice = keymap.answer(
          to: key, prompt: prompt, selection: &view.promptSelection, area: view.promptArea)
      else { return [] }
      return [answer(prompt.id, choice)]
    }
    // NB: The box of every key is read, then let go: the key that hides it does nothing else.
    if view.showsKeys {
      view.showsKeys = false
      return []
    }
    let count = max(0, self.count(state))
    if case let .mouse(event) = key {
      // NB: A click on the rows leaves the search field, as Enter or ↓ would, and selects.
      let rows = mouseActions(for: event, state: state, count: count, view: view)
      guard let search, search.isFocused(state), !rows.isEmpty else { return rows }
      return [search.focus(false)] + rows
    }
    if let search, search.isFocused(state) {
      return searchActions(for: key, search: search, state: state, listKeys: listKeys, view: &view)
    }
    if let command = commands.first(where: { $0.key == key }) {
      return command.isOffered(rows: count) ? [command.action] : []
    }
    if let search, listKeys.search.contains(key) {
      view.syncSearch(search.text(state))
      return [search.focus(true)]
    }
    if listKeys.keys.contains(key) {
      view.showsKeys = true
      return []
    }
    if listKeys.choose.contains(key) {
      guard count > 0, let choose else { return [] }
      return [choose.action]
    }
    if listKeys.close.contains(key) {
      // NB: Esc on rows a search narrowed first brings back the whole list; `q` still closes.
      if key == .escape, let search, !search.text(state).isEmpty {
        view.searchEditor = TextEditor()
        return [search.change("")]
      }
      return [close]
    }
    let current = Self.clamp(selection(state), count: count)
    let page = max(1, view.visibleCount - 1)
    let target: Int? =
      if listKeys.up.contains(key) { current - 1 }
      else if listKeys.down.contains(key) { current + 1 }
      else if listKeys.pageUp.contains(key) { current - page }
      else if listKeys.pageDown.contains(key) { current + page }
      else if listKeys.first.contains(key) { 0 }
      else if listKeys.last.contains(key) { count - 1 }
      else { nil }
    guard let target, count > 0 else { return [] }
    let clamped = Self.clamp(target, count: count)
    return clamped == current ? [] : [select(clamped)]
  }

  private func searchActions(
    for key: Key, search: Search, state: State, listKeys: ListKeymap, view: inout ListViewState
  ) -> [Action] {
    switch key {
    case .escape:
      view.searchEditor = TextEditor()
      return search.text(state).isEmpty ? [search.focus(false)] : [search.change(""), search.focus(false)]
    case .tab, .backTab, .down:
      return [search.focus(false)]
    case _ where listKeys.choose.contains(key):
      return [search.focus(false)]
    default:
      view.syncSearch(search.text(state))
      switch view.searchEditor.handle(key) {
      case .textChanged: return [search.change(view.searchEditor.text)]
      case .cursorMoved, .unchanged, .notHandled: return []
      }
    }
  }

  /// A click selects the row under it (a second click on the selected row chooses it); the
  /// wheel moves the selection three rows a notch.
  private func mouseActions(for event: MouseEvent, state: State, count: Int, view: ListViewState) -> [Action] {
    guard count > 0 else { return [] }
    let current = Self.clamp(selection(state), count: count)
    switch event.action {
    case .wheelUp, .wheelDown:
      let target = Self.clamp(current + (event.action == .wheelUp ? -3 : 3), count: count)
      return target == current ? [] : [select(target)]
    case .press:
      let row = view.top + event.position.row - Self.headerRows
      guard event.position.row >= Self.headerRows, view.shownRows(count: count).contains(row) else { return [] }
      if row == current, let choose { return [choose.action] }
      return [select(row)]
    }
  }
}
