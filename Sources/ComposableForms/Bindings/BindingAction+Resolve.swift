/// A binding action whose field name can be worked out from some state tree (tests and dumps).
package protocol ResolvableBindingAction {
  /// Finds a value of the action's root type in `tree` and resolves the field name with it.
  func resolveFieldName(searching tree: Any)
  /// The field as code would name it, e.g. `\Settings.State.displayName`.
  var fieldDescription: String { get }
}

extension BindingAction: ResolvableBindingAction {
  package func resolveFieldName(searching tree: Any) {
    if let root = Self.find(Root.self, in: tree, depth: 4) { resolveFieldName(using: root) }
  }

  private static func find(_ type: Root.Type, in value: Any, depth: Int) -> Root? {
    if let root = value as? Root { return root }
    guard depth > 0 else { return nil }
    for child in Mirror(reflecting: value).children {
      if let root = find(type, in: child.value, depth: depth - 1) { return root }
    }
    return nil
  }
}

/// Resolves the field names of every binding action inside `action` against `state`.
package func resolveBindingFieldNames(in action: Any, state: Any, depth: Int = 4) {
  if let binding = action as? any ResolvableBindingAction {
    binding.resolveFieldName(searching: state)
    return
  }
  guard depth > 0 else { return }
  for child in Mirror(reflecting: action).children {
    resolveBindingFieldNames(in: child.value, state: state, depth: depth - 1)
  }
}
