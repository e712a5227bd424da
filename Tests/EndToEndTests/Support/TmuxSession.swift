import Foundation

/// The real `settings-tui` binary in a real (tmux) terminal, isolated from everything else: its
/// own tmux server socket, its own temporary HOME, XDG_CONFIG_HOME and XDG_DATA_HOME, an 80x24
/// window, TERM=xterm-256color and LANG=C.UTF-8.
///
/// The program runs under a small shell wrapper that writes the program's pid before it starts
/// (the `exec`'d inner shell's `$$`), sends its standard output and error to files, and after it
/// ends records `stty -a` and the exit status, then keeps the pane alive so the terminal's state
/// can still be read.
///
/// ```swift
/// let session = try TmuxSession()
/// defer { session.close() }
/// try session.start(["client"])
/// try await session.waitFor("the client form") { $0.contains("New client") }
/// try session.press("Escape")
/// #expect(try await session.waitForExit() == 1)
/// ```
final class TmuxSession {
  /// Everything this session owns; removed by ``close()``.
  let folder: URL
  let home: URL
  let configHome: URL
  let dataHome: URL
  let binary: String
  private let tmux: String
  private let socket: String
  private let target = "e2e"
  private var started = false

  /// How long the wait helpers wait before failing.
  static let defaultTimeout: Duration = .seconds(10)

  init() throws {
    guard let tmux = which("tmux") else {
      throw ProcessFailure(description: "tmux is not installed (apt-get install tmux); the end-to-end tests need it")
    }
    self.tmux = tmux
    self.binary = try Executable.settingsTUI()
    // NB: A short path: a Unix socket path must fit in 108 bytes.
    let folder = URL(fileURLWithPath: "/tmp", isDirectory: true)
      .appendingPathComponent("stui-e2e-\(UUID().uuidString.prefix(8))", isDirectory: true)
    self.folder = folder
    self.home = folder.appendingPathComponent("home", isDirectory: true)
    self.configHome = home.appendingPathComponent("config", isDirectory: true)
    self.dataHome = home.appendingPathComponent("data", isDirectory: true)
    self.socket = folder.appendingPathComponent("tmux.sock").path
    for url in [home, configHome, dataHome] {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
  }

  deinit { close() }

  // MARK: Paths and environment

  /// Where the program keeps settings by default (`$XDG_CONFIG_HOME/settings-tui/settings.json`).
  var settingsFile: URL {
    configHome.appendingPathComponent("settings-tui/settings.json")
  }

  /// Where the program keeps clients by default.
  var databaseFile: URL {
    dataHome.appendingPathComponent("settings-tui/clients.sqlite")
  }

  /// The environment the program sees (nothing inherited from the test runner, so no
  /// notification service and no desktop session: permission requests are denied).
  var environment: [String: String] {
    [
      "HOME": home.path,
      "XDG_CONFIG_HOME": configHome.path,
      "XDG_DATA_HOME": dataHome.path,
      "TERM": "xterm-256color",
      "LANG": "C.UTF-8",
      "PATH": "/usr/local/bin:/usr/bin:/bin",
      "TMUX_TMPDIR": folder.path,
    ]
  }

  /// Writes a settings file where the program looks for it.
  func writeSettings(_ text: String) throws {
    try FileManager.default.createDirectory(
      at: settingsFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: settingsFile)
  }

  /// Runs the program directly (no terminal: standard input is `input`, or /dev/null) to
  /// completion, in this session's folder's environment plus `extra`.
  func runDirectly(_ arguments: [String], input: String? = nil, environment extra: [String: String] = [:]) throws -> ProcessResult {
    try run(binary, arguments, environment: environment.merging(extra) { $1 }, input: input)
  }

  // MARK: Starting

  /// Starts `settings-tui arguments` in a fresh tmux server, in a window of the given size.
  /// `environment` adds variables for the program (such as `NO_COLOR`).
  ///
  /// With `recordingOutput`, every byte the program writes to the terminal is also kept, from
  /// the first one on (``output()``).
  func start(
    _ arguments: [String], environment extra: [String: String] = [:], columns: Int = 80,
    rows: Int = 24, recordingOutput: Bool = false
  ) throws {
    let exports = extra.sorted { $0.key < $1.key }.map { "export \($0.key)='\($0.value)'" }
    // NB: While the output is being hooked up, the program waits for a file saying so.
    let wait = recordingOutput ? "while [ ! -f \"$dir/go\" ]; do sleep 0.02; done" : ""
    let script = """
      #!/bin/sh
      dir='\(folder.path)'
      export TERM=xterm-256color LANG=C.UTF-8
      \(exports.joined(separator: "\n"))
      unset TMUX TMUX_PANE
      cd "$dir"
      \(wait)
      sh -c 'echo $$ > "$0/pid.tmp" && mv "$0/pid.tmp" "$0/pid" && exec "$@"' "$dir" '\(binary)' "$@" \
        > "$dir/stdout" 2> "$dir/stderr"
      status=$?
      stty -a > "$dir/stty" 2>&1
      echo "$status" > "$dir/exit.tmp" && mv "$dir/exit.tmp" "$dir/exit"
      exec sleep 600
      """
    let wrapper = folder.appendingPathComponent("run.sh")
    try Data(script.utf8).write(to: wrapper)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
    try startServer(columns: columns, rows: rows, command: [wrapper.path] + arguments)
    if recordingOutput {
      let output = folder.appendingPathComponent("output").path
      _ = try tmuxCommand(["pipe-pane", "-o", "-t", target, "cat >> '\(output)'"])
      _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("go").path, contents: nil)
    }
  }

  /// Every byte the program wrote to the terminal so far (``start(_:environment:columns:rows:recordingOutput:)``
  /// with `recordingOutput`).
  func output() -> [UInt8] {
    (try? Data(contentsOf: folder.appendingPathComponent("output"))).map { Array($0) } ?? []
  }

  /// Starts a shell (``startShell(columns:rows:)``) and runs `command` in it, followed by
  /// `echo "exit=$?"`, so a test can read the exit status off the screen.
  func startShell(running command: String) async throws {
    try startShell()
    try await waitFor("the shell's prompt") { $0.lines.first == "$" }
    try runInShell(command)
  }

  /// Types `command; echo "exit=$?"` and Enter into the shell.
  func runInShell(_ command: String) throws {
    try type(command + #"; echo "exit=$?""#)
    try press("Enter")
  }

  /// Starts an interactive bash (no profile, prompt `$ `) instead of the program, for tests that
  /// need a shell's job control (Ctrl-Z and `fg`). `$BIN` names the program, `$DIR` this folder.
  func startShell(columns: Int = 80, rows: Int = 24) throws {
    let rc = folder.appendingPathComponent("bashrc")
    try Data(
      """
      PS1='$ '
      export TERM=xterm-256color LANG=C.UTF-8 BIN='\(binary)' DIR='\(folder.path)'
      unset TMUX TMUX_PANE HISTFILE
      cd "$DIR"

      """.utf8
    ).write(to: rc)
    try startServer(
      columns: columns, rows: rows,
      command: ["/bin/bash", "--noprofile", "--rcfile", rc.path, "-i"])
  }

  private func startServer(columns: Int, rows: Int, command: [String]) throws {
    precondition(!started, "one program per session")
    started = true
    try tmuxCommand(
      ["new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)", "--"] + command)
  }

  // MARK: Keys

  /// Sends named keys (`Tab`, `BTab`, `Enter`, `Escape`, `C-c`, `Space`, `Left`, ...), each as
  /// its own key press.
  func press(_ keys: String...) throws {
    for key in keys { try tmuxCommand(["send-keys", "-t", target, key]) }
  }

  /// Presses Esc on a form with changes and answers Yes to "Discard changes?".
  func discardChanges() async throws {
    try press("Escape")
    try await waitFor(text: "Discard changes?")
    try type("y")
  }

  /// Clicks the left button on a cell (0-based), as an xterm reports it (SGR 1006: press, then
  /// release), sent to the program as bytes.
  func click(column: Int, row: Int) throws {
    let report = "\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m"
    let hex = report.utf8.map { String($0, radix: 16) }
    try tmuxCommand(["send-keys", "-t", target, "-H"] + hex)
  }

  /// Types `text` literally.
  func type(_ text: String) throws {
    // NB: `--`, so text that starts with a dash is typed, not read as a flag.
    try tmuxCommand(["send-keys", "-t", target, "-l", "--", text])
  }

  // MARK: Reading

  /// What the pane shows now.
  func screen() throws -> Screen {
    Screen(try tmuxCommand(["capture-pane", "-p", "-t", target]))
  }

  /// What the pane shows now, with attributes as escape sequences (to see highlighting).
  func styledScreen() throws -> [String] {
    try tmuxCommand(["capture-pane", "-p", "-e", "-t", target])
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The button drawn highlighted (reverse video), such as `Save` or `Cancel`, or nil.
  func focusedButton(among titles: [String] = ["Save", "Cancel"]) throws -> String? {
    for line in try styledScreen() {
      for title in titles where isReversed("[ \(title) ]", in: line) { return title }
    }
    return nil
  }

  /// Whether the escape sequences right before `text` in a styled row turn on reverse video.
  private func isReversed(_ text: String, in line: String) -> Bool {
    guard let range = line.range(of: text) else { return false }
    var before = Substring(line[..<range.lowerBound])
    // Walk back over the SGR sequences (`ESC [ params m`) directly in front of the text.
    while before.hasSuffix("m"), let start = before.range(of: "\u{1B}[", options: .backwards) {
      let params = before[start.upperBound..<before.index(before: before.endIndex)]
      guard params.allSatisfy({ $0.isNumber || $0 == ";" }) else { return false }
      if params.split(separator: ";").contains("7") { return true }
      before = before[..<start.lowerBound]
    }
    return false
  }

  /// Waits until the button `title` is highlighted.
  func waitForButton(_ title: String, timeout: Duration = TmuxSession.defaultTimeout) async throws {
    let deadline = ContinuousClock.now + timeout
    while try focusedButton(among: [title]) != title {
      if ContinuousClock.now > deadline {
        throw TimedOut(
          description: "Timed out after \(timeout) waiting for the focus on [ \(title) ]. \(report(try? screen()))")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// The parameters of every SGR sequence (`ESC [ params m`) on the styled screen, e.g. `1;7`.
  func styleParameters() throws -> [[Int]] {
    var found: [[Int]] = []
    for line in try styledScreen() {
      var rest = Substring(line)
      while let start = rest.range(of: "\u{1B}[") {
        rest = rest[start.upperBound...]
        let params = rest.prefix { $0.isNumber || $0 == ";" }
        rest = rest[params.endIndex...]
        guard rest.first == "m" else { continue }
        found.append(params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 })
      }
    }
    return found
  }

  /// A pane format such as `#{alternate_on}`.
  func display(_ format: String) throws -> String {
    try tmuxCommand(["display-message", "-p", "-t", target, format])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Resizes the window (and so the program's terminal).
  func resize(columns: Int, rows: Int) throws {
    try tmuxCommand(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// What the program wrote on standard output (only complete once it has exited).
  var stdout: String { read("stdout") }
  /// What the program wrote on standard error.
  var stderr: String { read("stderr") }
  /// `stty -a` as the wrapper saw it right after the program ended.
  var sttyAfterExit: String { read("stty") }

  private func read(_ name: String) -> String {
    (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
  }

  // MARK: Waiting

  struct TimedOut: Error, CustomStringConvertible {
    var description: String
  }

  /// Polls the screen until `condition` holds on a whole frame; fails after `timeout` with the
  /// last screen.
  ///
  /// A frame reaches the terminal in several writes (curses sends it row by row), so a capture
  /// can catch one half drawn: the row the condition looks for, and not yet the rows under it.
  /// A screen counts once a second capture, ``settleTime`` later, shows the same.
  @discardableResult
  func waitFor(
    _ what: String, timeout: Duration = TmuxSession.defaultTimeout,
    until condition: (Screen) -> Bool
  ) async throws -> Screen {
    let deadline = ContinuousClock.now + timeout
    var last = try screen()
    while true {
      if condition(last) {
        try await Task.sleep(for: Self.settleTime)
        let again = try screen()
        // NB: A screen that never stops changing (an animation) is taken as it is at the end.
        if again == last || ContinuousClock.now > deadline { return last }
        last = again
        continue
      }
      if ContinuousClock.now > deadline {
        throw TimedOut(description: "Timed out after \(timeout) waiting for \(what). \(report(last))")
      }
      try await Task.sleep(for: .milliseconds(20))
      last = try screen()
    }
  }

  /// How long a screen must stay the same to count as a whole frame: far longer than curses
  /// takes to send one (well under a millisecond), far shorter than a spinner's turn.
  static let settleTime: Duration = .milliseconds(30)

  /// Waits until `text` is on screen.
  @discardableResult
  func waitFor(text: String, timeout: Duration = TmuxSession.defaultTimeout) async throws -> Screen {
    try await waitFor("“\(text)” on screen", timeout: timeout) { $0.contains(text) }
  }

  /// Waits until a question is gone: `text` off screen and the key help (the last row, which
  /// curses draws last) no longer offering `answer`. The text alone is not enough: a capture can
  /// catch the frame half drawn, the question's top rows replaced and its buttons still there.
  @discardableResult
  func waitForQuestionGone(
    _ text: String, answer: String, timeout: Duration = TmuxSession.defaultTimeout
  ) async throws -> Screen {
    try await waitFor("“\(text)” gone", timeout: timeout) {
      !$0.contains(text) && $0.lines.last?.contains(answer) == false
    }
  }

  /// Waits until the focus marker is on the row whose label starts with `label`.
  @discardableResult
  func waitForFocus(on label: String, timeout: Duration = TmuxSession.defaultTimeout) async throws -> Screen {
    try await waitFor("the focus on “\(label)”", timeout: timeout) { $0.isFocused(on: label) }
  }

  /// Waits for the program to end and answers its exit status.
  func waitForExit(timeout: Duration = TmuxSession.defaultTimeout) async throws -> Int32 {
    let file = folder.appendingPathComponent("exit")
    let deadline = ContinuousClock.now + timeout
    while true {
      if let text = try? String(contentsOf: file, encoding: .utf8),
        let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return status
      }
      if ContinuousClock.now > deadline {
        throw TimedOut(
          description: "Timed out after \(timeout) waiting for the program to exit. \(report(try? screen()))")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// The program's pid (written by the wrapper just before the program starts).
  func programPID(timeout: Duration = TmuxSession.defaultTimeout) async throws -> Int32 {
    let file = folder.appendingPathComponent("pid")
    let deadline = ContinuousClock.now + timeout
    while true {
      if let text = try? String(contentsOf: file, encoding: .utf8),
        let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return pid
      }
      if ContinuousClock.now > deadline {
        throw TimedOut(description: "Timed out after \(timeout) waiting for the program's pid")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// A failure report: the screen as a picture and what the program wrote on standard error.
  func report(_ screen: Screen?) -> String {
    var text = "Last screen:\n\(screen.map(\.description) ?? "(could not capture)")"
    let errors = stderr
    if !errors.isEmpty { text += "\nstderr:\n\(errors)" }
    return text
  }

  // MARK: Terminal state after exit

  /// How the terminal was left after the program ended.
  struct TerminalState: CustomStringConvertible {
    var alternateScreen: Bool
    var cursorVisible: Bool
    /// The terminal reports the mouse (a shell would get its clicks as text).
    var mouseReported: Bool
    /// The keypad sends application-mode keys (`smkx` left on).
    var keypadMode: Bool
    var stty: String

    private var sttyFlags: Set<String> {
      Set(stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
    }
    /// Line editing (`icanon`) and echo are on, as a shell expects.
    var saneModes: Bool {
      let flags = sttyFlags
      return flags.contains("icanon") && flags.contains("echo") && flags.contains("isig")
    }
    var isRestored: Bool { !alternateScreen && cursorVisible && !mouseReported && !keypadMode && saneModes }

    var description: String {
      "alternate screen \(alternateScreen ? "on" : "off"), cursor \(cursorVisible ? "visible" : "hidden"), "
        + "mouse \(mouseReported ? "on" : "off"), keypad mode \(keypadMode ? "on" : "off"), stty:\n\(stty)"
    }
  }

  /// The terminal's state now (call after the program ended: `stty` is the wrapper's capture).
  func terminalState() throws -> TerminalState {
    TerminalState(
      alternateScreen: try display("#{alternate_on}") == "1",
      cursorVisible: try display("#{cursor_flag}") == "1",
      mouseReported: try display("#{mouse_any_flag}") == "1",
      keypadMode: try display("#{keypad_cursor_flag}") == "1",
      stty: sttyAfterExit)
  }

  // MARK: Cleanup

  /// Kills the tmux server (and so the program and the wrapper) and removes every file.
  func close() {
    if started {
      started = false
      _ = try? run(tmux, ["-S", socket, "kill-server"], environment: environment, timeout: .seconds(5))
    }
    try? FileManager.default.removeItem(at: folder)
  }

  // MARK: tmux

  @discardableResult
  private func tmuxCommand(_ arguments: [String]) throws -> String {
    let result = try run(
      tmux, ["-u", "-f", "/dev/null", "-S", socket] + arguments, environment: environment,
      timeout: .seconds(5))
    guard result.status == 0 else {
      throw ProcessFailure(
        description: "tmux \(arguments.joined(separator: " ")) failed: \(result.status) \(result.stderr)")
    }
    return result.stdout
  }
}

extension TmuxSession {
  /// Whether a test can run the program as `nobody` (`setpriv`, as root): root writes
  /// anywhere, so permission tests need another user.
  static var canRunAsNobody: Bool {
    getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
  }

  /// A clients database holding Ada in a folder of its own (`db`), the two and this session's
  /// folders owned by `nobody`, for a test that runs the program as `nobody`.
  func databaseOwnedByNobody() throws -> (folder: String, database: String) {
    let folder = self.folder.appendingPathComponent("db").path
    let database = folder + "/clients.sqlite"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let seeded = try runDirectly(
      ["client", "--no-input", "--set", "name=Ada", "--set", "email=ada@example.com", "--set", "age=36",
       "--database", database])
    guard seeded.status == 0 else { throw ProcessFailure(description: "seeding the database: \(seeded)") }
    for path in [self.folder.path, folder, database, home.path] where chown(path, 65534, 65534) != 0 {
      throw ProcessFailure(description: "chown nobody \(path) failed")
    }
    return (folder, database)
  }
}
