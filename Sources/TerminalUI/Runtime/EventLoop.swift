/// The loop every runtime of a screen runs (``FormRuntime``, ``ListRuntime``): one task on the
/// main actor does every terminal call. While it waits for input it suspends instead of blocking,
/// so effects deliver their actions meanwhile, and the store's observer wakes it to draw them at
/// once (no polling).
///
/// A runtime owns one loop, tells it when the state changed (``stateDidChange()``) and what was
/// drawn (``didDraw()``), and hands ``run(_:)`` what only it knows: its outcome, its keys, how
/// it draws.
@MainActor
final class EventLoop {
  let events: any EventSource
  /// Whether a state change or key is waiting to be drawn.
  private(set) var isDirty = true
  private var isWaiting = false
  /// Whether the state changed since the loop last looked for an outcome.
  private var mayHaveEnded = true
  /// Whether a spinner runs, as the screen said for the current state (`nil`: not asked yet).
  private var knownBusy: Bool?

  init(events: any EventSource) { self.events = events }

  /// What the loop asks of the screen it runs.
  struct Screen<Outcome> {
    /// How the run ended, once it has (asked after the state changed).
    var outcome: () -> Outcome?
    /// Handles a key; an outcome when the key ends the run.
    var handle: (Key) -> Outcome?
    /// Draws the current state.
    var render: () -> Void
    /// Whether something runs that a spinner shows (the loop then ticks every 100 ms).
    var isBusy: () -> Bool
    /// Whether the store has effects that may still send actions.
    var hasRunningEffects: () -> Bool
    /// One spinner step.
    var tick: () -> Void
    /// The outcome for a termination signal.
    var terminated: (Int32) -> Outcome
    /// The screen must be drawn anew in full (after Ctrl-Z).
    var resumed: () -> Void
  }

  /// Runs until the screen reports an outcome.
  func run<Outcome>(_ screen: Screen<Outcome>) async -> Outcome {
    mayHaveEnded = true
    isDirty = true
    screen.render()
    var waited: TerminalEvent?
    while true {
      // NB: Asked only after the state changed: each look at the store's state copies it whole.
      if mayHaveEnded {
        mayHaveEnded = false
        if let outcome = screen.outcome() {
          screen.render()
          return outcome
        }
      }
      let event = waited ?? events.nextEvent(timeout: .zero)
      waited = nil
      switch event {
      case .timeout:
        if isDirty {
          screen.render()
          continue
        }
        let animating = knownBusy ?? screen.isBusy()
        knownBusy = animating
        let timeout: Duration? = animating ? .milliseconds(100) : nil
        if screen.hasRunningEffects() || !events.blocksUntilInput {
          isWaiting = true
          await events.waitForEvents(timeout: timeout)
          isWaiting = false
        } else {
          // NB: No effect runs, so no action can arrive meanwhile: wait right here for the next
          //     key, without the thread hop of the asynchronous wait.
          waited = events.nextEvent(timeout: timeout)
        }
        if animating {
          screen.tick()
          isDirty = true
        }
      case let .key(key):
        isDirty = true
        if let outcome = screen.handle(key) { return outcome }
      case .wake:
        continue
      case let .terminate(signal):
        return screen.terminated(signal)
      case .resumed:
        screen.resumed()
        isDirty = true
      }
    }
  }

  /// The store's state changed: draw it, and look for an outcome.
  func stateDidChange() {
    isDirty = true
    mayHaveEnded = true
    knownBusy = nil
    if isWaiting { events.waker.wake() }
  }

  /// Something changed that the next frame must show (a key handled outside ``run(_:)``).
  func setNeedsDisplay() { isDirty = true }

  /// The current state is on screen.
  func didDraw() { isDirty = false }
}
