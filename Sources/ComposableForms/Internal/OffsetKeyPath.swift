/// A key path that is read at a fixed byte offset when it names inline stored properties only
/// (`\.form`), and through the key path otherwise.
///
/// Projecting a key path goes through the runtime: about 700 instructions and a generic
/// metadata lookup each (callgrind, Swift 6.3). The form engine and the layout read the form's
/// state a dozen times per keystroke, so they read it through this instead.
///
/// ```swift
/// let toForm = OffsetKeyPath(\ClientForm.State.form)
/// let focus = toForm.read(state).focus
/// ```
package struct OffsetKeyPath<Root, Value> {
  package let keyPath: KeyPath<Root, Value>
  /// Where the value sits inside `Root`; `nil` when a component is computed, optional-chained,
  /// or reached through a class.
  private let offset: Int?

  package init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// One part of the value at the key path in `root`, read in place:
  /// `toForm.read(state, { $0.pointee.focus })` copies the focus, where
  /// `toForm.read(state).focus` copies the whole form state first (retaining every collection
  /// in it) and releases it again.
  package func read<Part>(_ root: Root, _ part: (UnsafePointer<Value>) -> Part) -> Part {
    guard let offset else { return withUnsafePointer(to: root[keyPath: keyPath], part) }
    // NB: `MemoryLayout.offset(of:)` documents exactly this use: a pointer to `root` advanced by
    //     the offset, bound to `Value`, points at the property.
    return withUnsafePointer(to: root) { pointer in
      part(UnsafeRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self))
    }
  }

  /// The value at the key path in `root`.
  package func read(_ root: Root) -> Value {
    guard let offset else { return root[keyPath: keyPath] }
    // NB: `MemoryLayout.offset(of:)` documents exactly this use: the value is stored inline at
    //     that offset, initialized and aligned for `Value`.
    return withUnsafePointer(to: root) { pointer in
      UnsafeRawPointer(pointer).load(fromByteOffset: offset, as: Value.self)
    }
  }
}
