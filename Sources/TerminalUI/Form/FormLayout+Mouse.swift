import ComposableForms

extension FormLayout {
  /// What a click or a turn of the wheel does, on the frame last drawn: a click focuses the
  /// field under it and hands the control the click (``FormCommand/click(column:row:)``: a
  /// toggle flips, a list chooses the option, a confirm takes the answer); a click on Save or
  /// Cancel presses it; the wheel scrolls the form, three rows a notch, until a key brings
  /// focus back into view.
  func mouseActions(_ event: MouseEvent, state: State, view: inout FormViewState<Field>) -> [Action] {
    guard let size = view.screenSize, fits(size) else { return [] }
    let form = state.form
    let page = pageRanges.count > 1 ? self.page(in: state) : 0
    let body = makeBody(state, form: form, width: size.columns, page: page)
    let viewport = view.bodyRows ?? size.rows - 4
    switch event.action {
    case .wheelUp, .wheelDown:
      scroll(by: event.action == .wheelUp ? -3 : 3, rowCount: body.rowCount, viewport: viewport, view: &view)
      return []
    case .press:
      let y = event.position.row
      guard (2..<(2 + viewport)).contains(y) else { return [] }
      let row = view.scrollOffset + y - 2
      guard row < body.rowCount else { return [] }
      let columns = self.columns(width: size.columns)
      let x = event.position.column
      switch content(of: row, in: body) {
      case .buttons where page == pageRanges.count - 1:
        let places = buttonColumns(width: size.columns)
        if places.save.contains(x) {
          return leave(state, view: &view, then: [.form(.focus(.submit)), .form(.submitTapped)])
        }
        if places.cancel.contains(x) {
          return [.form(.focus(.cancel)), .form(.cancelTapped)]
        }
        return []
      case let .control(index):
        return click(control: index, line: 0, column: x - columns.control, state: state, view: &view)
      case let .controlLine(index, line):
        return click(control: index, line: line, column: x - columns.control, state: state, view: &view)
      case let .description(index, _):
        return click(control: index, line: nil, column: -1, state: state, view: &view)
      case .blank, .error, .note, .buttons:
        return []
      }
    }
  }

  /// Scrolls the form a page (Page Up, Page Down), a line less than the rows it shows, so the
  /// last row seen stays in sight.
  func scrollPage(down: Bool, state: State, view: inout FormViewState<Field>) {
    guard let size = view.screenSize, fits(size) else { return }
    let page = pageRanges.count > 1 ? self.page(in: state) : 0
    let body = makeBody(state, form: state.form, width: size.columns, page: page)
    let viewport = view.bodyRows ?? size.rows - 4
    let step = max(1, viewport - 1)
    scroll(by: down ? step : -step, rowCount: body.rowCount, viewport: viewport, view: &view)
  }

  /// Scrolls the form by `rows` (up when negative), within its body, until a key moves focus.
  private func scroll(by rows: Int, rowCount: Int, viewport: Int, view: inout FormViewState<Field>) {
    view.scrollOffset = max(0, min(view.scrollOffset + rows, rowCount - viewport))
    view.followsFocus = false
  }

  /// Focuses the control at `index` and hands it a click at `column` of its row `line` (a
  /// click on the label or description only focuses).
  private func click(
    control index: Int, line: Int?, column: Int, state: State, view: inout FormViewState<Field>
  ) -> [Action] {
    let field = fields[index]
    guard rules.isEnabled(field, in: state) else { return [] }
    let isFocused = state.form.focus == .field(field)
    var actions: [Action] = []
    if !isFocused {
      switch leaving(state, input: view.input) {
      case let .stay(why):
        // NB: The field with focus keeps it (digits that make no number yet): the click does
        //     nothing else.
        view.notice = why
        return []
      case let .leaveSetting(binding):
        // NB: What the field left sets may change the control under the click (a region list
        //     that follows the provider chosen): the click only focuses it, as it was drawn
        //     for the old value. Handed the click, it chose an option the new list lacks.
        return [.binding(binding), .form(.focus(.field(field)))]
      case .leave:
        actions = [.form(.focus(.field(field)))]
      }
    }
    guard let line, column >= 0 else { return actions }
    // NB: A picker's and a stepper's arrows show only with focus: the click that gives it
    //     landed on the value (or beside it), and steps nothing.
    if !isFocused, controls[index].kind == .picker || controls[index].kind == .stepper { return actions }
    // NB: The field the click focuses starts its presentation state here, not after the
    //     click: what the click set in it (the part of a date it chose) outlives the focus
    //     change the runtime follows next. Where the store refuses the focus, that follow
    //     starts the focused field afresh again.
    view.follow(focus: field)
    let (binding, advances) = handle(.click(column: column, row: line), by: controls[index], state: state, view: &view)
    if let binding { actions.append(.binding(binding)) }
    // NB: A click that completes the value (a date's last part) moves on as a key would.
    if advances { actions.append(.form(.focusNext)) }
    return actions
  }
}
