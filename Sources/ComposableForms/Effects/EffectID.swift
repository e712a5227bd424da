/// A type-erased, sendable cancellation identifier, with the place in the state of the feature
/// that made it.
@usableFromInline
struct EffectID: Hashable, @unchecked Sendable {
  // NB: Only created from `some Hashable & Sendable` values, so the erased value is sendable;
  //     key paths are immutable values.
  let base: AnyHashable
  let type: ObjectIdentifier
  /// The places the effect came up through, outermost first: each `ifLet`'s (its key path and
  /// the child's identity), and each `Scope`'s for an identifier an `ifLet` or the library
  /// placed. The same identifier in two places is two.
  var path: [EffectPlace] = []

  init(_ id: some Hashable & Sendable) {
    self.base = AnyHashable(id)
    self.type = ObjectIdentifier(Swift.type(of: id))
  }

  /// Whether the identifier is the library's own (``PlacedEffectID``), kept apart by `Scope`.
  var isPlaced: Bool { base.base is any PlacedEffectID }

  /// The identifiers an effect marked with this one answers to: this one, and for an app's
  /// own, the same identifier at every place above it, so a feature's `.cancel(id:)` reaches
  /// the effects of that identifier of the `ifLet`, `forEach` and presented children below
  /// it, as TCA's navigation paths do; not a child's beside it, nor its parent's. A `Scope`
  /// keeps its child at its parent's place for an app's identifiers (as in TCA), so features
  /// side by side under `Scope`s reach each other's children too. The library's own stay at
  /// their one place.
  var withAncestors: [EffectID] {
    guard !path.isEmpty, !isPlaced else { return [self] }
    return [self] + path.indices.map { count in
      var ancestor = self
      ancestor.path = Array(path.prefix(count))
      return ancestor
    }
  }
}

/// One place in a feature's state an effect came up through: a key path, and for an `ifLet`'s
/// child its identity (its `id` when it is `Identifiable`), so a child replaced by another, or
/// the same feature's child under two `Scope`s, keeps its effects to itself, as TCA's
/// navigation ids do.
@usableFromInline
struct EffectPlace: Hashable, @unchecked Sendable {
  // NB: Key paths are immutable values; an identity is a child's `id`, which `ifLet` and
  //     `forEach` take only where it is `Sendable`.
  let keyPath: AnyKeyPath
  let identity: AnyHashable?

  @usableFromInline
  init(_ keyPath: AnyKeyPath, identity: AnyHashable? = nil) {
    self.keyPath = keyPath
    self.identity = identity
  }
}

/// An identifier the library's own features use (the form engine's checks and submit, an
/// `ifLet`'s child's effects): every `Scope` it comes up through keeps it apart from the same
/// identifier elsewhere, so two forms of one type in one store never cancel each other's work.
/// An app's own identifiers are kept apart by `ifLet` (and, once inside one, by `Scope` too),
/// as in TCA, so a parent can still cancel a scoped child's effect; and a feature's cancel
/// reaches its children's effects of the identifier (``EffectID/withAncestors``).
protocol PlacedEffectID: Hashable, Sendable {}

extension Effect {
  /// The effect with its cancellation identifiers placed under `place`: all of them (an
  /// `ifLet`'s child), or only those already placed (a `Scope`'s child: the library's own, and
  /// those an `ifLet` inside it placed).
  @usableFromInline
  func placed(under place: EffectPlace, everyID: Bool) -> Self {
    switch operation {
    case .none, .send:
      return self
    case .run:
      // NB: For identifiers made while it runs (`withTaskCancellation(id:)`, `Task.cancel(id:)`).
      return withContext { context, _ in
        context.places.append((place, everyID))
        return nil
      }
    case let .merge(effects):
      return Self(.merge(effects.map { $0.placed(under: place, everyID: everyID) }))
    case let .concatenate(effects):
      return Self(.concatenate(effects.map { $0.placed(under: place, everyID: everyID) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Self(
        .cancellable(
          id: id.placed(under: place, everyID: everyID), cancelInFlight: cancelInFlight,
          effect: effect.placed(under: place, everyID: everyID)))
    case let .cancel(id):
      return Self(.cancel(id: id.placed(under: place, everyID: everyID)))
    }
  }
}

extension EffectID {
  func placed(under place: EffectPlace, everyID: Bool) -> Self {
    guard everyID || isPlaced || !path.isEmpty else { return self }
    var placed = self
    placed.path.insert(place, at: 0)
    return placed
  }
}
