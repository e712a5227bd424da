import ComposableForms

/// Runs a form in a terminal: reads keys, turns them into actions through the keymap and the
/// layout, sends them to the store, and draws only what changed.
///
/// One loop on the main actor does every terminal call (``EventLoop``): while it waits for input
/// effects deliver their actions, and the store's observer wakes it to draw them at once.
///
/// ```swift
/// let runtime = FormRuntime(store: store, layout: layout, terminal: terminal, events: backend)
/// switch await runtime.run() {
/// case .submitted: ...
/// case .cancelled, .dismissed, .interrupted, .terminated: ...
/// }
/// ```
@MainActor
public final class FormRuntime<State: FormFeatureState, Action: BindableFormAction>
where Action.State == State {
  public typealias Field = State.Field

  /// How a run ended.
  public enum Outcome: Hashable, Sendable {
    /// The form was submitted and its submit operation succeeded.
    case submitted
    /// Esc or the Cancel button.
    case cancelled
    /// The feature that presented the form let it go (its optional state became `nil`,
    /// ``Store/isDismissed``), usually as the form's outcome arrived: that feature knows how the
    /// form ended, submitted or not, and has acted on it.
    case dismissed
    /// Ctrl-C. The run ends at once, as the person asked: a save or check still running
    /// is not waited for, and goes on in the store until the store goes away (its effects are
    /// cancelled then) or the program ends.
    case interrupted
    /// SIGTERM, SIGHUP or SIGQUIT arrived (the run ends at once, as after Ctrl-C).
    case terminated(signal: Int32)
  }

  public let store: Store<State, Action>
  public let layout: FormLayout<State, Action>
  public let terminal: Terminal
  public let events: any EventSource
  /// What keys mean. Fixed for the runtime's life: a `let` is read in place, where a `var`
  /// (a dozen key sets) would be copied on every key and every frame.
  public let keymap: Keymap
  public var theme: Theme
  /// Presentation state: cursor and scroll of the focused field, vertical scroll, spinner.
  public private(set) var view = FormViewState<Field>()
  /// Edits a text area's text in another program (Ctrl-E: `$VISUAL` or `$EDITOR`) and returns
  /// what it saved, or `nil` to keep the text; the terminal is redrawn afterwards. `nil` (the
  /// default, and a headless terminal's): Ctrl-E does nothing.
  public var externalEditor: ((String) -> String?)?

  /// The previous frame, so a frame redraws only the rows that changed.
  private var frameCache = FrameCache()
  private let loop: EventLoop
  /// Whether a state change or key is waiting to be drawn (tests wait for this to clear).
  public var isDirtyForTesting: Bool { loop.isDirty }

  public init(
    store: Store<State, Action>,
    layout: FormLayout<State, Action>,
    terminal: Terminal,
    events: any EventSource,
    keymap: Keymap = .standard,
    theme: Theme = .color
  ) {
    self.store = store
    self.layout = layout
    self.terminal = terminal
    self.events = events
    self.keymap = keymap
    self.theme = theme
    self.loop = EventLoop(events: events)
    if let action = layout.openingFocusAction(in: store.state) { store.send(action) }
    // NB: Focus is followed from the start, not from the first key: that key's input (a list's
    //     highlight) must not be started afresh after it was handled.
    view.follow(focus: store.borrowedState.form.focusedField)
  }

  /// Runs until the form is submitted or cancelled, Ctrl-C, or a termination signal. A form
  /// presented by a parent feature also ends when the parent lets it go (``Store/isDismissed``):
  /// as ``Outcome/dismissed``, since the parent knows how it ended.
  public func run() async -> Outcome {
    let token = store.observe { [weak self] _ in self?.loop.stateDidChange() }
    defer { token.cancel() }
    // NB: Sends made while no run observed the store (before it, or between two runs) count too.
    loop.stateDidChange()
    return await loop.run(
      EventLoop.Screen(
        // NB: A form whose presenter let it go (``Store/isDismissed``) ends as dismissed: its
        //     last state may never show its end, which the presenter reacted to.
        outcome: { [unowned self] in store.isDismissed ? .dismissed : formOutcome() },
        handle: { [unowned self] in handle($0) },
        render: { [unowned self] in render() },
        isBusy: { [unowned self] in layout.isBusy(store.borrowedState) },
        hasRunningEffects: { [unowned self] in store.hasRunningEffects },
        tick: { [unowned self] in view.spinnerFrame += 1 },
        terminated: { .terminated(signal: $0) },
        resumed: { [unowned self] in terminal.invalidate() }))
  }

  /// Handles one key: resize, interrupt and redraw here, everything else through the layout.
  /// Returns an outcome when the key ends the run.
  public func handle(_ key: Key) -> Outcome? {
    loop.setNeedsDisplay()
    if key == .resize {
      terminal.handleResize()
      return nil
    }
    let actions: [Action]
    do {
      // NB: One copy of the state serves the keymap and the layout (each read of the store's
      //     state copies it), and it is let go before anything is sent, so a reducer does not
      //     find the state's collections shared and copy them.
      let state = store.state
      if state.form.prompt == nil { view.promptID = nil }
      switch keymap.command(for: key, focused: layout.focusedKind(in: state)) {
      case .interrupt?:
        return .interrupted
      case .redraw?:
        terminal.invalidate()
        return nil
      case _ where state.form.prompt != nil:
        // NB: A question waits for its answer: keys answer it, even on a screen too small for
        //     the form, where the too-small message shows the question and its letters (only
        //     those and Esc there: it shows no selection; where it is cut, only Esc).
        if let prompt = state.form.prompt, !layout.promptTakes(key, prompt, keymap: keymap, in: terminal.size) {
          return nil
        }
        actions = state.form.prompt.map {
          layout.promptActions(for: key, prompt: $0, keymap: keymap, view: &view)
        } ?? []
      case nil:
        return nil
      case .cancel? where !layout.fits(terminal.size):
        // NB: As at full size: a list's typed filter is cleared first, then the form cancels,
        //     so Esc does one thing whatever the window's size.
        actions = layout.actions(for: .cancel, state: state, view: &view)
      case _? where !layout.fits(terminal.size):
        // NB: The form is not on screen, so nothing may change it unseen: only resize (handled
        //     above), Esc and Ctrl-C work until the window is large enough again.
        return nil
      case .openEditor?:
        guard let editable = layout.editableText(in: state), let externalEditor else { return nil }
        let edited = externalEditor(editable.text)
        terminal.invalidate()
        guard let edited else {
          // NB: Its own messages went to the screen the form has just drawn over.
          view.notice = "The editor gave no text back (not found, interrupted, failed, or it removed the file): the text is unchanged"
          return nil
        }
        let (action, notice) = editable.set(edited)
        view.notice = notice
        // NB: A new text: the cursor goes to its end, as after any value set whole, not to
        //     the old one's offset somewhere in the middle of a line.
        view.editor = nil
        actions = [action]
      case let command?:
        actions = layout.actions(for: command, state: state, view: &view)
      }
    }
    for action in actions {
      store.send(action)
    }
    // NB: Keys typed ahead are handled before the next frame: a field focused by this key must
    //     not see what was typed into the one before it.
    view.follow(focus: store.borrowedState.form.focusedField)
    return nil
  }

  /// Draws the current state; the terminal sends only the cells that changed.
  public func render() {
    let frame = layout.render(
      store.borrowedState, size: terminal.size, theme: theme, keymap: keymap, view: &view,
      cache: &frameCache)
    terminal.draw(
      frame.buffer, cursor: frame.cursor, focus: view.focusPosition,
      changedRows: frameCache.rowsDrawnInLastFrame)
    loop.didDraw()
  }

  private func formOutcome() -> Outcome? {
    switch store.borrowedState.form.outcome {
    case .submitted: .submitted
    case .cancelled: .cancelled
    case nil: nil
    }
  }
}

extension FormLayout {
  /// Whether something is running that a spinner shows (a check, a save, a control's loading).
  func isBusy(_ state: State) -> Bool {
    if state.form.isChecking || state.form.isSubmitting { return true }
    return noteCandidates.contains { index in
      switch controls[index].status?(state) {
      case .loading, .checking: true
      default: false
      }
    }
  }
}
