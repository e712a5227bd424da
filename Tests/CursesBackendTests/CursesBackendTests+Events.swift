import CursesBackend
import Testing
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CursesBackendTests {
  @Test func wakerInterruptsABlockedWait() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    let waker = backend.waker
    Task.detached {
      try? await Task.sleep(for: .milliseconds(50))
      waker.wake()
    }
    let clock = ContinuousClock()
    let start = clock.now
    #expect(backend.nextEvent(timeout: .seconds(5)) == .wake)
    #expect(start.duration(to: clock.now) < .seconds(1))
    #expect(backend.nextEvent(timeout: .zero) == .timeout, "one wake-up, one event")
  }

  @Test func manyWakeUpsCoalesce() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    for _ in 0..<10_000 { backend.waker.wake() }
    #expect(backend.nextEvent(timeout: .seconds(1)) == .wake)
    #expect(backend.nextEvent(timeout: .zero) == .timeout)
  }

  @Test func timeoutElapsesWithoutInput() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    let clock = ContinuousClock()
    let start = clock.now
    #expect(backend.nextEvent(timeout: .milliseconds(30)) == .timeout)
    #expect(start.duration(to: clock.now) >= .milliseconds(30))
  }

  @Test func windowChangeArrivesAsResize() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    _ = kill(getpid(), SIGWINCH)
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.resize))
    terminal.type("q")
    #expect(backend.nextEvent(timeout: .seconds(1)) == .key(.character("q")), "one resize only")
  }

  @Test(arguments: [SIGTERM, SIGHUP, SIGQUIT])
  func terminationSignalsBecomeEvents(signal: Int32) throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    _ = kill(getpid(), signal)
    #expect(backend.nextEvent(timeout: .seconds(2)) == .terminate(signal: signal))
  }

  /// While effects run, the event loop waits asynchronously and then asks with a zero timeout,
  /// which does not poll: a signal that ended the wait must be taken by the wait, or the loop
  /// spins (SIGTERM was ignored, at full processor, until the effects ended).
  @Test func aSignalThatEndsAnAsynchronousWaitIsTheNextEvent() async throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    _ = kill(getpid(), SIGTERM)
    await backend.waitForEvents(timeout: .seconds(2))
    #expect(backend.nextEvent(timeout: .zero) == .terminate(signal: SIGTERM))
  }

  @Test func aTerminalClosedDuringAnAsynchronousWaitEndsTheLoop() async throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.hangUp()
    await backend.waitForEvents(timeout: .seconds(2))
    #expect(backend.nextEvent(timeout: .zero) == .terminate(signal: SIGHUP))
  }

  @Test func aWakeUpEndsOneAsynchronousWaitNotEveryLaterOne() async throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    backend.waker.wake()
    let clock = ContinuousClock()
    var start = clock.now
    await backend.waitForEvents(timeout: .seconds(2))
    #expect(start.duration(to: clock.now) < .seconds(1), "the wake-up ends the wait")
    start = clock.now
    await backend.waitForEvents(timeout: .milliseconds(100))
    #expect(start.duration(to: clock.now) >= .milliseconds(90), "the next wait waits")
  }

  /// A program that exits some other way than through `shutdown` (an `exit` deep in its own
  /// code) restores the terminal from an `atexit` handler; `shutdown` after it does nothing more.
  @Test func theTerminalCanBeRestoredAtExitFromAnyThread() async throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    _ = terminal.takeText()
    await Task.detached { CursesBackend.restoreTerminalAtExit() }.value
    let restored = terminal.takeText()
    #expect(restored.contains("\u{1B}[?1049l"), "the alternate screen is left: \(restored.debugDescription)")
    CursesBackend.restoreTerminalAtExit()
    backend.shutdown()
  }

  @Test func interruptSignalQuitsLikeControlC() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    _ = kill(getpid(), SIGINT)
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.control("c")))
  }

  @Test func closedTerminalEndsTheLoop() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("z")
    terminal.hangUp()
    #expect(backend.nextEvent(timeout: .seconds(1)) == .key(.character("z")))
    #expect(backend.nextEvent(timeout: .seconds(1)) == .terminate(signal: SIGHUP))
  }
}
