import CNcurses
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CursesBackend {
  /// Edits `text` in the person's editor, as `git commit` does: `$VISUAL`, else `$EDITOR`,
  /// else `vi`, run by `/bin/sh` on a private temporary file, on this terminal, with curses
  /// put aside meanwhile and the screen restored afterwards. Returns the file's text when the
  /// editor exits with status 0, `nil` otherwise (the text is kept).
  ///
  /// ```swift
  /// runtime.externalEditor = { backend.editExternally($0, environment: environment) }
  /// ```
  // NB: Written by hand: no library here runs an editor; the steps are git's (sh -c, a temp
  //     file, exit status 0 means "use it").
  public func editExternally(_ text: String, environment: [String: String]) -> String? {
    let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
      .first { !$0.allSatisfy(\.isWhitespace) } ?? "vi"
    let folder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(folder)/settings-tui-XXXXXX.txt".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemps($0, 4) } ?? -1
    }
    guard fd >= 0 else { return nil }
    let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(path) }
    let bytes = Array(text.utf8) + (text.isEmpty || text.hasSuffix("\n") ? [] : [UInt8(ascii: "\n")])
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard written == bytes.count else { return nil }

    leaveCursesMode()
    let status = runOnTerminal(["/bin/sh", "-c", editor + " \"$@\"", editor, path])
    enterCursesMode()
    guard status == 0, let edited = readFile(path) else { return nil }
    return edited
  }

  /// Runs a program with this terminal as its standard input, output and error, and waits
  /// for it; its exit status, or `nil` when it could not start or was killed.
  private func runOnTerminal(_ arguments: [String]) -> Int32? {
    #if os(Linux)
      var actions = posix_spawn_file_actions_t()
    #else
      var actions: posix_spawn_file_actions_t? = nil
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, screen.inputFD, 0)
    posix_spawn_file_actions_adddup2(&actions, screen.outputFD, 1)
    posix_spawn_file_actions_adddup2(&actions, screen.outputFD, 2)
    #if os(Linux)
      var attributes = posix_spawnattr_t()
    #else
      var attributes: posix_spawnattr_t? = nil
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    guard cn_spawn_default_signals(&attributes) == 0 else { return nil }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    #if canImport(Darwin)
      let environment = _NSGetEnviron().pointee
    #else
      let environment = environ
    #endif
    // NB: The editor owns Ctrl-C, Ctrl-\ and Ctrl-Z while it runs (see the shim).
    let signals = cn_child_signals_begin()
    defer { cn_child_signals_end(signals) }
    var pid: pid_t = 0
    guard posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environment) == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return nil }
    }
    // NB: WIFEXITED and WEXITSTATUS are macros: exited normally when the low 7 bits are 0.
    guard status & 0x7F == 0 else { return nil }
    return (status >> 8) & 0xFF
  }

  private func readFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
      bytes += chunk[0..<count]
      // NB: A text area holds text, not a disk image: stop reading at 1 MiB.
      if bytes.count > 1 << 20 { return nil }
    }
  }
}
