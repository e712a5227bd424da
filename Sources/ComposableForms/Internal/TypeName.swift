/// `type` as code in its own module names it: `Profile.State`. `String(describing:)` says only
/// `State`, which is every feature's state, and `String(reflecting:)` puts the module first,
/// and the address of a private type's file (`(unknown context at $5f3c…)`).
func typeName(_ type: Any.Type) -> String {
  var full = String(reflecting: type)
  while let context = full.range(of: "(unknown context at "),
    let end = full[context.upperBound...].range(of: ").")
  {
    full.removeSubrange(context.lowerBound..<end.upperBound)
  }
  // NB: Only a module's name comes off: a generic type's arguments keep theirs
  //     (`Optional<Feature.Profile.State>`), as does a tuple's (`(Swift.Int, Swift.String)`).
  guard let dot = full.firstIndex(of: "."), full[..<dot].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
  else { return full }
  return String(full[full.index(after: dot)...])
}
