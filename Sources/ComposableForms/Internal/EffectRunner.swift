import Dependencies

/// Starts effects on behalf of a store, tracks the tasks they run and cancels them by identifier.
///
/// Shared by ``Store`` and the `TestStore` so both interpret effects identically.
@MainActor
package final class EffectRunner<Action> {
  /// A running task with the cancellation identifiers it was registered under.
  private struct Running {
    let task: Task<Void, Never>
    var ids: [EffectID]
  }

  private var running: [Int: Running] = [:]
  private var tokensByID: [EffectID: Set<Int>] = [:]
  private var nextToken = 0
  /// Delivers an action an effect sent asynchronously (a new batch for the store).
  private let deliver: @MainActor (Action) -> Void
  /// Told whenever a tracked task finishes (a store then looks at what waits for it).
  private let didFinish: @MainActor () -> Void

  package init(
    deliver: @escaping @MainActor (Action) -> Void, didFinish: @escaping @MainActor () -> Void = {}
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
      // NB: The operation runs with the dependencies it was made with (see `Effect.run`).
      let send = Send<Action> { [weak self] action in self?.deliver(action) }
      return [
        track { token in
          Task(priority: priority) { [weak self] in
            await operation(send)
            self?.finish(token)
          }
        }
      ]

    case let .merge(effects):
      return effects.flatMap { start($0, sendNow: sendNow) }

    case let .concatenate(effects):
      return [
        track { token in
          Task { [weak self] in
            for effect in effects {
              guard let self, !Task.isCancelled else { break }
              let tokens = self.start(effect, sendNow: { [weak self] in self?.deliver($0) })
              await self.wait(for: tokens)
            }
            self?.finish(token)
          }
        }
      ]

    case let .cancellable(id, cancelInFlight, effect):
      if cancelInFlight { cancel(id: id) }
      let tokens = start(effect, sendNow: sendNow)
      for token in tokens where running[token] != nil {
        running[token]?.ids.append(id)
        tokensByID[id, default: []].insert(token)
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

  /// Whether any task behind `tokens` is still running.
  package func isRunning(_ tokens: [Int]) -> Bool {
    tokens.contains { running[$0] != nil }
  }

  /// Cancels the tasks behind `tokens`.
  package func cancel(tokens: [Int]) {
    for token in tokens { running[token]?.task.cancel() }
  }

  /// Cancels every effect registered under `id`.
  func cancel(id: EffectID) {
    guard let tokens = tokensByID.removeValue(forKey: id) else { return }
    for token in tokens { running[token]?.task.cancel() }
  }

  /// Cancels every running effect.
  package func cancelAll() {
    for entry in running.values { entry.task.cancel() }
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
    didFinish()
  }

  isolated deinit {
    cancelAll()
  }
}
