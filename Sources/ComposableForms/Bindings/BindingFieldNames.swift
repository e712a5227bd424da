import ConcurrencyExtras

/// Field names of bindable key paths, for readable descriptions of binding actions.
///
/// On Linux a key path through a property wrapper's projection (`\.$displayName`) describes
/// itself as `<computed 0x…>`. The name is worked out once from a sample value of the root
/// (the `TestStore` does this for the actions it reports) and remembered per key path.
enum BindingFieldNames {
  private static let names = LockIsolated<[Key: String]>([:])

  static func name(for keyPath: AnyKeyPath) -> String? {
    let key = Key(keyPath: keyPath)
    return names.withValue { $0[key] }
  }

  static func remember(_ name: String, for keyPath: AnyKeyPath) {
    let key = Key(keyPath: keyPath)
    names.withValue { $0[key] = name }
  }

  private struct Key: Hashable, @unchecked Sendable {
    // NB: Key paths are immutable values; sharing them across threads is safe.
    let keyPath: AnyKeyPath
  }
}

/// Lets reflection read a ``BindingState``'s value without knowing its type.
protocol AnyBindingState {
  var anyWrappedValue: Any { get }
}

extension BindingState: AnyBindingState {
  var anyWrappedValue: Any { wrappedValue }
}

extension BindingAction {
  /// Works out which field this action sets by applying it to a copy of `root` and looking for
  /// the bindable field that now holds the action's value; remembers the name for descriptions.
  package func resolveFieldName(using root: Root) {
    guard BindingFieldNames.name(for: keyPath) == nil else { return }
    var probed = root
    // NB: A probe, not an application: a debug build's check that BindingReducer applied the
    //     action must not be satisfied by a description (a printer's, a test store's).
    change.probe(&probed)
    let before = Mirror(reflecting: root).children.map { $0 }
    let after = Mirror(reflecting: probed).children.map { $0 }
    var holdingValue: [(index: Int, label: String)] = []
    for (index, child) in after.enumerated() {
      guard let label = child.label, label.hasPrefix("_"),
        let field = child.value as? any AnyBindingState,
        setsValue(equalTo: field.anyWrappedValue)
      else { continue }
      holdingValue.append((index, String(label.dropFirst())))
    }
    let changed = holdingValue.filter {
      String(describing: before[$0.index].value) != String(describing: after[$0.index].value)
    }
    // NB: An action that sets a field to the value it holds changes nothing: the one field
    //     holding that value is taken for it, unless the key path goes through a property
    //     first (`\.child.$name`), whose field is not among these.
    let candidates =
      changed.isEmpty && holdingValue.count == 1 && !passesThroughStoredProperty(of: root)
      ? holdingValue : changed
    if candidates.count == 1, let name = candidates.first?.label {
      BindingFieldNames.remember(name, for: keyPath)
    }
  }

  /// Whether the key path reaches its field through a stored property of `root`
  /// (`\.child.$name`), as its description shows: it names the properties on the way before
  /// the field (`\Parent.child.<computed …>` on Linux, `\Parent.child.$name` elsewhere).
  private func passesThroughStoredProperty(of root: Root) -> Bool {
    let description = String(describing: keyPath)
    let beforeField =
      description.range(of: ".<computed").map { description[..<$0.lowerBound] }
      ?? description[..<(description.lastIndex(of: ".") ?? description.startIndex)]
    let labels = Set(Mirror(reflecting: root).children.compactMap(\.label))
    return beforeField.split(separator: ".").dropFirst().contains { labels.contains(String($0)) }
  }

  /// The field as code would name it, e.g. `\Settings.State.displayName`.
  package var fieldDescription: String {
    let root = typeName(Root.self)
    if let name = BindingFieldNames.name(for: keyPath) {
      return "\\\(root).\(name)"
    }
    var field = String(describing: keyPath)
    if let dollar = field.range(of: ".$") { field.replaceSubrange(dollar, with: ".") }
    // NB: A name not worked out yet, on Linux: `\State.<computed 0x… (BindingState<Int>)>`
    //     names neither whose state it is nor the field, and its address differs from run
    //     to run. The root's whole name and the field's type say what can be said.
    let shortRoot = "\\" + String(describing: Root.self)
    guard let computed = field.range(of: "<computed "), field.hasPrefix(shortRoot + "."),
      let open = field[computed.upperBound...].firstIndex(of: "("), field.hasSuffix(")>")
    else { return field }
    var type = field[field.index(after: open)..<field.index(field.endIndex, offsetBy: -2)]
    if type.hasPrefix("BindingState<"), type.hasSuffix(">") { type = type.dropFirst(13).dropLast() }
    let through = field[field.index(field.startIndex, offsetBy: shortRoot.count)..<computed.lowerBound]
    return "\\\(root)\(through)<a field of type \(type)>"
  }
}
