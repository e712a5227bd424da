import ComposableForms

extension ListLayout {
  /// The rows above the table: the title, the search field, the column titles.
  static var headerRows: Int { 3 }
  /// The rows below it: the status line (more when a long message wraps) and the key help.
  static var footerRows: Int { 2 }

  /// Draws the list for `state` on a screen of `size`, and returns where the cursor goes (in
  /// the search field while it has focus).
  ///
  /// ```
  ///  Clients                                          2 of 3
  ///  Search: ada
  ///    Name              Email                     Age
  ///    Ada Lovelace      ada@example.com            36
  ///  › Ada Yonath        yonath@example.org         86
  ///
  ///  ↑/↓ move  Enter edit  d delete  a add  / search  ? keys  Esc quit
  /// ```
  public func render(
    _ state: State, size: Size, theme: Theme = .color, keymap: Keymap = .standard,
    listKeys: ListKeymap = .standard, view: inout ListViewState
  ) -> (buffer: Buffer, cursor: Position?) {
    var buffer = Buffer(size: size)
    view.focusPosition = nil
    guard fits(size) else {
      TooSmallView(minimum: minimumSize, prompt: prompt?(state), theme: theme)
        .render(in: buffer.area, buffer: &buffer)
      return (buffer, nil)
    }
    let count = max(0, self.count(state))
    let selected = Self.clamp(selection(state), count: count)
    let searching = search?.isFocused(state) ?? false
    // NB: A long message (why the database cannot be written) takes rows from the table, up to
    //     half of them, rather than being cut.
    let status = status?(state)
    let statusLines = status.map {
      $0.text.visibleForTerminal.wrapped(
        toWidth: size.columns - 2, maxLines: max(1, (size.rows - Self.headerRows - Self.footerRows) / 2))
    } ?? []
    let table = Rect(
      x: 0, y: Self.headerRows, width: size.columns,
      height: size.rows - Self.headerRows - Self.footerRows - max(0, statusLines.count - 1))
    view.visibleCount = max(1, table.height)
    scroll(&view, toShow: selected, count: count)

    // Title and position.
    let position = count == 0 ? "" : "\(selected + 1) of \(count)"
    let titleRow = Rect(x: 1, y: 0, width: size.columns - 2, height: 1)
    let positionWidth = position.displayWidth
    buffer.draw(title.truncated(toWidth: max(0, titleRow.width - positionWidth - 2)), in: titleRow, style: theme.title)
    buffer.draw(position, in: titleRow, offset: max(0, titleRow.width - positionWidth), style: theme.help)

    // Search field.
    var cursor: Position?
    if let search {
      let label = "Search: "
      let row = Rect(x: 1, y: 1, width: size.columns - 2, height: 1)
      let used = buffer.draw(label, in: row, style: searching ? theme.focusedLabel : theme.label)
      let field = Rect(x: row.x + used, y: 1, width: max(0, row.width - used), height: 1)
      let text = search.text(state)
      view.syncSearch(text)
      let input = TextInputView(value: text, placeholder: searching ? "" : search.placeholder, theme: theme)
      if searching {
        cursor = input.renderFocused(in: field, buffer: &buffer, editor: &view.searchEditor)
      } else {
        input.render(in: field, buffer: &buffer)
      }
    }

    // Column titles and rows.
    let widths = ListColumn.widths(of: columns, available: size.columns - 3)
    drawCells(columns.map(\.title), widths: widths, row: 2, marker: "", style: theme.label, into: &buffer)
    if count == 0 {
      let lines = emptyText(state).wrapped(toWidth: max(1, table.width - 3))
      for (index, line) in lines.prefix(table.height).enumerated() {
        buffer.draw(line, in: Rect(x: 3, y: table.y + index, width: table.width - 3, height: 1), style: theme.help)
      }
    }
    for row in view.shownRows(count: count) {
      let y = table.y + row - view.top
      let isSelected = row == selected
      let style = isSelected ? (searching ? theme.focusedLabel : theme.focusedControl) : theme.control
      if isSelected && !searching {
        buffer.fill(Rect(x: 0, y: y, width: size.columns, height: 1), with: Cell(" ", style: style))
      }
      let marker = isSelected ? "›" : ""
      if isSelected { view.focusPosition = Position(column: 1, row: y) }
      if let cells = cells(state, row) {
        drawCells(cells, widths: widths, row: y, marker: marker, style: style, into: &buffer)
      } else {
        drawCells(["…"], widths: widths, row: y, marker: marker, style: isSelected ? style : theme.disabled, into: &buffer)
      }
    }

    // Status and key help.
    if let status {
      for (index, line) in statusLines.enumerated() {
        let row = Rect(x: 1, y: table.y + table.height + index, width: size.columns - 2, height: 1)
        buffer.draw(line, in: row, style: status.isError ? theme.error : theme.success)
      }
    }
    let help = Rect(x: 1, y: size.rows - 1, width: size.columns - 2, height: 1)
    if let prompt = prompt?(state) {
      view.show(prompt)
      view.showsKeys = false
      KeyHelpView(items: keymap.helpItems(for: prompt), theme: theme).render(in: help, buffer: &buffer)
      let area = Rect(x: 0, y: 0, width: size.columns, height: size.rows - 1)
      view.promptArea = area
      let promptView = PromptView(prompt: prompt, selection: view.promptSelection, theme: theme)
      promptView.render(in: area, buffer: &buffer)
      let buttons = promptView.buttonFrames(in: area)
      view.focusPosition = buttons.indices.contains(view.promptSelection) ? buttons[view.promptSelection].origin : nil
      return (buffer, nil)
    }
    view.promptID = nil
    view.promptArea = nil
    if view.showsKeys {
      KeysView(items: allKeys(count: count, keymap: keymap, listKeys: listKeys), theme: theme)
        .render(in: Rect(x: 0, y: 0, width: size.columns, height: size.rows - 1), buffer: &buffer)
      KeyHelpView(items: [.init(key: "any key", action: "back")], theme: theme).render(in: help, buffer: &buffer)
      return (buffer, nil)
    }
    let narrowed = search.map { !$0.text(state).isEmpty } ?? false
    let items = helpItems(searching: searching, narrowed: narrowed, count: count, keymap: keymap, listKeys: listKeys)
    // NB: A narrow footer keeps the key that shows the others, and the ways out after it.
    let keysItem = listKeys.keys.keyName.flatMap { name in items.lastIndex { $0.key == name } }
    KeyHelpView(items: items, pinned: keysItem.map { items.count - $0 } ?? 1, theme: theme)
      .render(in: help, buffer: &buffer)
    return (buffer, cursor)
  }

  /// Every key of the list on its rows, each binding with all its keys, for `?`'s box: moving
  /// and paging, the layout's commands, searching, redrawing, closing (Ctrl-C aside, as in
  /// every screen).
  func allKeys(count: Int, keymap: Keymap, listKeys: ListKeymap) -> [KeyHelpView.Item] {
    // NB: A resize is not a key anyone presses.
    func names(_ binding: KeyBinding) -> [String] { binding.keys.filter { $0 != .resize }.map(\.name) }
    // NB: Two bindings that go both ways, key by key (`↑/↓ k/j`), then the keys left over.
    func pair(_ one: KeyBinding, _ other: KeyBinding) -> String {
      let (first, second) = (names(one), names(other))
      let paired = zip(first, second).map { "\($0)/\($1)" }
      let common = min(first.count, second.count)
      return (paired + first.dropFirst(common) + second.dropFirst(common)).joined(separator: " ")
    }
    var items: [KeyHelpView.Item] = []
    func add(_ key: String, _ action: String) {
      if !key.isEmpty { items.append(.init(key: key, action: action)) }
    }
    add(pair(listKeys.up, listKeys.down), listKeys.up.help)
    add(pair(listKeys.pageUp, listKeys.pageDown), listKeys.pageUp.help)
    add(names(listKeys.first).joined(separator: " "), listKeys.first.help)
    add(names(listKeys.last).joined(separator: " "), listKeys.last.help)
    // NB: As the footer: Enter and the commands that need a row only where there is one.
    if count > 0, let choose { add(choose.key.name, choose.help) }
    for command in commands where command.isOffered(rows: count) { add(command.key.name, command.help) }
    if search != nil { add(names(listKeys.search).joined(separator: " "), listKeys.search.help) }
    add(names(keymap.redraw).joined(separator: " "), keymap.redraw.help)
    add(names(listKeys.close).joined(separator: " "), listKeys.close.help)
    return items
  }

  /// The key help: in the rows, moving, Enter's and the layout's commands, searching and
  /// closing (on rows a search `narrowed`, Esc clears it first and says so); in the search
  /// field, how to leave it.
  func helpItems(
    searching: Bool, narrowed: Bool = false, count: Int, keymap: Keymap, listKeys: ListKeymap
  ) -> [KeyHelpView.Item] {
    var items: [KeyHelpView.Item] = []
    func add(_ key: String?, _ action: String) {
      if let key { items.append(.init(key: key, action: action)) }
    }
    if searching {
      add(listKeys.choose.keyName, "done")
      add(Key.escape.name, "clear")
      add(keymap.interrupt.keyName, keymap.interrupt.help)
      return items
    }
    if count > 0 {
      if let up = listKeys.up.keyName, let down = listKeys.down.keyName { add("\(up)/\(down)", listKeys.up.help) }
      if let choose { add(choose.key.name, choose.help) }
    }
    for command in commands where command.isOffered(rows: count) { add(command.key.name, command.help) }
    if search != nil { add(listKeys.search.keyName, listKeys.search.help) }
    add(listKeys.keys.keyName, listKeys.keys.help)
    if narrowed, listKeys.close.contains(.escape) {
      add(Key.escape.name, "clear")
      // NB: The close binding's other key (`q`) still closes at once.
      add(listKeys.close.keys.first { $0 != .escape }?.name, listKeys.close.help)
    } else {
      add(listKeys.close.keyName, listKeys.close.help)
    }
    return items
  }

  /// Draws one row of cells, after a two-column marker, each cut or aligned to its column.
  private func drawCells(
    _ cells: [String], widths: [Int], row: Int, marker: String, style: Style, into buffer: inout Buffer
  ) {
    _ = buffer.setString(marker, at: Position(column: 1, row: row), style: style, maxWidth: 1)
    var x = 3
    for (index, width) in widths.enumerated() where index < cells.count && width > 0 {
      let text = cells[index].visibleForTerminal.truncated(toWidth: width)
      let alignment = columns.indices.contains(index) ? columns[index].alignment : .leading
      let offset = alignment == .trailing ? width - text.displayWidth : 0
      _ = buffer.setString(text, at: Position(column: x + offset, row: row), style: style, maxWidth: width - offset)
      x += width + ListColumn.gap
    }
  }

  /// Whether the list is drawn on a screen of `size` (smaller shows a message instead).
  public func fits(_ size: Size) -> Bool {
    size.columns >= minimumSize.columns && size.rows >= minimumSize.rows
  }

  /// `selection` within `0..<count` (0 for an empty list).
  static func clamp(_ selection: Int, count: Int) -> Int {
    count == 0 ? 0 : min(max(0, selection), count - 1)
  }

  /// Moves the first row on screen as little as needed to show `selected`.
  private func scroll(_ view: inout ListViewState, toShow selected: Int, count: Int) {
    let height = view.visibleCount
    if selected < view.top { view.top = selected }
    if selected >= view.top + height { view.top = selected - height + 1 }
    view.top = max(0, min(view.top, count - height))
  }
}
