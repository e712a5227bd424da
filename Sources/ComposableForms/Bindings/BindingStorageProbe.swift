import Synchronization

/// Finds where a ``BindingState`` lives inside a value, for ``BindingField``.
///
/// While ``address(_:)`` runs its body on the current task (or thread), the wrapper's
/// `projectedValue` setter reports the address it was called on: for a write through
/// `\.$displayName` into a value held in memory, that is the address of `_displayName` inside
/// that value. Outside any probe the setter pays one atomic load.
enum BindingStorageProbe {
  /// Where setters report while a probe runs; only the probing task sees it.
  final class Recorder: @unchecked Sendable {
    // NB: `@unchecked` because only the task that made it reads or writes it, synchronously.
    var address: Int?
    var calls = 0
  }

  @TaskLocal static var recorder: Recorder?

  /// How many probes run now, in any task: while none does, a setter skips the task-local read
  /// (a binding action made from a bare key path sets through the projection every time).
  private static let running = Atomic<Int>(0)

  /// Runs `body` and returns the address of the one ``BindingState`` whose projection it set;
  /// `nil` when it set none or more than one.
  static func address(_ body: () -> Void) -> Int? {
    let recorder = Recorder()
    running.add(1, ordering: .sequentiallyConsistent)
    defer { running.subtract(1, ordering: .sequentiallyConsistent) }
    $recorder.withValue(recorder, operation: body)
    return recorder.calls == 1 ? recorder.address : nil
  }

  /// Called by the projection's setter with the wrapper being set.
  static func record<Value>(_ wrapper: inout BindingState<Value>) {
    guard running.load(ordering: .relaxed) > 0, let recorder else { return }
    recorder.calls += 1
    recorder.address = withUnsafeMutablePointer(to: &wrapper) { Int(bitPattern: $0) }
  }
}
