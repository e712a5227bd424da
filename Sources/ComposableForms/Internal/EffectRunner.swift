import Dependencies

/// Starts effects on behalf of a store, tracks the tasks they run and cancels them by identifier.
///
/// Shared by ``Store`` and the `TestStore` so both interpret effects identically.
@MainActor
package final class EffectRunner<Action>: EffectCancelling {
  /// A running task with the cancellation identifiers it was registered under.
  private struct Running {
    let task: Task<Void, Never>
    var ids: [EffectID]
  }

  private var running: [Int: Running] = [:]
  private var tokensByID: [EffectID: Set<Int>] = [:]
  /// Work inside running effects made cancellable by `withTaskCancellation(id:)`, by its
  /// identifier: cancelled with the effects under the same identifier.
  private var regions: [EffectID: Set<Int>] = [:]
  /// Each region's cancel, and the identifiers it is registered under.
  private var regionCancels: [Int: (cancel: @Sendable () -> Void, ids: [EffectID])] = [:]
  private var nextRegion = 0
  private var nextToken = 0
  /// The tasks started by the actions each task sent (through `Send`, or a `.send` after a
  /// `.concatenate`'s first `.run`), and the task that sent each one's action: a ``StoreTask`` covers an
  /// effect's whole chain, as TCA's does. Kept while a task or one of its descendants runs.
  private var children: [Int: [Int]] = [:]
  private var parents: [Int: Int] = [:]
  /// Delivers an action an effect sent asynchronously (a new batch for the store); returns the
  /// tokens of the tasks that batch started.
  private let deliver: @MainActor (Action) -> [Int]
  /// Told whenever a tracked task finishes (a store then looks at what waits for it).
  private let didFinish: @MainActor () -> Void

  package init(
    deliver: @escaping @MainActor (Action) -> [Int], didFinish: @escaping @MainActor () -> Void = {}
  ) {
    self.deliver = deliver
    self.didFinish = didFinish
  }

  /// The number of effect tasks still running.
  package var runningCount: Int { running.count }

  /// Starts `effect`. Actions it sends synchronously go to `sendNow`, in order, before this
  /// returns; returns tokens for the tasks it started.
  package func start(_ effect: Effect<Action>, sendNow: (Action) -> Void) -> [Int] {
    switch effect.operation {
    case .none:
      return []

    case let .send(action):
      sendNow(action)
      return []

    case let .run(priority, operation):
      // NB: The operation runs with the dependencies it was made with (see `Effect.run`), in
      //     a context of its own: an action a presented child's effect sends can make its
      //     parent start one, which must not inherit the child's `dismiss()` or places.
      return [
        track { token in
          let send = Send<Action> { [weak self] action in self?.deliver(action, from: token) }
          return EffectContext.$current.withValue(EffectContext(runner: self)) {
            Task(priority: priority) { [weak self] in
              await operation(send)
              self?.finish(token)
            }
          }
        }
      ]

    case let .merge(effects):
      return effects.flatMap { start($0, sendNow: sendNow) }

    case let .concatenate(effects):
      // NB: As TCA's (where they are publishers): the effects up to the first that runs work
      //     (sends, cancels) happen at once, in order, before this returns; the rest, one
      //     after another, in a task.
      let head = effects.prefix { !$0.operation.runsWork }
      for effect in head { _ = start(effect, sendNow: sendNow) }
      let rest = effects.dropFirst(head.count)
      guard !rest.isEmpty else { return [] }
      return [
        track { token in
          Task { [weak self] in
            for effect in rest {
              guard let self, !Task.isCancelled else { break }
              // NB: What it sends at once is delivered once it has started, as at the top:
              //     its tasks are registered under their identifiers by then, so an action it
              //     sends can cancel them.
              var sent: [Action] = []
              let tokens = self.start(effect, sendNow: { sent.append($0) })
              for action in sent { self.deliver(action, from: token) }
              self.adopt(tokens, by: token)
              await self.wait(for: tokens)
            }
            self?.finish(token)
          }
        }
      ]

    case let .cancellable(id, cancelInFlight, effect):
      if cancelInFlight { cancel(id: id) }
      let tokens = start(effect, sendNow: sendNow)
      let ids = id.withAncestors
      for token in tokens where running[token] != nil {
        running[token]?.ids.append(contentsOf: ids)
        for id in ids { tokensByID[id, default: []].insert(token) }
      }
      return tokens

    case let .cancel(id):
      cancel(id: id)
      return []
    }
  }

  /// Waits for the tasks behind `tokens`; cancelling the waiting task cancels them too.
  package func wait(for tokens: [Int]) async {
    let tasks = tokens.compactMap { running[$0]?.task }
    guard !tasks.isEmpty else { return }
    await withTaskCancellationHandler {
      for task in tasks { await task.value }
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }

  /// Waits for the tasks behind `tokens` and every task the actions they send start, until
  /// none of them runs; cancelling the waiting task cancels them too.
  package func waitForChain(of tokens: [Int]) async {
    while !Task.isCancelled {
      let tasks = chain(of: tokens).compactMap { running[$0]?.task }
      guard !tasks.isEmpty else { return }
      await withTaskCancellationHandler {
        for task in tasks { await task.value }
      } onCancel: {
        for task in tasks { task.cancel() }
      }
    }
    cancelChain(of: tokens)
  }

  /// Whether any task behind `tokens` is still running.
  package func isRunning(_ tokens: [Int]) -> Bool {
    tokens.contains { running[$0] != nil }
  }

  /// Whether any task behind `tokens`, or started by the actions they send, is still running.
  package func isChainRunning(_ tokens: [Int]) -> Bool {
    chain(of: tokens).contains { running[$0] != nil }
  }

  /// Cancels the tasks behind `tokens` and every task the actions they send started.
  package func cancelChain(of tokens: [Int]) {
    for token in chain(of: tokens) { running[token]?.task.cancel() }
  }

  /// Cancels every effect registered under `id`, and the work inside effects made cancellable
  /// under it.
  func cancel(id: EffectID) {
    if let keys = regions.removeValue(forKey: id) { for key in keys { regionCancels[key]?.cancel() } }
    guard let tokens = tokensByID.removeValue(forKey: id) else { return }
    for token in tokens { running[token]?.task.cancel() }
  }

  func register(_ id: EffectID, cancel: @escaping @Sendable () -> Void) -> Int {
    let key = nextRegion
    nextRegion += 1
    let ids = id.withAncestors
    regionCancels[key] = (cancel, ids)
    for id in ids { regions[id, default: []].insert(key) }
    return key
  }

  func forget(_ key: Int) {
    guard let region = regionCancels.removeValue(forKey: key) else { return }
    for id in region.ids {
      regions[id]?.remove(key)
      if regions[id]?.isEmpty == true { regions[id] = nil }
    }
  }

  /// Cancels every running effect.
  package func cancelAll() {
    for entry in running.values { entry.task.cancel() }
  }

  /// Delivers an action the task behind `token` sent; the tasks it starts join its chain.
  private func deliver(_ action: Action, from token: Int) {
    adopt(deliver(action), by: token)
  }

  private func adopt(_ tokens: [Int], by parent: Int) {
    guard !tokens.isEmpty else { return }
    children[parent, default: []].append(contentsOf: tokens)
    for token in tokens { parents[token] = parent }
  }

  /// `tokens` and, recursively, the tokens of the tasks their actions started.
  private func chain(of tokens: [Int]) -> [Int] {
    guard !children.isEmpty else { return tokens }
    var chain: [Int] = []
    var pending = tokens
    while let token = pending.popLast() {
      chain.append(token)
      pending.append(contentsOf: children[token] ?? [])
    }
    return chain
  }

  /// Forgets the family ties of a finished task without running descendants, and so on up.
  private func prune(_ token: Int) {
    var token = token
    while running[token] == nil, children[token]?.isEmpty ?? true {
      children[token] = nil
      guard let parent = parents.removeValue(forKey: token) else { return }
      children[parent]?.removeAll { $0 == token }
      token = parent
    }
  }

  private func track(_ makeTask: (Int) -> Task<Void, Never>) -> Int {
    let token = nextToken
    nextToken += 1
    running[token] = Running(task: makeTask(token), ids: [])
    return token
  }

  private func finish(_ token: Int) {
    guard let entry = running.removeValue(forKey: token) else { return }
    for id in entry.ids {
      tokensByID[id]?.remove(token)
      if tokensByID[id]?.isEmpty == true { tokensByID[id] = nil }
    }
    if !children.isEmpty { prune(token) }
    didFinish()
  }

  isolated deinit {
    cancelAll()
  }
}
