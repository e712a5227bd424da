/// A type-erased, sendable cancellation identifier.
@usableFromInline
struct EffectID: Hashable, @unchecked Sendable {
  // NB: Only created from `some Hashable & Sendable` values, so the erased value is sendable.
  let base: AnyHashable
  let type: ObjectIdentifier

  init(_ id: some Hashable & Sendable) {
    self.base = AnyHashable(id)
    self.type = ObjectIdentifier(Swift.type(of: id))
  }
}
