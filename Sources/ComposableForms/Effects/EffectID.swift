/// A type-erased, sendable cancellation identifier, with the place in the state of the feature
/// that made it.
@usableFromInline
struct EffectID: Hashable, @unchecked Sendable {
  // NB: Only created from `some Hashable & Sendable` values, so the erased value is sendable;
  //     key paths are immutable values.
  let base: AnyHashable
  let type: ObjectIdentifier
  /// The key paths of the `ifLet`s (and, for the library's own identifiers, the `Scope`s) the
  /// effect came up through, outermost first: the same identifier in two places is two.
  var path: [AnyKeyPath] = []

  init(_ id: some Hashable & Sendable) {
    self.base = AnyHashable(id)
    self.type = ObjectIdentifier(Swift.type(of: id))
  }

  /// Whether the identifier is the library's own (``PlacedEffectID``), kept apart by `Scope`.
  var isPlaced: Bool { base.base is any PlacedEffectID }
}

/// An identifier the library's own features use (the form engine's checks and submit): every
/// `Scope` it comes up through keeps it apart from the same identifier elsewhere, so two forms
/// of one type in one store never cancel each other's work. An app's own identifiers are kept
/// apart by `ifLet` only, as in TCA, so a parent can still cancel a scoped child's effect.
protocol PlacedEffectID: Hashable, Sendable {}

extension Effect {
  /// The effect with its cancellation identifiers placed under `keyPath`: all of them (an
  /// `ifLet`'s child), or only the library's own (a `Scope`'s child).
  @usableFromInline
  func placed(under keyPath: AnyKeyPath, everyID: Bool) -> Self {
    switch operation {
    case .none, .send, .run:
      return self
    case let .merge(effects):
      return Self(.merge(effects.map { $0.placed(under: keyPath, everyID: everyID) }))
    case let .concatenate(effects):
      return Self(.concatenate(effects.map { $0.placed(under: keyPath, everyID: everyID) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Self(
        .cancellable(
          id: id.placed(under: keyPath, everyID: everyID), cancelInFlight: cancelInFlight,
          effect: effect.placed(under: keyPath, everyID: everyID)))
    case let .cancel(id):
      return Self(.cancel(id: id.placed(under: keyPath, everyID: everyID)))
    }
  }
}

extension EffectID {
  fileprivate func placed(under keyPath: AnyKeyPath, everyID: Bool) -> Self {
    guard everyID || isPlaced else { return self }
    var placed = self
    placed.path.insert(keyPath, at: 0)
    return placed
  }
}
