import Synchronization

/// The identity of child state that is not `Identifiable`: for an enum (a destination that is
/// an alert or a sheet), the case it is in, so moving to another case counts as presenting
/// another child and cancels the first one's effects, as TCA's navigation ids do; anything
/// else has none (every child at the key path is the same one).
///
/// NB: Read through `Mirror`, the one public way to name a value's case without macros (TCA
///     reads the enum's metadata through an SPI of swift-case-paths' macro product, which is
///     not used here). A type that is not an enum is found so once and costs nothing after.
final class CaseIdentity<Value>: Sendable {
  /// 0 until a value was seen, then 1 for an enum (read each time), 2 for anything else.
  private let kind = Atomic<UInt8>(0)

  func callAsFunction(_ value: Value) -> AnyHashable? {
    if kind.load(ordering: .relaxed) == 2 { return nil }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum else {
      kind.store(2, ordering: .relaxed)
      return nil
    }
    kind.store(1, ordering: .relaxed)
    // NB: A case with a payload is its one child's label; a case without one, its description.
    return AnyHashable(mirror.children.first?.label ?? String(describing: value))
  }
}
