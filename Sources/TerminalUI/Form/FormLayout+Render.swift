import ComposableForms

extension FormLayout {
  /// Draws the form for `state` on a screen of `size`: the title, the fields (scrolled to keep
  /// focus visible), the buttons, a status line and the key help. Returns the frame and where
  /// the cursor goes (only in a focused text field).
  public func render(
    _ state: State, size: Size, theme: Theme, keymap: Keymap = .standard,
    view: inout FormViewState<Field>
  ) -> (buffer: Buffer, cursor: Position?) {
    var cache = FrameCache()
    return render(state, size: size, theme: theme, keymap: keymap, view: &view, cache: &cache)
  }

  /// The screen `state` shows, one string per row, as a person sees it with focus where the
  /// state has it: for tests that read a form's rendered text. Keys typed into a form are
  /// played through a ``FormRuntime`` over a ``HeadlessBackend`` and a ``ScriptedEventSource``.
  ///
  /// ```swift
  /// let screen = SignUp.layout.renderedLines(SignUp.State(), size: Size(columns: 60, rows: 20))
  /// #expect(screen[3].contains("Email"))
  /// ```
  public func renderedLines(_ state: State, size: Size = Size(columns: 80, rows: 24), theme: Theme = .color) -> [String] {
    var view = FormViewState<Field>()
    return render(state, size: size, theme: theme, view: &view).buffer.lines
  }

  /// Draws the form like ``render(_:size:theme:keymap:view:)``, starting from the frame in
  /// `cache` and drawing again only the rows whose content changed since (see ``FrameCache``).
  /// The key help names `keymap`'s keys.
  public func render(
    _ state: State, size: Size, theme: Theme, keymap: Keymap = .standard,
    view: inout FormViewState<Field>, cache: inout FrameCache
  ) -> (buffer: Buffer, cursor: Position?) {
    guard fits(size) else {
      cache.reset()
      view.focusPosition = nil
      var buffer = Buffer(size: size)
      drawTooSmall(into: &buffer, prompt: state.form.prompt, keymap: keymap, theme: theme)
      return (buffer, nil)
    }
    if let prompt = state.form.prompt {
      return renderPrompt(prompt, over: state, size: size, theme: theme, keymap: keymap, view: &view, cache: &cache)
    }
    view.promptID = nil
    return renderForm(state, size: size, theme: theme, keymap: keymap, view: &view, cache: &cache)
  }

  /// The form itself, without a prompt: also what a prompt's box is drawn over, so it leaves
  /// the prompt's selection alone.
  private func renderForm(
    _ state: State, size: Size, theme: Theme, keymap: Keymap,
    view: inout FormViewState<Field>, cache: inout FrameCache
  ) -> (buffer: Buffer, cursor: Position?) {
    var buffer = cache.start(size: size, theme: theme)
    // NB: The cache's copy is dropped while drawing, so the buffer is not copied on write.
    cache.buffer = nil
    let form = state.form
    view.follow(focus: form.focusedField)

    // Body, scrolled: only the visible rows are looked at; a form with pages shows one.
    let page = pageRanges.count > 1 ? self.page(in: state) : 0
    if view.page != page {
      view.page = page
      view.scrollOffset = 0
    }
    let body = makeBody(state, form: form, width: size.columns, page: page)
    view.screenSize = size
    // NB: A long status (a failed save's reason, a path in it) takes rows from the fields, all
    //     but one (focus stays in view there), rather than being cut: it says what to fix.
    //     Beside "↓ more" it wraps narrower.
    // NB: A word about the last key (why focus stayed) comes before a failed save's reason,
    //     which stays until the next save: under it, a key that did nothing said nothing.
    let notice = form.submission == nil ? view.notice.map { StatusView.Status.message($0) } : nil
    let status = notice ?? formStatus(form)
    let statusView = StatusView(status: status, spinnerFrame: view.spinnerFrame, theme: theme)
    let statusLimit = max(1, size.rows - 4 - 1)
    var statusWidth = size.columns - 2
    var statusLines = statusView.lines(width: statusWidth, height: statusLimit)
    var viewport = Rect(x: 0, y: 2, width: size.columns, height: size.rows - 3 - max(1, statusLines.count))
    // NB: After a turn of the wheel the form stays where it was scrolled until the next key.
    let wanted = view.followsFocus ? focusedRows(body, focus: form.focus) : view.scrollOffset...view.scrollOffset
    // NB: Worked out only for a focused control taller than the screen: it wraps a text area's
    //     text, or filters a list, which a key's frame does once already.
    func focusRow() -> Int? { view.followsFocus ? focusedLine(body, state: state, view: view) : nil }
    var offset = view.scrollOffset
    scroll(&offset, toShow: wanted, keeping: focusRow, in: body.rowCount, viewport: viewport.height)
    view.scrollOffset = offset
    var moreBelow = view.scrollOffset + viewport.height < body.rowCount
    if moreBelow, let last = statusLines.last, last.displayWidth > size.columns - Self.moreMarkerWidth {
      statusWidth = size.columns - Self.moreMarkerWidth
      statusLines = statusView.lines(width: statusWidth, height: statusLimit)
      viewport.height = size.rows - 3 - max(1, statusLines.count)
      scroll(&offset, toShow: wanted, keeping: focusRow, in: body.rowCount, viewport: viewport.height)
      view.scrollOffset = offset
      moreBelow = view.scrollOffset + viewport.height < body.rowCount
    }
    view.bodyRows = viewport.height
    // NB: The body's first row is blank: scrolled past it alone, nothing is above.
    let moreAbove = view.scrollOffset > 1

    // Header and footer.
    cache.row(0, .title(page: page), in: &buffer) { buffer in
      guard pageRanges.count > 1 else {
        buffer.setString(
          title.truncated(toWidth: max(0, size.columns - 2)), at: Position(column: 1, row: 0), style: theme.title,
          maxWidth: size.columns - 2)
        return
      }
      // NB: The page indicator keeps its place on the right; the titles give way to it.
      let indicator = "Page \(page + 1) of \(pageRanges.count)"
      let indicatorX = max(1, size.columns - 1 - indicator.displayWidth)
      buffer.setString(indicator, at: Position(column: indicatorX, row: 0), style: theme.help, maxWidth: size.columns - indicatorX)
      let heading = "\(title) · \(pageTitle(page))"
      buffer.setString(
        heading.truncated(toWidth: max(0, indicatorX - 3)), at: Position(column: 1, row: 0), style: theme.title,
        maxWidth: max(0, indicatorX - 2))
    }
    cache.row(1, .separator(moreAbove: moreAbove), in: &buffer) { buffer in
      buffer.fill(Rect(x: 0, y: 1, width: size.columns, height: 1), with: Cell("─", style: theme.help))
      if moreAbove {
        buffer.setString("↑ more", at: Position(column: size.columns - 8, row: 1), style: theme.help)
      }
    }
    let kind = focusedKind(in: state)
    let submits = enterSubmits(in: state)
    let controlKeys = state.form.focusedField.flatMap { control(for: $0)?.keyHelp } ?? []
    // NB: Keyed by what the items are made from: most keys change none of it, and making the
    //     items (names of keys, joined) was a good part of a typed key's rendering.
    let help = RowKey.HelpKey(
      kind: kind, enterSubmits: submits, controlKeys: controlKeys, filtering: view.input.isTyping,
      clearsFilter: cancelClearsFilter(in: state, view: view), scrolls: moreAbove || moreBelow)
    cache.row(size.rows - 1, .help(help), in: &buffer) { buffer in
      let items = keymap.helpItems(
        for: help.kind, enterSubmits: help.enterSubmits, submitTitle: submitTitle,
        controlKeys: help.controlKeys, filtering: help.filtering, clearsFilter: help.clearsFilter,
        scrolls: help.scrolls)
      KeyHelpView(items: items, theme: theme)
        .render(in: Rect(x: 1, y: size.rows - 1, width: size.columns - 2, height: 1), buffer: &buffer)
    }
    let statusTop = viewport.y + viewport.height
    for y in statusTop..<(size.rows - 1) {
      let index = y - statusTop
      let marksMore = moreBelow && y == size.rows - 2
      let key = RowKey.status(
        status, spinnerFrame: status == nil ? 0 : view.spinnerFrame, moreBelow: marksMore, row: index,
        width: statusWidth)
      cache.row(y, key, in: &buffer) { buffer in
        if statusLines.indices.contains(index) {
          buffer.draw(statusLines[index], in: Rect(x: 1, y: y, width: size.columns - 2, height: 1), style: statusView.style)
        }
        if marksMore {
          buffer.setString("↓ more", at: Position(column: size.columns - 8, row: y), style: theme.help)
        }
      }
    }

    var cursor: Position?
    view.focusPosition = nil
    /// The focused control's line focus is on (a list's highlighted option), once a frame.
    let focusedControlLine = form.focusedField.flatMap { controlIndex[$0] }
      .flatMap { controls[$0].focusRow?(state, view.input) } ?? 0
    // NB: A control of several rows is drawn once per frame into a buffer of its own, and its
    //     visible rows are copied from there, so scrolling can show any part of it.
    var drawnControls: [Int: Buffer] = [:]
    /// Where the focused text area's cursor is in its own buffer.
    var areaCursor: Position?
    for y in viewport.y..<(viewport.y + viewport.height) {
      let row = view.scrollOffset + y - viewport.y
      guard row < body.rowCount else {
        cache.row(y, .blank, in: &buffer) { _ in }
        continue
      }
      if let position = draw(content(of: row, in: body), at: y, state: state, form: form, width: size.columns, theme: theme, view: &view) {
        cursor = position
      }
    }
    cache.finish(buffer)
    return (buffer, cursor)

    // NB: Local function so it can write into `buffer` and `cache` without passing them around.
    func draw(
      _ row: BodyRow, at y: Int, state: State, form: FormState<Field>, width: Int, theme: Theme,
      view: inout FormViewState<Field>
    ) -> Position? {
      let columns = self.columns(width: width)
      let spinnerFrame = view.spinnerFrame
      switch row {
      case .blank:
        cache.row(y, .blank, in: &buffer) { _ in }
        return nil
      case let .control(index):
        let control = controls[index]
        let field = fields[index]
        let isFocused = form.focusedField == field
        let isDisabled = !rules.isEnabled(field, in: state)
        let placement = notePlacement(for: control, width: width)
        let status = fieldStatus(index, state: state, form: form).flatMap { placement.fits($0) ? $0 : nil }
        // NB: The focused control is drawn every frame: a text field's editor (cursor, scroll)
        //     and a control's input (what was typed into it) live in `view`, and it is the row
        //     a key changes anyway.
        let isEditing = isFocused && !isDisabled && control.textAccess != nil
        let input = isFocused ? view.input : ControlInput()
        if isFocused {
          view.focusPosition = Position(column: columns.control + (control.focusColumn?(state, input) ?? 0), row: y)
        }
        let key: RowKey = isFocused ? .unknown : .control(
          index: index, isDisabled: isDisabled, value: control.value(state), status: status, spinnerFrame: status == nil ? 0 : spinnerFrame)
        var cursor: Position?
        cache.row(y, key, in: &buffer, ownControl: control.writtenAt.map { OwnControl(index: index, label: control.label, location: $0) }) { buffer in
          drawLabel(of: control, line: 0, row: y, isFocused: isFocused, isDisabled: isDisabled, width: columns.label, theme: theme, into: &buffer)
          let area = Rect(
            x: columns.control, y: y,
            width: control.kind == .note ? textWidth(width: width) : columns.controlWidth, height: 1)
          if isEditing, let text = control.textAccess {
            var editor = syncedEditor(for: field, text: text.get(state), view: view)
            cursor = TextInputView(
              value: editor.text, placeholder: text.placeholder, echo: text.echo,
              isDisabled: false, theme: theme
            ).renderFocused(in: area, buffer: &buffer, editor: &editor)
            view.editor = editor
            view.editorField = field
          } else {
            control.draw(
              state, ControlContext(isFocused: isFocused, isDisabled: isDisabled, theme: theme, input: input), area,
              &buffer)
          }
          if let status {
            StatusView(status: status, spinnerFrame: spinnerFrame, theme: theme)
              .render(in: placement.area(row: y), buffer: &buffer)
          }
        }
        return cursor
      case let .controlLine(index, line):
        let control = controls[index]
        let field = fields[index]
        let isFocused = form.focusedField == field
        let isDisabled = !rules.isEnabled(field, in: state)
        let input = isFocused ? view.input : ControlInput()
        // NB: The focused text area is drawn every frame from its editor, like a text field.
        let isEditing = isFocused && !isDisabled && control.kind == .textArea && control.textAccess != nil
        if isFocused, line == focusedControlLine {
          view.focusPosition = Position(column: columns.control + (control.focusColumn?(state, input) ?? 0), row: y)
        }
        let key: RowKey = isEditing ? .unknown : .controlLine(
          index: index, line: line, isFocused: isFocused, isDisabled: isDisabled,
          value: control.value(state), input: input)
        var cursor: Position?
        cache.row(y, key, in: &buffer, ownControl: control.writtenAt.map { OwnControl(index: index, label: control.label, location: $0) }) { buffer in
          let textWidth = textWidth(width: width)
          let rows = control.rows(atWidth: textWidth)
          let area = Rect(x: columns.control, y: 0, width: textWidth, height: rows)
          let drawn = drawnControls[index] ?? {
            var own = Buffer(size: Size(columns: width, rows: rows))
            if isEditing, let text = control.textAccess {
              var editor = syncedEditor(for: field, text: text.get(state), view: view, isMultiline: true)
              areaCursor = TextAreaView(value: editor.text, placeholder: text.placeholder, theme: theme)
                .renderFocused(in: area, buffer: &own, editor: &editor)
              view.editor = editor
              view.editorField = field
              view.textAreaWidth = TextAreaView.textWidth(in: area)
            } else {
              control.draw(
                state, ControlContext(isFocused: isFocused, isDisabled: isDisabled, theme: theme, input: input),
                area, &own)
            }
            return own
          }()
          drawnControls[index] = drawn
          buffer.copyRow(line, of: drawn, to: y)
          drawLabel(of: control, line: line, row: y, isFocused: isFocused, isDisabled: isDisabled, width: columns.label, theme: theme, into: &buffer)
          if isEditing, let position = areaCursor, position.row == line {
            cursor = Position(column: position.column, row: y)
          }
        }
        return cursor
      case let .description(index, line):
        let control = controls[index]
        let isDisabled = !rules.isEnabled(fields[index], in: state)
        let isFocused = form.focusedField == fields[index]
        let key = RowKey.description(index: index, line: line, isFocused: isFocused, isDisabled: isDisabled)
        cache.row(y, key, in: &buffer) { buffer in
          let textWidth = textWidth(width: width)
          let lines = control.descriptionLines(atWidth: textWidth)
          buffer.draw(
            lines.indices.contains(line) ? lines[line] : "",
            in: Rect(x: columns.control, y: y, width: textWidth, height: 1),
            style: isDisabled ? theme.disabled : theme.help)
          // NB: A label too long for its column goes on beside the description, or alone.
          let labelLine = control.rows(atWidth: textWidth) + line
          drawLabel(
            of: control, line: labelLine, row: y, isFocused: isFocused, isDisabled: isDisabled,
            width: columns.label, theme: theme, into: &buffer)
        }
        return nil
      case let .note(status, line):
        cache.row(y, .note(status, line: line, spinnerFrame: spinnerFrame), in: &buffer) { buffer in
          let view = StatusView(status: status, spinnerFrame: spinnerFrame, theme: theme)
          let textWidth = textWidth(width: width)
          let lines = view.lines(width: textWidth)
          buffer.draw(
            lines.indices.contains(line) ? lines[line] : "",
            in: Rect(x: columns.control, y: y, width: textWidth, height: 1), style: view.style)
        }
        return nil
      case let .error(line):
        cache.row(y, .error(line), in: &buffer) { buffer in
          buffer.draw(
            line, in: Rect(x: columns.control, y: y, width: textWidth(width: width), height: 1),
            style: theme.error)
        }
        return nil
      case .buttons where page < pageRanges.count - 1:
        cache.row(y, .nextPage(page), in: &buffer) { buffer in
          let room = max(0, width - columns.control - 1)
          buffer.setString(
            "Next page: \(pageTitle(page + 1))".truncated(toWidth: room), at: Position(column: columns.control, row: y),
            style: theme.help, maxWidth: room)
        }
        return nil
      case .buttons:
        let isValid = rules.isValid(state, form: form)
        let focus: RowKey.ButtonFocus = form.focus == .submit ? .submit : form.focus == .cancel ? .cancel : .none
        if focus != .none {
          let places = buttonColumns(width: width)
          view.focusPosition = Position(column: (focus == .submit ? places.save : places.cancel).lowerBound, row: y)
        }
        cache.row(y, .buttons(isValid: isValid, focus: focus), in: &buffer) { buffer in
          let places = buttonColumns(width: width)
          let save = ButtonView(title: places.submitTitle, isFocused: focus == .submit, isDimmed: !isValid, theme: theme)
          let cancel = ButtonView(title: cancelTitle, isFocused: focus == .cancel, theme: theme)
          if focus != .none {
            buffer[Position(column: 1, row: y)] = Cell(glyph: Self.focusMarker, style: theme.focusedLabel)
          }
          save.render(in: Rect(x: places.save.lowerBound, y: y, width: places.save.count, height: 1), buffer: &buffer)
          cancel.render(in: Rect(x: places.cancel.lowerBound, y: y, width: places.cancel.count, height: 1), buffer: &buffer)
        }
        return nil
      }
    }
  }

  /// Line `line` of a control's label in the label column (nothing past its last line), with
  /// the focus marker before the first. A note's label is never dimmed: a note takes no focus,
  /// which is not being disabled.
  func drawLabel(
    of control: FormControl<State>, line: Int, row y: Int, isFocused: Bool, isDisabled: Bool,
    width: Int, theme: Theme, into buffer: inout Buffer
  ) {
    if isFocused && line == 0 {
      // NB: One cell, not `setString`: the focused row is drawn every frame, and text that is
      //     not ASCII takes the longer way through grapheme widths.
      buffer[Position(column: 1, row: y)] = Cell(glyph: Self.focusMarker, style: theme.focusedLabel)
    }
    let text: String
    if line == 0 && control.label.displayWidth <= width {
      text = control.label
    } else {
      let lines = control.labelLines(atWidth: width)
      guard lines.indices.contains(line) else { return }
      text = lines[line]
    }
    let style = isDisabled && control.kind != .note ? theme.disabled : isFocused ? theme.focusedLabel : theme.label
    // NB: The text fits: it is the label that did, or a line wrapped to the column.
    buffer.draw(text, in: Rect(x: 3, y: y, width: width, height: 1), style: style)
  }

  /// The mark before the focused control's label.
  static var focusMarker: Glyph { Glyph("›" as Unicode.Scalar, width: 1) }

  /// One row of the form's body.
  enum BodyRow {
    case blank
    /// The control at this index of ``FormLayout/controls``.
    case control(Int)
    /// One row of a control that takes several (``FormControl/rows``) or has a description.
    case controlLine(Int, Int)
    /// A line of the description under the control at this index.
    case description(Int, Int)
    /// One line of a control's error, wrapped (``ErrorView/lines(_:width:)``).
    case error(String)
    /// A line of a control's note that does not fit beside it, wrapped.
    case note(StatusView.Status, Int)
    case buttons
  }

  /// The body's rows, sparsely: errors, and notes that do not fit beside their control (or whose
  /// control takes several rows), each wrapped to the control column.
  func makeBody(_ state: State, form: FormState<Field>, width: Int, page: Int = 0) -> FormBody<State> {
    var extras: [Int: FormBody<State>.Extra] = [:]
    let errorWidth = textWidth(width: width)
    let range = pageRanges.count > 1 ? pageRanges[min(page, pageRanges.count - 1)] : controls.indices
    for (field, error) in form.errors {
      guard let index = controlIndex[field], range.contains(index) else { continue }
      extras[index, default: .init(index: index)].errorLines = ErrorView.lines(error, width: errorWidth)
    }
    for index in noteCandidates where range.contains(index) {
      let control = controls[index]
      // NB: A control that takes several rows draws no note beside it: its note goes under it.
      if let status = fieldStatus(index, state: state, form: form),
        control.rows(atWidth: errorWidth) > 1 || !notePlacement(for: control, width: width).fits(status)
      {
        extras[index, default: .init(index: index)].note = status
        extras[index]?.noteRows = StatusView(status: status).lines(width: errorWidth).count
      }
    }
    return FormBody(
      controls: controls, range: range, extras: Array(extras.values), rows: controlRows(width: width),
      textWidth: textWidth(width: width))
  }

  /// The rows of the controls on a screen `width` wide; `nil` when every control takes one row
  /// (the common case, where a control's row is its index). A control's place is as tall as
  /// its rows and description, or its label wrapped in the label column if that is taller.
  func controlRows(width: Int) -> TallRowsCache.Rows? {
    let labelColumn = columns(width: width).label
    guard hasTallControls || labelWidth > labelColumn else { return nil }
    let textWidth = textWidth(width: width)
    return tallRows.rows(width: width) {
      var rows = TallRowsCache.Rows(before: [0], own: [])
      rows.before.reserveCapacity(controls.count + 1)
      rows.own.reserveCapacity(controls.count)
      var running = 0
      for control in controls {
        let own = control.rows(atWidth: textWidth)
        let label = control.label.displayWidth > labelColumn ? control.labelLines(atWidth: labelColumn).count : 1
        running += max(own + control.descriptionLines(atWidth: textWidth).count, label)
        rows.before.append(running)
        rows.own.append(own)
      }
      return rows
    }
  }

  /// The width of the control column, where descriptions, notes and errors wrap.
  func textWidth(width: Int) -> Int {
    max(1, width - columns(width: width).control - 1)
  }

  /// What row `row` of the body shows.
  func content(of row: Int, in body: FormBody<State>) -> BodyRow {
    if row == body.buttonsRow { return .buttons }
    if row == 0 || row == body.buttonsRow - 1 || body.range.isEmpty { return .blank }
    let index = body.control(atRow: row)
    let rows = body.ownRows(ofControl: index)
    let height = body.height(ofControl: index)
    switch row - body.row(ofControl: index) {
    case 0 where rows == 1:
      return .control(index)
    case let line where line < rows:
      return .controlLine(index, line)
    case let line where line < height:
      return .description(index, line - rows)
    case var offset:
      offset -= height - 1
      guard let extra = body.extra(ofControl: index) else { return .blank }
      if let note = extra.note, offset <= extra.noteRows { return .note(note, offset - 1) }
      let line = offset - 1 - extra.noteRows
      return extra.errorLines.indices.contains(line) ? .error(extra.errorLines[line]) : .blank
    }
  }

  /// The rows that must stay visible: the focused control with its note and error, or the
  /// buttons.
  func focusedRows(_ body: FormBody<State>, focus: FocusTarget<Field>?) -> ClosedRange<Int> {
    switch focus {
    case let .field(field):
      guard let index = controlIndex[field] else { return 0...0 }
      return body.rows(ofControl: index)
    case .submit, .cancel:
      return body.buttonsRow...body.buttonsRow
    case nil:
      return 0...0
    }
  }

  /// The body row where focus is inside the focused control, when that control takes several
  /// rows: a list's highlighted option, a text area's cursor. A control taller than the screen
  /// is scrolled to keep it in view.
  func focusedLine(_ body: FormBody<State>, state: State, view: FormViewState<Field>) -> Int? {
    guard let field = state.form.focusedField, let index = controlIndex[field] else { return nil }
    let control = controls[index]
    guard control.isTall else { return nil }
    let line: Int
    if control.kind == .textArea, view.editorField == field, var editor = view.editor {
      line = editor.visibleRows(width: view.textAreaWidth, height: control.rows(atWidth: view.textAreaWidth)).cursorRow
    } else if let focusRow = control.focusRow {
      line = focusRow(state, view.input)
    } else {
      return nil
    }
    return body.rows(ofControl: index).lowerBound + line
  }

  /// The columns "↓ more" keeps free at the right of the status's last row.
  static var moreMarkerWidth: Int { 11 }

  /// Moves `offset` as little as possible so `wanted` is inside the viewport; rows too many
  /// for it show from their first, so a focused field taller than the screen shows its label
  /// and its control, not its description; as far down as `focusRow` (a list's highlighted
  /// option, a text area's cursor) needs, which always shows.
  func scroll(
    _ offset: inout Int, toShow wanted: ClosedRange<Int>, keeping focusRow: () -> Int? = { nil }, in total: Int,
    viewport: Int
  ) {
    if wanted.count > viewport {
      let viewport = max(1, viewport)
      offset = min(max(offset, wanted.lowerBound), wanted.upperBound - viewport + 1)
      if let focusRow = focusRow() {
        if focusRow < offset { offset = focusRow }
        if focusRow >= offset + viewport { offset = focusRow - viewport + 1 }
      } else {
        offset = wanted.lowerBound
      }
    } else {
      if wanted.lowerBound < offset { offset = wanted.lowerBound }
      if wanted.upperBound >= offset + viewport { offset = wanted.upperBound - viewport + 1 }
    }
    offset = max(0, min(offset, max(0, total - viewport)))
  }

  /// Column positions: a marker, the labels, then the controls.
  ///
  /// A control is at most 32 columns wide and leaves 13 beside it for its note; where that
  /// would leave it under 20 (a narrow screen), it takes the whole column and its note goes
  /// under it.
  func columns(width: Int) -> (label: Int, control: Int, controlWidth: Int) {
    let label = min(labelWidth, width / 3)
    let control = 3 + label + 2
    let column = max(1, width - control - 1)
    let besideNote = column - 13
    return (label, control, besideNote >= 20 ? min(32, besideNote) : column)
  }

  /// Where Save and Cancel go, and Save's title: in the control column, or from the left edge
  /// (after the focus marker) when they do not fit there; a submit title too long even for
  /// that is cut with "…", so Cancel is never pushed off a narrow screen.
  func buttonColumns(width: Int) -> (save: Range<Int>, cancel: Range<Int>, submitTitle: String) {
    let cancel = ButtonView(title: cancelTitle).width
    var title = submitTitle
    var save = ButtonView(title: title).width
    let control = columns(width: width).control
    let start = control + save + 2 + cancel <= width - 1 ? control : 3
    if start + save + 2 + cancel > width - 1 {
      let frame = save - title.displayWidth
      title = title.truncated(toWidth: max(1, width - 1 - start - 2 - cancel - frame))
      save = ButtonView(title: title).width
    }
    let cancelX = start + save + 2
    return (start..<(start + save), cancelX..<(cancelX + cancel), title)
  }

  /// Where a control's note goes when it fits beside the control.
  func notePlacement(for control: FormControl<State>, width: Int) -> NotePlacement {
    let columns = self.columns(width: width)
    // NB: Short controls (toggle, picker, stepper) keep their note close by.
    let controlWidth = control.kind == .text ? columns.controlWidth : min(columns.controlWidth, 12)
    let x = columns.control + controlWidth + 2
    return NotePlacement(x: x, width: max(0, width - x - 1))
  }

  /// The note beside a control: its own status, or "Checking…" while its check runs.
  func fieldStatus(
    _ index: Int, state: State, form: FormState<Field>
  ) -> StatusView.Status? {
    if let status = controls[index].status?(state) { return status }
    return form.isChecking(fields[index]) ? .checking("Checking…") : nil
  }

  /// The form-wide status line: saving, waiting for checks, or why the last submit failed.
  func formStatus(_ form: FormState<Field>) -> StatusView.Status? {
    switch form.submission {
    case .saving: return .loading("Saving…")
    case .awaitingChecks: return .checking("Checking…")
    case nil: return form.submitError.map { .failed($0) }
    }
  }

  /// The form with `prompt` in a box over it; the key help names the prompt's keys. Drawn in
  /// full (a prompt is rare), and the next frame too, since the box covers cached rows.
  func renderPrompt(
    _ prompt: FormPrompt, over state: State, size: Size, theme: Theme, keymap: Keymap,
    view: inout FormViewState<Field>, cache: inout FrameCache
  ) -> (buffer: Buffer, cursor: Position?) {
    syncPromptSelection(prompt, view: &view)
    cache.reset()
    var (buffer, _) = renderForm(state, size: size, theme: theme, keymap: keymap, view: &view, cache: &cache)
    cache.reset()
    let help = keymap.helpItems(for: prompt)
    let footer = Rect(x: 0, y: size.rows - 1, width: size.columns, height: 1)
    buffer.fill(footer, with: .blank)
    KeyHelpView(items: help, theme: theme)
      .render(in: Rect(x: 1, y: size.rows - 1, width: size.columns - 2, height: 1), buffer: &buffer)
    let promptView = PromptView(prompt: prompt, selection: view.promptSelection, theme: theme)
    promptView.render(in: promptArea(size: size), buffer: &buffer)
    let buttons = promptView.buttonFrames(in: promptArea(size: size))
    view.focusPosition = buttons.indices.contains(view.promptSelection) ? buttons[view.promptSelection].origin : nil
    return (buffer, nil)
  }

  /// Shown instead of the form when the screen is too small (``TooSmallView``).
  func drawTooSmall(into buffer: inout Buffer, prompt: FormPrompt? = nil, keymap: Keymap = .standard, theme: Theme) {
    TooSmallView(minimum: minimumSize, prompt: prompt, theme: theme).render(in: buffer.area, buffer: &buffer)
  }

  /// Whether `key` may answer `prompt` on a screen of `size`: any key where the form fits (its
  /// box shows), else as the too-small screen allows (``TooSmallView/takes(_:keymap:in:)``).
  func promptTakes(_ key: Key, _ prompt: FormPrompt, keymap: Keymap, in size: Size) -> Bool {
    fits(size) || TooSmallView(minimum: minimumSize, prompt: prompt).takes(key, keymap: keymap, in: size)
  }
}

/// The space beside a control where its note goes, when the note fits.
struct NotePlacement {
  let x: Int
  let width: Int

  func fits(_ status: StatusView.Status) -> Bool {
    StatusView(status: status).text.displayWidth <= width
  }

  func area(row: Int) -> Rect { Rect(x: x, y: row, width: width, height: 1) }
}
