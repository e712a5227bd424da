import ComposableForms
import IssueReporting

/// The effects one ``TestStore/send(_:assert:fileID:filePath:line:column:)`` started: the
/// action's, those of the actions they send, at once or later, and so on, as TCA's (a `.task`
/// action's timer, started by an action it sends, is cancelled with it).
@MainActor
public struct TestStoreTask: Sendable {
  let store: StoreTask
  /// The test store's ``TestStore/timeout`` when the step was sent.
  let timeout: Duration

  /// Waits for these effects to finish; reports the step as a failure, and stops waiting, when
  /// they still run after `timeout` (the store's ``TestStore/timeout`` by default).
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    guard await !Task.wait(upTo: timeout, until: { !store.isRunning }) else { return }
    reportIssue(
      """
      Expected the effects of this step to finish, but they still run after \(timeout).

      If an effect waits on a test clock, advance the clock; if it runs forever, cancel it.
      """,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Cancels these effects, e.g. a long-living one at the end of a test, and lets them end.
  public func cancel() async {
    store.cancel()
    await Task.megaYield()
  }

  /// Whether any of these effects is still running.
  public var isRunning: Bool { store.isRunning }
}
