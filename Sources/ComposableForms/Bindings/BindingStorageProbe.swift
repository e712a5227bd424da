/// Finds where a ``BindingState`` lives inside a value, for ``BindingField``.
///
/// While ``address(_:)`` runs its body on the current task (or thread), the wrapper's
/// `projectedValue` setter reports the address it was called on: for a write through
/// `\.$displayName` into a value held in memory, that is the address of `_displayName` inside
/// that value. Outside `address(_:)` the setter pays one task-local read, and only writes
/// through a `$` projection reach it.
enum BindingStorageProbe {
  /// Where setters report while a probe runs; only the probing task sees it.
  final class Recorder: @unchecked Sendable {
    // NB: `@unchecked` because only the task that made it reads or writes it, synchronously.
    var address: Int?
    var calls = 0
  }

  @TaskLocal static var recorder: Recorder?

  /// Runs `body` and returns the address of the one ``BindingState`` whose projection it set;
  /// `nil` when it set none or more than one.
  static func address(_ body: () -> Void) -> Int? {
    let recorder = Recorder()
    $recorder.withValue(recorder, operation: body)
    return recorder.calls == 1 ? recorder.address : nil
  }

  /// Called by the projection's setter with the wrapper being set.
  static func record<Value>(_ wrapper: inout BindingState<Value>) {
    guard let recorder else { return }
    recorder.calls += 1
    recorder.address = withUnsafeMutablePointer(to: &wrapper) { Int(bitPattern: $0) }
  }
}
