import ComposableForms
import CustomDump

extension BindingAction: CustomDumpStringConvertible {
  /// Dumps as the code that made it: `.set(\Settings.State.displayName, "Blob")`.
  public var customDumpDescription: String {
    ".set(\(fieldDescription), \(String(customDumping: value)))"
  }
}
