/// Sends actions from an effect back into the store that runs it.
///
/// Call it like a function from inside ``Effect/run(priority:operation:catch:fileID:filePath:line:column:)``:
///
/// ```swift
/// return .run { [permission] send in
///   await send(.permissionResponse(await permission.request()))
/// }
/// ```
///
/// Actions sent after the effect was cancelled are dropped.
@MainActor
public struct Send<Action>: Sendable {
  @usableFromInline
  let send: @MainActor @Sendable (Action) -> Void

  /// Creates a sender from a closure; the store and `TestStore` make these for you.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends an action back into the store, unless the effect has been cancelled.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    self.send(action)
  }
}
