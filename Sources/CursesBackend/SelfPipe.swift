import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A non-blocking pipe that lets other threads (and signal handlers) interrupt `poll()`.
///
/// The write end is guarded so that a ``signal(_:)`` after ``close()`` is a no-op rather than a
/// write into whatever file later reuses the descriptor number.
final class SelfPipe: Sendable {
  /// The end the event loop polls and drains.
  let readFD: Int32
  private let writeEnd: Mutex<Int32>

  /// The raw write end, for the C signal relay (which cannot take a lock).
  let rawWriteFD: Int32

  init() throws(CursesBackendError) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw .cannotUseDescriptor(errno: currentErrno) }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    readFD = fds[0]
    rawWriteFD = fds[1]
    writeEnd = Mutex(fds[1])
  }

  deinit {
    close()
  }

  /// Writes one byte; a full pipe already holds a pending wake-up, so that is not an error.
  func signal(_ byte: UInt8 = 1) {
    writeEnd.withLock { fd in
      guard fd >= 0 else { return }
      var value = byte
      _ = write(fd, &value, 1)
    }
  }

  /// Reads every byte waiting in the pipe without blocking.
  func drain() -> [UInt8] {
    var drained: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
      if count > 0 {
        drained.append(contentsOf: chunk[0..<count])
      } else if count < 0 && currentErrno == EINTR {
        continue
      } else {
        return drained
      }
    }
  }

  /// Closes both ends; later ``signal(_:)`` calls do nothing.
  func close() {
    writeEnd.withLock { fd in
      guard fd >= 0 else { return }
      _ = closeDescriptor(fd)
      _ = closeDescriptor(readFD)
      fd = -1
    }
  }
}

/// `close(2)`, named apart from ``SelfPipe/close()``.
func closeDescriptor(_ fd: Int32) -> Int32 {
  #if canImport(Glibc)
    Glibc.close(fd)
  #else
    Darwin.close(fd)
  #endif
}

/// `write(2)`, named apart from ``CursesScreen/write(_:)``.
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
  #else
    Darwin.write(fd, buffer, count)
  #endif
}
