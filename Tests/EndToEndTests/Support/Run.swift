import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a finished process left: its exit status and everything it wrote.
struct ProcessResult: CustomStringConvertible {
  var status: Int32
  var stdout: String
  var stderr: String

  var description: String {
    "exit \(status)\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)"
  }
}

struct ProcessFailure: Error, CustomStringConvertible {
  var description: String
}

/// Runs a program to completion with exactly the given environment (nothing inherited),
/// standard input from `input` (or /dev/null) and its output collected through files (a full
/// pipe never blocks it). The exit status is the shell's: 128 plus the signal number when a signal ended it.
///
/// NB: Not Foundation's `Process`: on Linux it learns that a child ended from a socket the child
///     inherits, so it never notices when the child leaves a daemon behind holding that socket
///     (`tmux new-session -d` starts the tmux server that way) and waits forever.
@discardableResult
func run(
  _ executable: String, _ arguments: [String], environment: [String: String],
  input: String? = nil, timeout: Duration = .seconds(20)
) throws -> ProcessResult {
  let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("stui-e2e-run-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: scratch) }
  let outPath = scratch.appendingPathComponent("stdout").path
  let errPath = scratch.appendingPathComponent("stderr").path

  #if os(Linux)
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
  #else
    var actions: posix_spawn_file_actions_t? = nil
    var attributes: posix_spawnattr_t? = nil
  #endif
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  let inPath = scratch.appendingPathComponent("stdin").path
  if let input { try Data(input.utf8).write(to: URL(fileURLWithPath: inPath)) }
  posix_spawn_file_actions_addopen(&actions, 0, input == nil ? "/dev/null" : inPath, O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  #if os(Linux)
    // Nothing else of the test runner's leaks into the child (or a daemon it starts).
    _ = closeFrom?(&actions, 3)
  #endif

  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  // Default signal handling and no blocked signals, whatever the test runner set up.
  var all = sigset_t()
  sigfillset(&all)
  var none = sigset_t()
  sigemptyset(&none)
  posix_spawnattr_setsigdefault(&attributes, &all)
  posix_spawnattr_setsigmask(&attributes, &none)
  #if os(Linux)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
  #else
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_CLOEXEC_DEFAULT))
  #endif

  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    argv.forEach { free($0) }
    envp.forEach { free($0) }
  }
  var pid = pid_t()
  let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
  guard spawned == 0 else {
    throw ProcessFailure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
  }

  let deadline = ContinuousClock.now + timeout
  var status: Int32 = 0
  while true {
    let answer = waitpid(pid, &status, WNOHANG)
    if answer == pid { break }
    if answer == -1 && errno != EINTR {
      throw ProcessFailure(description: "waitpid for \(executable) failed: \(String(cString: strerror(errno)))")
    }
    if ContinuousClock.now > deadline {
      kill(pid, SIGKILL)
      _ = waitpid(pid, &status, 0)
      throw ProcessFailure(
        description: "\(executable) \(arguments.joined(separator: " ")) did not finish in \(timeout)")
    }
    usleep(1_000)
  }
  // NB: The wait-status macros are not imported; decode the status by hand.
  let signal = status & 0x7f
  let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
  return ProcessResult(
    status: code,
    stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
    stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
}

#if os(Linux)
  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift does not import.
  private let closeFrom:
    (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
      guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
      return unsafeBitCast(
        symbol,
        to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()
#endif

/// The first absolute path of `name` on the `PATH` (or in the usual folders).
func which(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
  let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/local/bin"]
  for folder in folders {
    let candidate = "\(folder)/\(name)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}
