import ComposableForms
import CustomDump

extension CheckedValue: CustomDumpRepresentable {
  /// Dumps as the value, so state diffs show `value: "ada"`.
  public var customDumpValue: Any { base }
}
