import ComposableForms

/// The effects one ``TestStore/send(_:assert:fileID:filePath:line:column:)`` started.
@MainActor
public struct TestStoreTask: Sendable {
  let store: StoreTask

  /// Waits for these effects to finish (within the store's timeout).
  public func finish() async { await store.finish() }

  /// Cancels these effects, e.g. a long-living one at the end of a test.
  public func cancel() { store.cancel() }

  /// Whether any of these effects is still running.
  public var isRunning: Bool { store.isRunning }
}
