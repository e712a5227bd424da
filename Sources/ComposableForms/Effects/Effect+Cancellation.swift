extension Effect {
  /// Marks this effect cancellable with an identifier that ``cancel(id:)`` can cancel later.
  ///
  /// With `cancelInFlight`, any effect still running with the same identifier is cancelled first,
  /// so at most one runs at a time (the latest).
  ///
  /// ```swift
  /// enum CancelID { case emailCheck }
  /// return .run { send in ... }.cancellable(id: CancelID.emailCheck, cancelInFlight: true)
  /// ```
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    switch operation {
    case .none: return .none
    // NB: A `.send` is marked too, so that `cancelInFlight` cancels what runs (TCA's does).
    case .send where !cancelInFlight: return self
    default:
      return Self(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, effect: self))
    }
  }

  /// An effect that cancels every running effect marked with this identifier.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(id: EffectID(id)))
  }
}
