import ComposableForms

extension FormLayout {
  /// The actions a key sends while `prompt` is shown: an answer's letter chooses it, Esc (the
  /// keymap's cancel keys) chooses the prompt's cancel answer, Enter or Space the selected one;
  /// Tab, Shift-Tab and the arrows move the selection. Any other key does nothing.
  public func promptActions(
    for key: Key, prompt: FormPrompt, keymap: Keymap, view: inout FormViewState<Field>
  ) -> [Action] {
    syncPromptSelection(prompt, view: &view)
    let area = view.screenSize.map(promptArea(size:))
    guard let choice = keymap.answer(to: key, prompt: prompt, selection: &view.promptSelection, area: area) else {
      return []
    }
    return [Action.form(.promptAnswered(prompt: prompt.id, choice: choice))]
  }

  /// Where a prompt's box is centred on a screen of `size`.
  func promptArea(size: Size) -> Rect {
    // NB: Everything but the title and the key help: a long question on a small screen (the
    //     settings conflict at 40x12, naming the fields that changed) needs the rows.
    Rect(x: 1, y: 1, width: size.columns - 2, height: size.rows - 2)
  }

  /// A new prompt starts with its preselected answer selected.
  func syncPromptSelection(_ prompt: FormPrompt, view: inout FormViewState<Field>) {
    guard view.promptID != prompt.id else { return }
    view.promptID = prompt.id
    view.promptSelection = prompt.preselectedIndex
  }
}

extension Keymap {
  /// The answer a key chooses while `prompt` is shown (a choice's id), or `nil`: an answer's
  /// letter chooses it, Esc (the cancel keys) the prompt's cancel answer, Enter or Space the
  /// selected one, a click its button (the box drawn centred in `area`); Tab, Shift-Tab and
  /// the arrows move `selection`. Any other key does nothing.
  public func answer(to key: Key, prompt: FormPrompt, selection: inout Int, area: Rect? = nil) -> String? {
    if case let .mouse(event) = key {
      guard event.action == .press, let area,
        let index = PromptView(prompt: prompt, selection: 0).choice(at: event.position, in: area)
      else { return nil }
      return prompt.choices[index].id
    }
    if cancel.contains(key) { return prompt.cancelChoice }
    if activate.contains(key) || toggle.contains(key) {
      return prompt.choices.indices.contains(selection) ? prompt.choices[selection].id : nil
    }
    if case let .character(character) = key, let choice = prompt.choice(forKey: character) {
      return choice.id
    }
    let count = prompt.choices.count
    guard count > 0 else { return nil }
    if focusNext.contains(key) || increment.contains(key) {
      selection = (selection + 1) % count
    } else if focusPrevious.contains(key) || decrement.contains(key) {
      selection = (selection + count - 1) % count
    }
    return nil
  }

  /// The key help while a prompt is shown: each answer's letter, then how to choose the
  /// selected one and Esc, named from this keymap.
  public func helpItems(for prompt: FormPrompt) -> [KeyHelpView.Item] {
    var items = prompt.choices.map {
      KeyHelpView.Item(key: String($0.key).lowercased(), action: $0.title.lowercased())
    }
    if let back = focusPrevious.keyName, let next = focusNext.keyName {
      items.append(.init(key: "\(back)/\(next)", action: "choose"))
    }
    if let enter = activate.keyName { items.append(.init(key: enter, action: "press")) }
    if let escape = cancel.keyName, let choice = prompt.choices.first(where: { $0.id == prompt.cancelChoice }) {
      items.append(.init(key: escape, action: choice.title.lowercased()))
    }
    return items
  }
}
