extension Effect {
  /// Delays this effect until `duration` has passed with no newer effect of the same identifier.
  ///
  /// Each new debounced effect with the same `id` cancels the waiting one, so only the last of a
  /// quick series runs. Pass the injected clock so tests control time:
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// return .run { send in ... }
  ///   .debounce(id: CancelID.emailCheck, for: .milliseconds(300), clock: clock)
  /// ```
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for duration: C.Duration,
    clock: C
  ) -> Self where C.Duration: Sendable {
    switch operation {
    case .none:
      return .none
    default:
      return Self.concatenate([
        .run { _ in try await clock.sleep(for: duration) },
        self,
      ])
      .cancellable(id: id, cancelInFlight: true)
    }
  }
}
