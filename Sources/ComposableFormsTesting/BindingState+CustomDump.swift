import ComposableForms
import CustomDump

extension BindingState: CustomDumpRepresentable {
  /// Dumps as the wrapped value, so state diffs show `displayName: "Blob"`.
  public var customDumpValue: Any { wrappedValue }
}
