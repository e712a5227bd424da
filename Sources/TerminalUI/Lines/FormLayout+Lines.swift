import ComposableForms

extension FormLayout {
  /// Runs the form as plain questions, one line each: the accessible mode, for screen readers
  /// and terminals that cannot move the cursor (`TERM=dumb`), and for answering from a pipe.
  ///
  /// Each field is asked in focus order, through the same store and reducer as on the screen:
  /// its label, its description, its options numbered and its current value in brackets. An
  /// empty answer keeps the value. A value with an error is asked again with the error; pages
  /// are announced as they start; notes are printed as they are passed; a question the form
  /// asks (``FormPrompt``) is asked with its lettered answers. The end of the input cancels.
  ///
  /// ```swift
  /// let outcome = await layout.runLines(store, channel: ScriptedLineChannel(["Ada", "y"]))
  /// ```
  ///
  /// A control is asked as its ``LineQuestion`` says (``FormControl/asked(_:)``); a control of
  /// your own without one gets what is typed key by key.
  ///
  /// A form over another feature (a store scoped to optional state) ends, as dismissed, when
  /// the parent lets it go (``Store/isDismissed``): the parent knows how it ended, and nothing
  /// more is asked.
  @MainActor
  public func runLines(
    _ store: Store<State, Action>, channel: some LineChannel
  ) async -> FormRuntime<State, Action>.Outcome {
    var session = LineSession(layout: self, store: store, channel: channel)
    return await session.run()
  }
}

/// One run of a form in line mode: what was announced so far.
@MainActor
struct LineSession<State: FormFeatureState, Action: BindableFormAction, Channel: LineChannel>
where Action.State == State {
  let layout: FormLayout<State, Action>
  let store: Store<State, Action>
  let channel: Channel
  /// The page announced last.
  var announcedPage: Int?
  /// The last control whose notes before it were printed.
  var shownThrough = -1
  /// The field whose answer just got an error (already printed, so not again on asking).
  var answeredWithError: State.Field?

  mutating func run() async -> FormRuntime<State, Action>.Outcome {
    write(layout.title.visibleForTerminal)
    if let action = layout.openingFocusAction(in: store.state) { await store.send(action).finish() }
    while true {
      if store.isDismissed { return .dismissed }
      let form = store.state.form
      switch form.outcome {
      case .submitted: return .submitted
      case .cancelled: return .cancelled
      case nil: break
      }
      if let prompt = form.prompt {
        let shown = layout.controls.map { $0.value(store.state) }
        guard let choice = await answer(prompt) else { return .cancelled }
        // NB: Going back, or an answer that changed what the fields hold (the saved values to
        //     look at): the fields are asked again. Any other answer submits again, as Enter on
        //     Save would.
        if choice == prompt.cancelChoice || layout.controls.map({ $0.value(store.state) }) != shown {
          await returnToTheFieldsIfStillOpen()
        }
        continue
      }
      switch form.focus {
      case let .field(field)?:
        guard let index = layout.controlIndex[field] else { return .cancelled }
        announce(upTo: index)
        guard await ask(field, at: index) else { return .cancelled }
      case .cancel?:
        // NB: Nothing in line mode moves focus to Cancel; a program might: ask for Save.
        await store.send(.form(.focus(.submit))).finish()
      case .submit?, nil:
        guard await submit() else { return .cancelled }
      }
    }
  }

  // MARK: - Asking

  /// Asks for one field and sends the answer; `false` ends the form (the input ended, or an
  /// answer from a file was refused).
  mutating func ask(_ field: State.Field, at index: Int) async -> Bool {
    let control = layout.controls[index]
    let state = store.state
    let question = control.line?(state)
    // NB: A listener hears what the question is before its description and options.
    if control.description != nil || question?.options.isEmpty == false {
      write(control.label.visibleForTerminal + ":")
    }
    if let description = control.description { write("  " + description.visibleForTerminal) }
    if let question {
      let isNumbered = question.isNumbered
      for (number, option) in question.options.enumerated() {
        let mark = question.isChosen(state, number) ? " (chosen)" : ""
        let place = isNumbered ? "\(number + 1))" : "-"
        write("  \(place) \(option.visibleForTerminal)\(mark)")
      }
    }
    if answeredWithError != field, let error = state.form.errors[field] {
      write("  Error: " + error.visibleForTerminal)
    }
    answeredWithError = nil
    var line = control.label.visibleForTerminal
    let hint = question?.hint ?? "type it"
    if !hint.isEmpty { line += " (\(hint))" }
    if let current = question?.current(state), !current.isEmpty {
      line += " [\(current.visibleForTerminal)]"
    }
    channel.write(line + ": ")
    guard var text = await channel.readLine(secret: question?.isSecret ?? false) else { return false }
    if text.hasSuffix("\r") { text.removeLast() }
    // NB: Esc, then Enter (a terminal shows ^[): leave the form, as Esc does on the screen; one
    //     with changes asks first (the form's own question, asked next).
    if text == "\u{1B}" {
      await store.send(.form(.cancelTapped)).finish()
      return true
    }

    if !text.isEmpty {
      if let question {
        do {
          if let action = try question.answer(text, store.state) {
            await store.send(.binding(action)).finish()
          }
        } catch {
          write("  Error: " + error.message.visibleForTerminal)
          return asksAgain()
        }
      } else {
        // NB: A control of your own without a question: what was typed, key by key.
        var input = ControlInput()
        for character in text {
          if let action = control.handle(.edit(.character(character)), store.state, &input) {
            await store.send(.binding(action)).finish()
          }
        }
      }
    }
    // NB: The form refused what was typed (a permission denied): ask again, as for an invalid
    //     answer, rather than go on as if it had been taken. Enter then keeps the value, and
    //     the refusal, said once, is not said again.
    if !text.isEmpty, case let .failed(message)? = control.status?(store.state) {
      write("  Error: " + message.visibleForTerminal)
      return asksAgain()
    }
    // NB: An answer with an error is asked again at once, before focus moves: moving it would
    //     validate the next field, which has not been asked yet. Its check has answered: the
    //     binding's effects were awaited.
    let after = store.state
    if let error = layout.rules.error(for: field, in: after, form: after.form) {
      write("  Error: " + error.visibleForTerminal)
      answeredWithError = field
      return asksAgain()
    }
    await store.send(.form(.focusNext)).finish()
    return true
  }

  /// Announces a new page, and prints the notes between the last field asked and this one.
  mutating func announce(upTo index: Int) {
    let page = layout.page(in: store.state)
    if layout.pageRanges.count > 1, page != announcedPage {
      announcedPage = page
      write("")
      write("Page \(page + 1) of \(layout.pageRanges.count): \(layout.pageTitle(page).visibleForTerminal)")
    }
    printNotes(through: index)
  }

  /// Prints the notes before the field at `index` not printed yet, and names the fields
  /// passed by because the answers so far turn them off: a listener knows they exist.
  mutating func printNotes(through index: Int) {
    guard shownThrough < index else { return }
    var skipped: [String] = []
    for position in (shownThrough + 1)..<min(index, layout.controls.count) {
      let control = layout.controls[position]
      if control.kind != .note, !layout.rules.isEnabled(layout.fields[position], in: store.state) {
        skipped.append(control.label.visibleForTerminal)
        continue
      }
      guard control.kind == .note, case let .text(text) = control.value(store.state) else { continue }
      // NB: A note without a label is its text alone: a bare ":" reads as nothing.
      let hasLabel = !control.label.allSatisfy(\.isWhitespace)
      if hasLabel { write(control.label.visibleForTerminal + ":") }
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        write((hasLabel ? "  " : "") + String(line).visibleForTerminal)
      }
      // NB: A blank line ends the note: the next field's description, indented alike, read
      //     as the note's last line.
      write("")
    }
    if !skipped.isEmpty { write("Not asked with these answers: \(skipped.joined(separator: ", ")).") }
    shownThrough = index
  }

  /// Submits; after a failed save, asks whether to try again. `false` at the end of the input.
  ///
  /// A save that failed before, and whose form was left open to go through its fields again,
  /// is tried again: its error is old news, said when it happened.
  mutating func submit() async -> Bool {
    printNotes(through: layout.controls.count)
    while true {
      await store.send(.form(.submitTapped)).finish()
      // NB: A submit waits for checks started by earlier answers (an edited client's email,
      //     checked from the form's first action) and then saves: neither is this action's own
      //     effect, so its task does not wait for them.
      await store.wait { !$0.form.isSubmitting }
      if store.isDismissed { return true }
      let form = store.state.form
      guard let error = form.submitError, form.outcome == nil, form.prompt == nil else { break }
      write("  Error: " + error.visibleForTerminal)
      var tryAgain: Bool?
      while tryAgain == nil {
        channel.write("Try again? (y or n): ")
        guard let answer = await channel.readLine(secret: false) else { return false }
        switch answer.trimmingSpaces.lowercased() {
        case "y", "yes": tryAgain = true
        case "n", "no": tryAgain = false
        default:
          write("  Error: Type y or n")
          guard asksAgain() else { return false }
        }
      }
      if tryAgain == false {
        await store.send(.form(.cancelTapped)).finish()
        return true
      }
    }
    let form = store.state.form
    // NB: Not submitted, nothing to answer, no error to fix: asking again would go round for
    //     ever (a check that never answered, say). Stop, and say so.
    if form.outcome == nil, form.prompt == nil, form.submitError == nil, form.errors.isEmpty,
      form.focus == .submit || form.focus == nil
    {
      write("The form could not be submitted.")
      return false
    }
    return true
  }

  /// After an answer that leaves the form open and unsubmitted (Back, or other values to look
  /// at), asks its fields again from the first, each with its value to keep: submitting at
  /// once would ask the same question again, or save values nobody saw.
  mutating func returnToTheFieldsIfStillOpen() async {
    let state = store.state
    let form = state.form
    guard form.outcome == nil, form.prompt == nil, form.submission == nil,
      form.focus == .submit || form.focus == .cancel || form.focus == nil,
      let first = layout.fields.first(where: { $0.takesFocus && layout.rules.isEnabled($0, in: state) })
    else { return }
    write("")
    // NB: Said, so the first question again is not taken for a fault: its value may have
    //     changed with the answer (Use saved).
    write("The form is still open: its questions again, each with its value now (Enter keeps it).")
    announcedPage = nil
    shownThrough = -1
    await store.send(.form(.focus(.field(first)))).finish()
  }

  /// Asks the form's question; the chosen answer's id (`""` when what was typed is none, to
  /// ask again), `nil` to end the form (the input ended, or an answer from a file was refused).
  func answer(_ prompt: FormPrompt) async -> String? {
    for line in prompt.message.split(separator: "\n") { write(String(line).visibleForTerminal) }
    for choice in prompt.choices {
      write("  \(String(choice.key).lowercased())) \(choice.title.visibleForTerminal)")
    }
    let keys = prompt.choices.map { String($0.key).lowercased() }
    channel.write("Choose \(keys.joined(separator: ", ")): ")
    guard let text = await channel.readLine(secret: false) else { return nil }
    let typed = text.trimmingSpaces
    let choice = typed.count == 1 ? typed.first.flatMap(prompt.choice(forKey:))
      : prompt.choices.first { $0.title.lowercased() == typed.lowercased() }
    guard let choice else {
      write("  Error: Type one of \(keys.joined(separator: ", "))")
      return asksAgain() ? "" : nil
    }
    await store.send(.form(.promptAnswered(prompt: prompt.id, choice: choice.id))).finish()
    return choice.id
  }

  /// After a refused answer: `true` to ask again, or, when the answers come from a file or a
  /// pipe (``LineChannel/isInteractive``), `false` to end the form, saying why.
  func asksAgain() -> Bool {
    if channel.isInteractive { return true }
    write("The answers come from a file or a pipe, so a refused one ends the form without submitting it.")
    return false
  }

  private func write(_ line: String) {
    channel.write(line + "\n")
  }
}
