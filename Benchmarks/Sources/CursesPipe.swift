import CursesBackend
import Synchronization
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A real ncurses backend (`newterm`) whose terminal is a pair of pipes: keys would come from
/// one (nothing is ever written to it), the screen goes to the other, where we count bytes.
///
/// `.thread` drains the screen pipe on another thread, as a terminal would, for timing;
/// `.onDemand` leaves bytes in the pipe until ``drain()`` reads them, to attribute them to one
/// keystroke.
@MainActor
final class CursesPipe {
  enum Draining { case thread, onDemand }

  let backend: CursesBackend
  private let inputRead: Int32
  private let inputWrite: Int32
  private let outputRead: Int32
  private let outputWrite: Int32
  private let drainer: DrainThread?

  init(draining: Draining, columns: Int = 80, rows: Int = 24) throws {
    // NB: On a pipe curses cannot ask the kernel for a size; it takes LINES/COLUMNS.
    setenv("COLUMNS", String(columns), 1)
    setenv("LINES", String(rows), 1)
    var input: [Int32] = [0, 0]
    var output: [Int32] = [0, 0]
    guard pipe(&input) == 0, pipe(&output) == 0 else { throw PipeError.cannotCreatePipe }
    (inputRead, inputWrite, outputRead, outputWrite) = (input[0], input[1], output[0], output[1])
    // NB: A pipe holds 64 KiB by default; a first frame plus a keystroke fits easily, but ask
    //     for 1 MiB so on-demand draining never blocks the writer.
    _ = fcntl(outputWrite, 1031 /* F_SETPIPE_SZ */, 1 << 20)
    switch draining {
    case .thread:
      drainer = DrainThread(fd: outputRead)
    case .onDemand:
      _ = fcntl(outputRead, F_SETFL, fcntl(outputRead, F_GETFL) | O_NONBLOCK)
      drainer = nil
    }
    backend = try CursesBackend(
      inputFD: inputRead, outputFD: outputWrite, termName: "xterm-256color", colorMode: .automatic)
  }

  /// Reads everything written so far and returns how many bytes that was (`.onDemand` only).
  func drain() -> Int {
    lastDrained.removeAll(keepingCapacity: true)
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(outputRead, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      lastDrained += chunk[0..<count]
    }
    return lastDrained.count
  }

  /// The bytes the latest ``drain()`` read.
  private(set) var lastDrained: [UInt8] = []

  /// The latest drained bytes, escapes shown as `\e` and other control bytes as `^X`.
  var lastDrainedEscaped: String {
    lastDrained.map { byte -> String in
      switch byte {
      case 0x1B: "\\e"
      case 0..<0x20: "^" + String(UnicodeScalar(byte + 0x40))
      default: String(UnicodeScalar(byte))
      }
    }.joined()
  }

  /// Bytes the drain thread has read so far (`.thread` only).
  var bytesDrained: Int { drainer?.bytes.load(ordering: .relaxed) ?? 0 }

  /// Ends curses, closes the pipes and waits for the drain thread.
  func close() {
    backend.shutdown()
    _ = Glibc.close(outputWrite)
    _ = Glibc.close(inputWrite)
    drainer?.join()
    _ = Glibc.close(outputRead)
    _ = Glibc.close(inputRead)
  }

  enum PipeError: Error { case cannotCreatePipe }
}

/// Reads a descriptor until end of file on its own thread, counting bytes.
final class DrainThread: Sendable {
  let bytes = Atomic<Int>(0)
  private let fd: Int32
  nonisolated(unsafe) private var thread = pthread_t()

  init(fd: Int32) {
    self.fd = fd
    let context = Unmanaged.passRetained(self).toOpaque()
    pthread_create(&thread, nil, { argument in
      guard let argument else { return nil }
      let drainer = Unmanaged<DrainThread>.fromOpaque(argument).takeRetainedValue()
      drainer.run()
      return nil
    }, context)
  }

  private func run() {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.add(count, ordering: .relaxed)
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }

  func join() {
    pthread_join(thread, nil)
  }
}
