import Dependencies
import IssueReporting

/// What a ``Store`` delegates to: the root owns state and effects, a scope forwards to its parent.
@MainActor
protocol StoreCore<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action
  var state: State { get }
  var hasRunningEffects: Bool { get }
  var isDismissed: Bool { get }
  func send(_ action: Action) -> StoreTask
  func observe(_ observer: @escaping @MainActor (State) -> Void) -> ObservationToken
  func wait(until isDone: @escaping @MainActor (State) -> Bool) async
}

/// The root of a store tree: runs the reducer, starts effects, notifies observers once a batch.
@MainActor
final class RootStoreCore<State, Action>: StoreCore {
  private var currentState: State
  private let reduce: (inout State, Action) -> Effect<Action>
  private let dependencies: DependencyValues
  private var runner: EffectRunner<Action>?
  private var observers: [Int: @MainActor (State) -> Void] = [:]
  private var nextObserverID = 0
  private var isSending = false
  private var queue: [Action] = []
  /// Callers of ``wait(until:)``, each with whether its wait is over and how to let it go on.
  // NB: Closures, not continuations: a stored continuation type is looked up at run time (its
  //     `Never: Error`) in every function that touches this, sending included.
  private var waiters: [Int: (isDone: @MainActor () -> Bool, resume: @MainActor () -> Void)] = [:]
  private var nextWaiterID = 0

  init<R: Reducer<State, Action>>(
    initialState: State, reducer: R, dependencies: DependencyValues,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    self.currentState = initialState
    // NB: The same entry point as `TestStore` (see `Reducer._builtOnce()`).
    self.reduce = MissingFormEngineCheck.watching(
      reducer._builtOnce(), fileID: fileID, filePath: filePath, line: line, column: column)
    self.dependencies = dependencies
    self.runner = EffectRunner { [weak self] action in
      self?.run(action) ?? []
    } didFinish: { [weak self] in
      self?.resumeWaiters()
    }
  }

  var state: State {
    _read { yield currentState }
  }

  var hasRunningEffects: Bool { (runner?.runningCount ?? 0) > 0 }

  var isDismissed: Bool { false }

  func send(_ action: Action) -> StoreTask {
    StoreTask(runner: runner, tokens: run(action))
  }

  /// Runs `action` and the actions its effects send at once; returns the tokens of the effect
  /// tasks they started.
  private func run(_ action: Action) -> [Int] {
    queue.append(action)
    guard !isSending else {
      // NB: An action sent while the store runs its reducer is reported (TCA buffers it
      //     quietly): the reducer's state is then not what the sender saw. It still runs,
      //     after the batch's other actions, so nothing is lost.
      reportIssue(
        """
        An action was sent to a store while it was processing another one: \
        \(String(describing: action)).

        Return an effect instead (`.send(action)`, or `.run { send in … }`), so that actions \
        run one after another.
        """)
      return []
    }
    isSending = true
    var tokens: [Int] = []
    var index = 0
    while index < queue.count {
      let action = queue[index]
      index += 1
      let effect = Self.reduce(&currentState, action, with: reduce, dependencies: dependencies)
      if case .none = effect.operation { continue }
      guard let runner else { continue }
      tokens.append(contentsOf: runner.start(effect) { queue.append($0) })
    }
    queue.removeAll(keepingCapacity: true)
    isSending = false
    for observer in observers.values { observer(currentState) }
    resumeWaiters()
    return tokens
  }

  /// Returns once `isDone` holds for the state, no effect runs (nothing can change the state
  /// any more), or the waiting task is cancelled.
  func wait(until isDone: @escaping @MainActor (State) -> Bool) async {
    guard !isDone(currentState), hasRunningEffects else { return }
    let id = nextWaiterID
    nextWaiterID += 1
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        guard !Task.isCancelled else { return continuation.resume() }
        waiters[id] = ({ [unowned self] in isDone(self.currentState) }, { continuation.resume() })
      }
    } onCancel: {
      Task { @MainActor [weak self] in self?.waiters.removeValue(forKey: id)?.resume() }
    }
  }

  /// Lets go of the waiters whose wait is over: after every batch, and every finished effect.
  private func resumeWaiters() {
    guard !waiters.isEmpty else { return }
    let isIdle = !hasRunningEffects
    for (id, waiter) in waiters where isIdle || waiter.isDone() {
      waiters[id] = nil
      waiter.resume()
    }
  }

  /// Runs the reducer with the store's dependencies.
  ///
  /// Not isolated: a main-actor closure handed to `TaskLocal.withValue` (from a module built
  /// without strict concurrency) would check its executor at run time on every action.
  private nonisolated static func reduce(
    _ state: inout State,
    _ action: Action,
    with reduce: (inout State, Action) -> Effect<Action>,
    dependencies: DependencyValues
  ) -> Effect<Action> {
    DependencyValues.$_current.withValue(dependencies) { reduce(&state, action) }
  }

  func observe(_ observer: @escaping @MainActor (State) -> Void) -> ObservationToken {
    let id = nextObserverID
    nextObserverID += 1
    observers[id] = observer
    return ObservationToken { [weak self] in self?.observers[id] = nil }
  }

  isolated deinit {
    runner?.cancelAll()
    for waiter in waiters.values { waiter.resume() }
  }
}

/// A child store's core: reads its state from the parent and sends through it.
@MainActor
final class ScopedStoreCore<ParentState, ParentAction, State, Action>: StoreCore {
  private let parent: Store<ParentState, ParentAction>
  private let toState: (ParentState) -> State
  private let toAction: (Action) -> ParentAction
  /// Whether the parent's state no longer holds this child's (a scope of optional state).
  private let isGone: ((ParentState) -> Bool)?

  init(
    parent: Store<ParentState, ParentAction>,
    toState: @escaping (ParentState) -> State,
    toAction: @escaping (Action) -> ParentAction,
    isGone: ((ParentState) -> Bool)? = nil
  ) {
    self.parent = parent
    self.toState = toState
    self.toAction = toAction
    self.isGone = isGone
  }

  var state: State { toState(parent.state) }

  var hasRunningEffects: Bool { parent.hasRunningEffects }

  var isDismissed: Bool {
    if parent.isDismissed { return true }
    guard let isGone else { return false }
    return isGone(parent.borrowedState)
  }

  func send(_ action: Action) -> StoreTask { parent.send(toAction(action)) }

  func wait(until isDone: @escaping @MainActor (State) -> Bool) async {
    let toState = self.toState
    let isGone = self.isGone
    await parent.wait { parentState in isGone?(parentState) == true || isDone(toState(parentState)) }
  }

  func observe(_ observer: @escaping @MainActor (State) -> Void) -> ObservationToken {
    let toState = self.toState
    return parent.observe { observer(toState($0)) }
  }
}
