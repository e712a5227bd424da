import CNcurses
import TerminalUI
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CursesBackend: EventSource {
  /// Wakes ``nextEvent(timeout:)`` from any thread; harmless after ``shutdown()``.
  public nonisolated var waker: Waker {
    let pipe = wakePipe
    return Waker { pipe.signal() }
  }

  /// Waits for the next key, wake-up or signal without busy polling.
  ///
  /// Keys curses already has come first; otherwise the terminal, the wake pipe and the signal
  /// pipe are polled together. A zero timeout only asks curses for a waiting key and for a
  /// signal ``waitForEvents(timeout:)`` took: other wake-ups and signals are reported by the
  /// next call that waits. SIGTERM, SIGHUP, SIGQUIT (and a
  /// closed terminal) give ``TerminalUI/TerminalEvent/terminate(signal:)``; SIGWINCH gives
  /// ``TerminalUI/Key/resize``; Ctrl-Z or SIGTSTP suspends the program and gives
  /// ``TerminalUI/TerminalEvent/resumed`` once it is continued; SIGINT from `kill` arrives as
  /// Ctrl-C.
  public func nextEvent(timeout: Duration?) -> TerminalEvent {
    guard !isShutDown else { return terminating(cn_sighup()) }
    let deadline =
      timeout == .zero ? nil : timeout.map { Self.monotonicNanoseconds() + Self.nanoseconds($0) }
    while true {
      if let event = takeSignalEvent() { return event }
      if let event = readKey() { return event }
      if awaitsResize { return .key(resizeWithoutCurses()) }
      if inputEnded { return terminating(cn_sighup()) }
      if timeout == .zero { return .timeout }
      var fds = [
        pollfd(fd: screen.inputFD, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signals.pipe.readFD, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakePipe.readFD, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, nfds_t(fds.count), Self.milliseconds(until: deadline))
      if ready < 0 {
        // NB: EINTR (e.g. SIGWINCH on this thread): loop, so the relayed signal is read.
        if currentErrno == EINTR { continue }
        return terminating(cn_sighup())
      }
      if ready == 0 { return .timeout }
      if fds[1].revents != 0 { pendingSignals += signals.takeSignals() }
      if fds[2].revents != 0 {
        _ = wakePipe.drain()
        return .wake
      }
      // NB: A closed terminal reports POLLHUP, maybe with its last bytes: those are read first.
      let closedMask = Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)
      if fds[0].revents & closedMask != 0 { inputEnded = true }
    }
  }

  /// The event that ends the program on `signal`, remembered for ``shutdown()``.
  private func terminating(_ signal: Int32) -> TerminalEvent {
    isTerminating = true
    return .terminate(signal: signal)
  }

  /// Turns the oldest relayed signal into an event; SIGWINCH only marks a resize as expected.
  private func takeSignalEvent() -> TerminalEvent? {
    while !pendingSignals.isEmpty {
      let signal = pendingSignals.removeFirst()
      switch signal {
      case cn_sigterm(), cn_sighup(), cn_sigquit():
        return terminating(signal)
      case cn_sigint():
        return .key(.control("c"))
      case cn_sigwinch():
        awaitsResize = true
      case cn_sigtstp():
        return suspend()
      case cn_sigcont():
        if ignoresNextContinue {
          ignoresNextContinue = false
        } else {
          return resume()
        }
      default:
        continue
      }
    }
    return nil
  }

  /// Milliseconds `poll` may wait: -1 for no deadline, 0 once it has passed.
  ///
  /// NB: Deadlines are plain nanoseconds of the monotonic clock: an optional
  ///     `ContinuousClock.Instant` (a resilient standard-library type) is tested and copied
  ///     through value witnesses, on a page of its own, for every key.
  private static func milliseconds(until deadline: Int64?) -> Int32 {
    guard let deadline else { return -1 }
    let remaining = deadline - monotonicNanoseconds()
    guard remaining > 0 else { return 0 }
    return Int32(clamping: (remaining + 999_999) / 1_000_000)
  }

  /// The monotonic clock (the one `ContinuousClock` reads), in nanoseconds.
  private static func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }

  private static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    let (total, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    return overflow ? .max / 2 : total + attoseconds / 1_000_000_000
  }

  /// Measures the terminal after SIGWINCH and has curses take the new size (curses may already
  /// have done so in an update, if its own SIGWINCH handler saw the signal).
  private func resizeWithoutCurses() -> Key {
    awaitsResize = false
    followDeviceSize()
    return .resize
  }

  /// Has curses take the size the terminal device reports, when it thinks otherwise: with LINES
  /// and COLUMNS exported, curses' own resize reads them back and keeps the old size.
  func followDeviceSize() {
    var rows: Int32 = 0
    var columns: Int32 = 0
    if cn_terminal_size(screen.outputFD, &rows, &columns) == 0,
      rows != cn_max_y(screen.window) || columns != cn_max_x(screen.window)
    {
      _ = resize_term(rows, columns)
    }
  }
}

extension CursesBackend {
  /// `nextEvent(timeout:)` polls the terminal, so it really waits for input.
  public var blocksUntilInput: Bool { true }

  /// Suspends, without blocking the main actor, until the terminal, a wake-up or a signal has
  /// something for ``nextEvent(timeout:)``, or `timeout` passes.
  ///
  /// A helper thread only polls the descriptors; it reads nothing, so every curses call stays on
  /// the main actor. Call it after ``nextEvent(timeout:)`` returned `.timeout`: input already
  /// read is not visible to `poll`. A signal or a wake-up that ended the wait is taken from its
  /// pipe here: the next `nextEvent(timeout: .zero)` reports the signal without polling, and a
  /// byte left in either pipe would end every later wait at once.
  public func waitForEvents(timeout: Duration?) async {
    guard !isShutDown, pendingSignals.isEmpty, !awaitsResize, !inputEnded else {
      return
    }
    let descriptors = [screen.inputFD, signals.pipe.readFD, wakePipe.readFD]
    let milliseconds: Int32 = timeout.map { duration in
      let (seconds, attoseconds) = duration.components
      return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    } ?? -1
    let ready = await withCheckedContinuation { (continuation: CheckedContinuation<[Int16], Never>) in
      DispatchQueue.global(qos: .userInteractive).async {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while poll(&fds, nfds_t(fds.count), milliseconds) < 0, errno == EINTR {}
        continuation.resume(returning: fds.map(\.revents))
      }
    }
    guard !isShutDown else { return }
    if ready[1] != 0 { pendingSignals += signals.takeSignals() }
    if ready[2] != 0 { _ = wakePipe.drain() }
    // NB: A closed terminal without a hang-up signal: said by the next zero-timeout call too,
    //     or every later wait would end at once on it.
    if ready[0] & (Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)) != 0 { inputEnded = true }
  }
}
