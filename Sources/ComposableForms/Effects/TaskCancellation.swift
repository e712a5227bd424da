import IssueReporting

extension Task where Success == Never, Failure == Never {
  /// Cancels, from inside an effect, every effect and every `withTaskCancellation(id:)` region
  /// under `id`, as TCA's `Task.cancel(id:)` and a reducer's `.cancel(id:)` do. The identifier
  /// is placed as the effect's reducer would place it, as with `.cancel(id:)` there.
  ///
  /// Outside an effect a store runs (or once its store is gone) there is nothing it could
  /// name: it cancels nothing and reports an issue.
  @MainActor
  public static func cancel(
    id: some Hashable & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let context = EffectContext.current
    guard let runner = context.runner else {
      reportIssue(
        "'Task.cancel(id: \(id))' was called outside an effect a store runs: nothing was cancelled. "
          + "Call it in an effect ('.run { … }'), or return '.cancel(id:)' from the reducer.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    runner.cancel(id: context.placed(id))
  }
}

/// Runs `operation` as work that `.cancel(id:)` (from a reducer) or `Task.cancel(id:)` (from an
/// effect) cancels, as TCA's: a part of an effect, not all of it. With `cancelInFlight`, work
/// and effects already under `id` are cancelled first, so at most one runs at a time.
///
/// ```swift
/// case let .queryChanged(query):
///   return .run { [client] send in
///     try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///       try await Task.sleep(for: .milliseconds(300))
///       await send(.results(try await client.search(query)))
///     }
///   }
/// ```
///
/// The identifier is placed as the effect's reducer would place it, with the rules of
/// `.cancellable(id:)`: a sibling's cancel does not reach it, its feature's or an ancestor's
/// does. Outside an effect a store runs, nothing can cancel it by `id`: `operation` just runs.
///
/// It throws what `operation` throws, and nothing else, as TCA's `rethrows` does: work that
/// cannot fail needs no `try`, and a typed error stays typed. A cancelled region ends as
/// `operation` ends when its task is cancelled (a `Task.sleep` throws `CancellationError`).
public func withTaskCancellation<T: Sendable, Failure: Error>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws(Failure) -> T
) async throws(Failure) -> T {
  let context = EffectContext.current
  guard context.runner != nil else { return try await operation() }
  let id = context.placed(id)
  // NB: Registered before it starts, on the runner's actor, so a cancel sent meanwhile finds it.
  let (task, key) = await MainActor.run { () -> (Task<Result<T, Failure>, Never>, Int?) in
    if cancelInFlight { context.runner?.cancel(id: id) }
    let task = Task { () async -> Result<T, Failure> in
      do throws(Failure) { return .success(try await operation()) } catch { return .failure(error) }
    }
    return (task, context.runner?.register(id, cancel: { task.cancel() }))
  }
  let result = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
  await MainActor.run { if let key { context.runner?.forget(key) } }
  return try result.get()
}
