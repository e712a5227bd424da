import Dependencies

/// Runs a feature: holds its state, sends actions through its reducer and runs the effects.
///
/// A store lives on the main actor. Renderers subscribe to it and are told once per processed
/// batch of actions (an action plus everything it sent synchronously), not once per field.
///
/// ```swift
/// let store = Store(initialState: Settings.State()) { Settings() }
/// store.send(.binding(.set(\.$displayName, "Blob")))
/// let token = store.observe { state in render(state) }
/// ```
@MainActor
public final class Store<State, Action> {
  /// The current state.
  public var state: State { root?.state ?? core.state }

  /// What `body` makes of the current state, as TCA's `withState`: `store.withState(\.count)`.
  /// The state is lent, not copied.
  public func withState<Value>(_ body: (_ state: State) -> Value) -> Value {
    body(borrowedState)
  }

  /// The current state, lent instead of copied: a reader of a field, or of the whole state
  /// passed on to a function, does not copy every string and collection in it (the runtime reads
  /// the state several times per keystroke).
  ///
  /// The loan must end before the next ``send(_:)``: sending while it is held (e.g. from inside
  /// `store.borrowedState.items.forEach { ... }`) is a simultaneous access, which Swift stops at
  /// run time. ``state`` returns a copy and has no such rule.
  package var borrowedState: State {
    _read {
      if let root {
        yield root.state
      } else {
        yield core.state
      }
    }
  }

  private let core: any StoreCore<State, Action>
  /// `core` when it is the root, called directly: through the existential, every call ran the
  /// core's unspecialized generic code (each action and state copied through value witnesses).
  private let root: RootStoreCore<State, Action>?

  /// Creates a store that runs `reducer` from `initialState`, with dependencies overridden by
  /// `prepareDependencies` for everything the reducer and its effects do, and for making the
  /// initial state (`@Dependency(\.uuid)` in its `init`), as in TCA.
  ///
  /// A debug build reports, at this line, a form feature whose body forgot `.form { … }`.
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    var dependencies = DependencyValues._current
    prepareDependencies(&dependencies)
    let (initialState, reducer) = DependencyValues.$_current.withValue(dependencies) { (initialState(), reducer()) }
    self.init(
      core: RootStoreCore(
        initialState: initialState, reducer: reducer, dependencies: dependencies,
        fileID: fileID, filePath: filePath, line: line, column: column))
  }

  init(core: any StoreCore<State, Action>) {
    self.core = core
    self.root = core as? RootStoreCore<State, Action>
  }

  /// Whether any effect this store started is still running (so an action may still arrive).
  public var hasRunningEffects: Bool { root?.hasRunningEffects ?? core.hasRunningEffects }

  /// Whether the parent let this store's state go: a store scoped to optional state (a form
  /// presented over a list) whose parent set that state to `nil`, or a scope of such a store.
  /// Whatever draws the store then stops (a `FormRuntime` ends its run) and sends it nothing
  /// more. Always `false` for the root store and for scopes of state that is always there.
  ///
  /// A parent that closes its child as soon as the child ends (on the child's submit or
  /// cancel) sets the state to `nil` in the same action: the child store's last state never
  /// shows the end, and this is how a runner learns of it.
  public var isDismissed: Bool { root == nil && core.isDismissed }

  /// Sends an action: the reducer runs at once, then the effects it returned start.
  ///
  /// The returned task can await or cancel the effects this action started.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if let root { return root.send(action) }
    return core.send(action)
  }

  /// Waits until `condition` holds for the state, or until nothing can change the state any
  /// more: no effect runs (so no action can arrive), or the parent let this scoped store's
  /// state go (``isDismissed``). Returns whether `condition` holds then. Without a condition,
  /// waits until no effect runs. Cancelling the waiting task ends the wait, not the effects.
  ///
  /// What runs a form without a screen awaits the end of a submit this way (a check started
  /// earlier, then the save: neither the submit action's own effect), as a terminal runner
  /// awaits the next frame.
  ///
  /// ```swift
  /// store.send(.form(.submitTapped))
  /// await store.wait { !$0.form.isSubmitting }
  /// ```
  @discardableResult
  public func wait(until condition: @escaping @MainActor (State) -> Bool = { _ in false }) async -> Bool {
    if let root { await root.wait(until: condition) } else { await core.wait(until: condition) }
    return condition(state)
  }

  /// Calls `observer` after every processed batch of actions with the new state.
  ///
  /// Observation stops when the returned token is cancelled or released.
  public func observe(_ observer: @escaping @MainActor (State) -> Void) -> ObservationToken {
    core.observe(observer)
  }

  /// A store for a child feature, whose state and actions are part of this one's.
  ///
  /// ```swift
  /// let settings = appStore.scope(state: \.settings, action: \.settings)
  /// ```
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let casePath = AnyCasePath(toChildAction)
    return Store<ChildState, ChildAction>(
      core: ScopedStoreCore(
        parent: self, toState: { $0[keyPath: toChildState] }, toAction: casePath.embed
      )
    )
  }
}

extension Store {
  /// A store for child state that is there only at times (a form presented over a list), or
  /// `nil` while the child state is `nil`.
  ///
  /// Once the parent lets the child state go, the child store is ``isDismissed`` and goes on
  /// showing the last child state it saw, so whatever draws it (a `FormRuntime`) can finish.
  /// Send it nothing then: the parent's ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``
  /// reports a child action without child state.
  ///
  /// ```swift
  /// if let editor = listStore.scope(state: \.editor, action: \.editor) {
  ///   await FormRuntime(store: editor, layout: ClientForm.layout, ...).run()
  /// }
  /// ```
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    guard let initial = state[keyPath: toChildState] else { return nil }
    let last = LastChildState(initial)
    let casePath = AnyCasePath(toChildAction)
    return Store<ChildState, ChildAction>(
      core: ScopedStoreCore(
        parent: self,
        toState: { parent in
          if let child = parent[keyPath: toChildState] { last.value = child }
          return last.value
        },
        toAction: casePath.embed,
        isGone: { $0[keyPath: toChildState] == nil }
      )
    )
  }
}

extension Store {
  /// A store for a presented feature (``PresentationState``), or `nil` while nothing is
  /// presented, as the optional `scope(state:action:)`: its actions reach the parent as
  /// `.presented(action)`, and it is ``isDismissed`` once the child is dismissed.
  ///
  /// ```swift
  /// if let editor = listStore.scope(state: \.editor, action: \.editor) {
  ///   await FormRuntime(store: editor, layout: ClientForm.layout, ...).run()
  /// }
  /// ```
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: toChildState, action: toPresentationAction.appending(path: \.presented))
  }
}

/// The last child state an optional scope saw.
@MainActor
private final class LastChildState<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// A handle to the effects one ``Store/send(_:)`` started.
@MainActor
public struct StoreTask: Sendable {
  let wait: @MainActor @Sendable () async -> Void
  let cancelTasks: @MainActor @Sendable () -> Void
  let checkRunning: @MainActor @Sendable () -> Bool

  /// Waits until every effect this send started has finished: the effects of the action, of
  /// the actions they send at once (`.send`), and of the actions any of those effects send
  /// later (from `.run`), as TCA's. Cancelling the waiting task cancels them.
  public func finish() async { await wait() }

  /// Cancels every effect this send started (see ``finish()``).
  public func cancel() { cancelTasks() }

  /// Whether any effect this send started is still running (see ``finish()``).
  public var isRunning: Bool { checkRunning() }

  static let finished = StoreTask(wait: {}, cancelTasks: {}, checkRunning: { false })

  /// A handle to the tasks behind `tokens` in `runner` (for the testing module).
  package init<Action>(runner: EffectRunner<Action>?, tokens: [Int]) {
    guard let runner, !tokens.isEmpty else {
      self = .finished
      return
    }
    self.init(
      wait: { await runner.waitForChain(of: tokens) },
      cancelTasks: { runner.cancelChain(of: tokens) },
      checkRunning: { runner.isChainRunning(tokens) }
    )
  }

  init(
    wait: @escaping @MainActor @Sendable () async -> Void,
    cancelTasks: @escaping @MainActor @Sendable () -> Void,
    checkRunning: @escaping @MainActor @Sendable () -> Bool
  ) {
    self.wait = wait
    self.cancelTasks = cancelTasks
    self.checkRunning = checkRunning
  }
}

/// Keeps a ``Store`` observation alive; cancel it (or let it go) to stop observing.
@MainActor
public final class ObservationToken {
  private var onCancel: (@MainActor () -> Void)?

  init(onCancel: @escaping @MainActor () -> Void) { self.onCancel = onCancel }

  /// Stops the observation.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }

  isolated deinit { cancel() }
}

/// The store of a feature's reducer: `StoreOf<Settings>` for `Store<Settings.State, Settings.Action>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>
