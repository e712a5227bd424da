/// Something the event loop must react to: input, a wake-up from an effect, or a signal.
public enum TerminalEvent: Hashable, Sendable {
  /// A decoded key press (including ``Key/resize`` and ``Key/paste(_:)``).
  case key(Key)
  /// Another thread called ``Waker/wake()``: effects delivered actions, render them.
  case wake
  /// The process received SIGTERM, SIGHUP or SIGQUIT (the raw signal number): restore and exit.
  case terminate(signal: Int32)
  /// The process was resumed after Ctrl-Z (SIGCONT): the screen must be redrawn in full.
  case resumed
  /// Nothing arrived before the timeout.
  case timeout
}

/// Where the event loop waits for its next event. The curses backend reads the terminal;
/// tests use a scripted source.
@MainActor
public protocol EventSource: AnyObject {
  /// Blocks until an event arrives, or until `timeout` passes (`nil`: wait as long as needed).
  /// Must return promptly after ``Waker/wake()`` is called from any thread.
  func nextEvent(timeout: Duration?) -> TerminalEvent
  /// Suspends, without blocking the main actor, until an event is probably ready for
  /// ``nextEvent(timeout:)`` (input, a wake-up, a signal) or `timeout` passes. The runtime waits
  /// here so that effects can deliver their actions on the main actor meanwhile.
  func waitForEvents(timeout: Duration?) async
  /// Whether ``nextEvent(timeout:)`` really blocks until input arrives. When it does, and no
  /// effect is running, the runtime waits there directly (no thread hop); a scripted source
  /// that cannot block says `false`.
  var blocksUntilInput: Bool { get }
  /// A handle other threads use to wake ``nextEvent(timeout:)``.
  var waker: Waker { get }
}

/// Wakes an ``EventSource`` from any thread or task, e.g. when an effect sends an action.
public struct Waker: Sendable {
  private let _wake: @Sendable () -> Void
  public init(_ wake: @escaping @Sendable () -> Void) { self._wake = wake }
  public func wake() { _wake() }
}
