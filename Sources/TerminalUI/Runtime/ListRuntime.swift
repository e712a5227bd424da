import ComposableForms
import IssueReporting

/// Runs a list (``ListLayout``) in a terminal, the way ``FormRuntime`` runs a form: keys become
/// the feature's actions, and only what changed is drawn. A form the layout presents
/// (``ListLayout/presenting(_:action:layout:)``) runs over it on the same terminal, and the
/// list comes back when the form is done.
///
/// ```swift
/// let runtime = ListRuntime(store: store, layout: ClientList.layout, terminal: terminal, events: backend)
/// switch await runtime.run() {
/// case .finished: ...
/// case .interrupted, .terminated: ...
/// }
/// ```
@MainActor
public final class ListRuntime<State, Action> {
  /// How a run ended.
  public enum Outcome: Hashable, Sendable {
    /// The layout's `isFinished` said so (Esc or `q`, as the feature decided).
    case finished
    /// Ctrl-C, in the list or in a form over it.
    case interrupted
    /// SIGTERM, SIGHUP or SIGQUIT arrived.
    case terminated(signal: Int32)
  }

  public let store: Store<State, Action>
  public let layout: ListLayout<State, Action>
  public let terminal: Terminal
  public let events: any EventSource
  /// What keys mean in the forms the list opens; fixed, like ``FormRuntime/keymap``.
  public let keymap: Keymap
  /// What keys mean in the list; fixed, like ``FormRuntime/keymap``.
  public let listKeys: ListKeymap
  public var theme: Theme
  /// Presentation state: the first row on screen, the search field's cursor.
  public private(set) var view = ListViewState()
  /// Edits a text area of a presented form in another program (see ``FormRuntime``).
  public var externalEditor: ((String) -> String?)?

  private let loop: EventLoop

  public init(
    store: Store<State, Action>,
    layout: ListLayout<State, Action>,
    terminal: Terminal,
    events: any EventSource,
    keymap: Keymap = .standard,
    listKeys: ListKeymap = .standard,
    theme: Theme = .color
  ) {
    self.store = store
    self.layout = layout
    self.terminal = terminal
    self.events = events
    self.keymap = keymap
    self.listKeys = listKeys
    self.theme = theme
    self.loop = EventLoop(events: events)
  }

  /// What ends one turn of the loop: the run, or a form to present.
  private enum Step {
    case end(Outcome)
    case present
  }

  /// Runs until the layout says the list is finished, Ctrl-C, or a termination signal.
  public func run() async -> Outcome {
    while true {
      let step = await runList()
      switch step {
      case let .end(outcome):
        return outcome
      case .present:
        guard let presentation = layout.presentation else { continue }
        let context = PresentationContext(
          terminal: terminal, events: events, keymap: keymap, theme: theme, externalEditor: externalEditor)
        switch await presentation.run(store, context) {
        case .closed:
          terminal.invalidate()
          view.reportedRows = nil
          if presentation.isPresented(store.borrowedState) {
            // NB: Presenting it again would end at once, again and again, without reading a key.
            reportIssue(
              "ListLayout \"\(layout.title)\": the presented form ended but the feature kept its state; "
                + "set it to nil when the form's outcome arrives.")
            return .finished
          }
        case .interrupted:
          return .interrupted
        case let .terminated(signal):
          return .terminated(signal: signal)
        }
      }
    }
  }

  private func runList() async -> Step {
    let token = store.observe { [weak self] _ in self?.loop.stateDidChange() }
    defer { token.cancel() }
    loop.stateDidChange()
    return await loop.run(
      EventLoop.Screen(
        outcome: { [unowned self] in
          let state = store.borrowedState
          if layout.isFinished(state) { return .end(.finished) }
          return layout.presentation?.isPresented(state) == true ? .present : nil
        },
        handle: { [unowned self] in handle($0).map(Step.end) },
        render: { [unowned self] in render() },
        isBusy: { false },
        hasRunningEffects: { [unowned self] in store.hasRunningEffects },
        tick: {},
        terminated: { .end(.terminated(signal: $0)) },
        resumed: { [unowned self] in terminal.invalidate() }))
  }

  /// Handles one key; returns an outcome when it ends the run.
  public func handle(_ key: Key) -> Outcome? {
    loop.setNeedsDisplay()
    if key == .resize {
      terminal.handleResize()
      return nil
    }
    if keymap.interrupt.contains(key) { return .interrupted }
    if keymap.redraw.contains(key) {
      terminal.invalidate()
      if let reload = layout.reload, layout.prompt?(store.state) == nil { send([reload]) }
      return nil
    }
    let state = store.state
    let size = terminal.size
    guard layout.fits(size) else {
      // NB: The list is not on screen, so nothing may change it unseen: a question is still
      //     answered by Esc, and by its letters where the message shows it whole (it shows no
      //     selection); Esc still closes.
      let prompt = layout.prompt?(state)
      let answers = prompt.map { TooSmallView(minimum: layout.minimumSize, prompt: $0).takes(key, keymap: keymap, in: size) }
      if answers == true || prompt == nil && listKeys.close.contains(key) && key == .escape {
        send(layout.actions(for: key, state: state, keymap: keymap, listKeys: listKeys, view: &view))
      }
      return nil
    }
    send(layout.actions(for: key, state: state, keymap: keymap, listKeys: listKeys, view: &view))
    return nil
  }

  /// Draws the current state, then tells the feature which rows are on screen when they changed.
  public func render() {
    let frame = layout.render(
      store.borrowedState, size: terminal.size, theme: theme, keymap: keymap, listKeys: listKeys,
      view: &view)
    terminal.draw(frame.buffer, cursor: frame.cursor, focus: view.focusPosition)
    loop.didDraw()
    guard let shown = layout.shown else { return }
    let rows = view.shownRows(count: layout.count(store.borrowedState))
    if rows != view.reportedRows {
      view.reportedRows = rows
      store.send(shown(rows))
    }
  }

  private func send(_ actions: [Action]) {
    for action in actions { store.send(action) }
  }
}

/// What a form presented over a list runs with: the list's terminal, keys and theme.
struct PresentationContext {
  let terminal: Terminal
  let events: any EventSource
  let keymap: Keymap
  let theme: Theme
  let externalEditor: ((String) -> String?)?
}

/// How a presented form's run ended.
enum PresentationEnd {
  /// Saved or cancelled: the list comes back.
  case closed
  case interrupted
  case terminated(signal: Int32)
}

extension ListLayout where Action: CasePathable {
  /// Shows a form over the list while `state` holds one (`editor != nil`), drawn by
  /// `layout(form)`: the list's runtime runs it on the same terminal, its actions go through
  /// `action`, and the list comes back once the form is submitted or cancelled. The feature's
  /// reducer lets the form's state go then (``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``).
  ///
  /// ```swift
  /// ClientList.layout.presenting(\.editor, action: \.editor) { form in
  ///   form.editing == nil ? ClientForm.layout : ClientForm.editLayout
  /// }
  /// ```
  @MainActor
  public func presenting<Child: FormFeatureState, ChildAction: BindableFormAction>(
    _ state: KeyPath<State, Child?>,
    action: CaseKeyPath<Action, ChildAction>,
    layout: @escaping (Child) -> FormLayout<Child, ChildAction>
  ) -> Self where ChildAction.State == Child {
    var list = self
    list.presentation = Presentation(
      isPresented: { $0[keyPath: state] != nil },
      run: { store, context in
        guard let child = store.scope(state: state, action: action) else { return .closed }
        let runtime = FormRuntime(
          store: child, layout: layout(child.state), terminal: context.terminal, events: context.events,
          keymap: context.keymap, theme: context.theme)
        runtime.externalEditor = context.externalEditor
        context.terminal.invalidate()
        switch await runtime.run() {
        case .submitted, .cancelled, .dismissed: return .closed
        case .interrupted: return .interrupted
        case let .terminated(signal): return .terminated(signal: signal)
        }
      })
    return list
  }

  /// Shows a presented form (``PresentationState``) over the list, as
  /// ``presenting(_:action:layout:)`` does with optional state: its actions reach the feature as
  /// `.presented(action)`, and `.dismiss` (or the state set to `nil`) takes it away.
  ///
  /// ```swift
  /// ClientList.layout.presenting(\.editor, action: \.editor) { form in ClientForm.layout }
  /// ```
  @MainActor
  public func presenting<Child: FormFeatureState, ChildAction: BindableFormAction>(
    _ state: KeyPath<State, Child?>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    layout: @escaping (Child) -> FormLayout<Child, ChildAction>
  ) -> Self where ChildAction.State == Child {
    presenting(state, action: action.appending(path: \.presented), layout: layout)
  }
}
