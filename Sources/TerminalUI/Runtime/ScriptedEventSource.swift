/// An ``EventSource`` that plays back a script of events: for headless runtime tests and
/// benchmarks.
///
/// When the script is used up it waits for a wake-up (an effect delivering an action); if
/// nothing comes within `idleLimit` of the last activity, it reports `.terminate(signal: 0)` so
/// a test that waits
/// for something that never happens ends instead of hanging.
@MainActor
public final class ScriptedEventSource: EventSource {
  private var script: [TerminalEvent]
  private var wakes = 0
  private var continuation: CheckedContinuation<Void, Never>?
  private var idleSince: ContinuousClock.Instant?
  /// How long an empty script waits for effects before giving up.
  public var idleLimit: Duration
  /// Whether each event waits for the frame of the one before, as when a person types;
  /// otherwise the script arrives at once, like a paste, and is drawn when it is used up.
  public let isPaced: Bool
  private var drawsBeforeNext = false

  public nonisolated let waker: Waker

  /// A script cannot wait for keys that were never written: the runtime waits asynchronously.
  public var blocksUntilInput: Bool { false }

  public init(_ script: [TerminalEvent] = [], idleLimit: Duration = .seconds(5), paced: Bool = false) {
    self.script = script
    self.idleLimit = idleLimit
    self.isPaced = paced
    let box = WeakBox()
    self.waker = Waker { Task { @MainActor in box.source?.wakeUp() } }
    box.source = self
  }

  /// Adds events to the end of the script.
  public func append(_ events: [TerminalEvent]) {
    script.append(contentsOf: events)
    resume()
  }

  /// Whether every scripted event has been handed out.
  public var isFinished: Bool { script.isEmpty }

  public func nextEvent(timeout: Duration?) -> TerminalEvent {
    if wakes > 0 {
      wakes -= 1
      return .wake
    }
    if drawsBeforeNext {
      // NB: No input waiting is what lets the runtime draw.
      drawsBeforeNext = false
      return .timeout
    }
    if !script.isEmpty {
      idleSince = nil
      drawsBeforeNext = isPaced
      return script.removeFirst()
    }
    if let idleSince, ContinuousClock.now - idleSince > idleLimit { return .terminate(signal: 0) }
    return .timeout
  }

  public func waitForEvents(timeout: Duration?) async {
    guard script.isEmpty, wakes == 0 else { return }
    if idleSince == nil { idleSince = .now }
    let limit = min(timeout ?? idleLimit, idleLimit)
    let timer = Task { @MainActor [weak self] in
      // NB: A cancelled timer must not resume a later wait.
      guard (try? await Task.sleep(for: limit)) != nil else { return }
      self?.resume()
    }
    await withCheckedContinuation { self.continuation = $0 }
    timer.cancel()
  }

  private func wakeUp() {
    wakes += 1
    idleSince = nil  // NB: Effects are still delivering: the session is not idle.
    resume()
  }

  private func resume() {
    continuation?.resume()
    continuation = nil
  }

  private final class WeakBox: @unchecked Sendable {
    // NB: Only read and written on the main actor (in init and in the main-actor task).
    weak var source: ScriptedEventSource?
  }
}
