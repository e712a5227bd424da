import Synchronization

/// A bindable field (`\.$displayName`) that is read and written in place, at the byte offset of
/// its storage inside `Root`, once that offset is known; through its key path before then, and
/// for good when the offset cannot be known.
///
/// `$displayName` is a computed property (a property wrapper's projection), so its key path
/// cannot be read at an offset the way `MemoryLayout.offset(of:)` allows for stored properties:
/// every read goes through the key path runtime, about 800 instructions and a generic metadata
/// lookup (callgrind, Swift 6.3), and a keystroke reads its field six or seven times (controls,
/// rules, the binding action). Yet the projection only forwards to the wrapper's stored
/// backing property (`_displayName`), which sits at a fixed offset in every `Root` value. The
/// first read or write finds that offset by watching the wrapper's setter (see
/// ``BindingStorageProbe``), checks it, and remembers it.
///
/// Controls and rules make one per field when a layout or a rule set is built, so the offset is
/// found once per field for the life of the program.
@usableFromInline
package final class BindingField<Root, Value>: @unchecked Sendable {
  // NB: `@unchecked` because key paths are not declared `Sendable`; they are immutable values.
  //     The offset is an atomic, set at most once (racing resolutions store the same value).
  @usableFromInline package let keyPath: WritableKeyPath<Root, BindingState<Value>>
  private let offset: Atomic<Int>

  private static var unknown: Int { -2 }
  private static var none: Int { -1 }

  package init(_ keyPath: WritableKeyPath<Root, BindingState<Value>>) {
    self.keyPath = keyPath
    self.offset = Atomic(Self.unknown)
  }

  /// Where the field's storage sits in `Root`, finding it with `sample` if not yet known; `nil`
  /// when the field is read and written through its key path.
  package func storageOffset(sample: Root) -> Int? {
    let offset = self.offset(using: sample)
    return offset >= 0 ? offset : nil
  }

  /// The field's value in `root`.
  package func read(_ root: Root) -> Value {
    let offset = self.offset(using: root)
    guard offset >= 0 else { return root[keyPath: keyPath].wrappedValue }
    return withUnsafePointer(to: root) { pointer in
      // NB: `offset` was checked to lie inside `Root` and to hold this field's storage, which
      //     is initialized and aligned for `BindingState<Value>` in every `Root` value.
      UnsafeRawPointer(pointer).load(fromByteOffset: offset, as: BindingState<Value>.self)
        .wrappedValue
    }
  }

  /// Sets the field to `value` in `root`.
  package func write(_ value: Value, into root: inout Root) {
    let offset = self.offset(using: root)
    guard offset >= 0 else {
      root[keyPath: keyPath].wrappedValue = value
      return
    }
    withUnsafeMutablePointer(to: &root) { pointer in
      (UnsafeMutableRawPointer(pointer) + offset)
        .assumingMemoryBound(to: BindingState<Value>.self).pointee.wrappedValue = value
    }
  }

  /// The offset of the field's storage, found with `root` as a sample the first time; `none`
  /// when it cannot be found.
  private func offset(using root: Root) -> Int {
    let known = offset.load(ordering: .relaxed)
    guard known == Self.unknown else { return known }
    // NB: A path of stored properties only (a `BindingState` declared without the wrapper
    //     syntax) has its offset from the compiler, as for `OffsetKeyPath`.
    let found =
      MemoryLayout<Root>.offset(of: keyPath) ?? Self.findOffset(of: keyPath, sample: root)
      ?? Self.none
    offset.store(found, ordering: .relaxed)
    return found
  }

  /// Writes the field to itself in a copy of `sample` and sees where the wrapper's setter was
  /// called. Accepted only if that place lies wholly inside the root value, is aligned for the
  /// wrapper, and holds exactly the bytes the key path reads: a path through a class, an array
  /// or a computed property that copies reaches storage outside the root value and is refused.
  static func findOffset(
    of keyPath: WritableKeyPath<Root, BindingState<Value>>, sample: Root
  ) -> Int? {
    // NB: The write is to a copy, so a path through an array (`\.values[3]`) copies that array
    //     once here; it is refused, and that field is read through its key path from then on.
    var copy = sample
    return withUnsafeMutablePointer(to: &copy) { root -> Int? in
      let address = BindingStorageProbe.address {
        root.pointee[keyPath: keyPath] = root.pointee[keyPath: keyPath]
      }
      guard let address else { return nil }
      let offset = address - Int(bitPattern: root)
      let size = MemoryLayout<BindingState<Value>>.size
      guard offset >= 0, offset + size <= MemoryLayout<Root>.size,
        offset % MemoryLayout<BindingState<Value>>.alignment == 0
      else { return nil }
      let viaKeyPath = root.pointee[keyPath: keyPath]
      let storage = UnsafeRawBufferPointer(start: UnsafeRawPointer(root) + offset, count: size)
      let same = withUnsafeBytes(of: viaKeyPath) { $0.elementsEqual(storage) }
      return same ? offset : nil
    }
  }
}
