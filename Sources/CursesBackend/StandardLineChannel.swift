import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Line mode on a real terminal or a pipe, as huh's accessible mode: the answers from standard
/// input, so a script can pipe them in; the questions on the terminal when the answers come
/// from one (as the form would be drawn there), on standard error otherwise. Standard output
/// stays free for the program's results.
///
/// A secret is typed without echo; an answer that is not UTF-8 ends the form (as the end of
/// the input does) rather than being changed; an answer the terminal's line editing may have
/// cut is asked again, and so is a question after Ctrl-Z and `fg` (``QuestionOnResume``).
///
/// ```swift
/// // Where the screen cannot be drawn (TERM=dumb), or for a screen reader:
/// let channel = StandardLineChannel(programName: "signup")
/// let outcome = await SignUp.layout.runLines(store, channel: channel)
/// if channel.inputEnded { ... }  // the script's answers ran out
/// ```
@MainActor
public final class StandardLineChannel: LineChannel {
  /// Where the questions go: `/dev/tty`, or standard error (2).
  private let output: Int32
  /// Whether the form ended on an answer that is not UTF-8 (and said so), not at the end of
  /// the input.
  public private(set) var refusedAnAnswer = false
  /// Whether the input ended (not a form that ended on a refused answer).
  public private(set) var inputEnded = false
  /// What was written since the last line break: the question waiting for its answer, asked
  /// again after an answer the terminal may have cut.
  private var question = ""

  /// Whether the answers are typed at a terminal (standard input is one).
  public let isInteractive: Bool
  /// What messages of the channel's own start with (`signup: the answer is not UTF-8 ...`).
  private let programName: String
  /// Where a value too long for a terminal line can be given instead, said when one is cut.
  private let longAnswerHint: String?
  /// Whether the locale's character set is UTF-8; otherwise (the C locale) the questions are
  /// written in ASCII, letters with accents in their plain spelling (`Jose`), as the screen
  /// draws them.
  private let writesUnicode: Bool

  /// - Parameters:
  ///   - programName: What the channel's own messages start with.
  ///   - longAnswerHint: Where a value longer than a terminal line (4,095 bytes) can be given
  ///     instead (`"give a longer value with --set"`), said when an answer may have been cut.
  public init(programName: String, longAnswerHint: String? = nil) {
    self.programName = programName
    self.longAnswerHint = longAnswerHint
    CursesScreen.adoptLocale()
    writesUnicode = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) } == "UTF-8"
    isInteractive = isatty(0) == 1
    let terminal = isInteractive ? open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC) : -1
    output = terminal >= 0 ? terminal : 2
  }

  isolated deinit {
    if output != 2 { _ = close(output) }
  }

  public func write(_ text: String) {
    let text = writesUnicode ? text : Transliteration.ascii(line: text)
    if let lastBreak = text.lastIndex(of: "\n") {
      question = String(text[text.index(after: lastBreak)...])
    } else {
      question += text
    }
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        buffer.baseAddress.map { systemWrite(output, $0 + offset, buffer.count - offset) } ?? 0
      }
      // NB: A standard error that cannot be written to is ignored: nowhere else to say it.
      guard written > 0 || (written < 0 && errno == EINTR) else { return }
      offset += max(0, written)
    }
  }

  public func readLine(secret: Bool) async -> String? {
    let hidden = secret && isInteractive && EchoOff.start()
    if isInteractive { QuestionOnResume.begin(question: question, terminal: 0, output: output) }
    // NB: `readLine` blocks; off the main actor, effects still deliver their actions meanwhile.
    let bytes = await Task.detached { Self.readBytes() }.value
    QuestionOnResume.end()
    // NB: The answer's line break was echoed by the terminal (or is written below), not by
    //     `write`: the next question starts afresh, or asked again it came after this one's.
    let asked = question
    question = ""
    // NB: An answer that is not UTF-8 ends the form, as the end of the input does: read on,
    //     the next answers would go to the wrong questions.
    let line = bytes.flatMap { String(validating: $0, as: UTF8.self) }
    if bytes == nil { inputEnded = true }
    if hidden {
      EchoOff.stop()
      write("\n")  // the Enter that ended the secret was not echoed either
    } else if !isInteractive || line == nil {
      // NB: Answers from a pipe are not echoed by anyone, nor is Ctrl-D at the terminal: end
      //     the question's line, so what comes next (a question, or why the form ended)
      //     starts on its own.
      write("\n")
    }
    if bytes != nil, line == nil {
      refusedAnAnswer = true
      write("\(programName): the answer is not UTF-8 text, so the form ends here; nothing was saved\n")
    }
    if let bytes, bytes.count >= Self.terminalLineLimit, isInteractive {
      // NB: The terminal's line editing drops what is typed past its limit without a word;
      //     taking the rest would save a value cut short. The question is asked again.
      write(
        "  Error: a terminal line holds at most \(Self.terminalLineLimit) bytes, so this answer may have been cut; "
          + "it was not taken. Type a shorter one\(longAnswerHint.map { " (\($0))" } ?? "").\n" + asked)
      return await readLine(secret: secret)
    }
    return line
  }

  /// The longest line a terminal's line editing passes on (the kernel's canonical-mode buffer,
  /// less the line break).
  #if os(Linux)
    static let terminalLineLimit = 4095
  #else
    static let terminalLineLimit = Int(MAX_CANON) - 1
  #endif

  /// One line of standard input as bytes, without its line break (`\n` or `\r\n`); `nil` at
  /// the end of the input.
  /// NB: Not Swift's `readLine`, which puts U+FFFD in place of bytes that are not UTF-8: an
  ///     answer would be changed without a word. Not a stdio stream either, which reads a
  ///     block ahead and keeps it: a script piping answers into two forms in turn, or reading
  ///     on after one, lost the rest of its input. As the shell's `read` does, a file is read
  ///     a block at a time and put back to just past the line; a pipe or a terminal, which
  ///     cannot be put back, a byte at a time.
  private nonisolated static func readBytes() -> [UInt8]? {
    // NB: A regular file only: some systems seek on a terminal, without effect.
    var status = stat()
    let start = fstat(0, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? lseek(0, 0, SEEK_CUR) : -1
    var block = [UInt8](repeating: 0, count: start >= 0 ? 4096 : 1)
    var line: [UInt8] = []
    var consumed = 0
    while true {
      let count = block.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      // NB: A read that fails ends the input, as it did for `getline`, even after part of a
      //     line: that part is no answer.
      if count < 0 { return nil }
      guard count > 0 else { break }
      guard let newline = block[..<count].firstIndex(of: 0x0A) else {
        line += block[..<count]
        consumed += count
        continue
      }
      line += block[..<newline]
      consumed += newline + 1
      // NB: To just past the line, counted from where this read began (not from wherever the
      //     file is now: another process may share the descriptor).
      if start >= 0 { _ = lseek(0, start + off_t(consumed), SEEK_SET) }
      if line.last == 0x0D { line.removeLast() }
      return line
    }
    guard consumed > 0 else { return nil }
    if line.last == 0x0D { line.removeLast() }
    return line
  }
}

/// Turns the terminal's echo off while a secret is typed, and always back on: on return, and
/// on the signals that end the program meanwhile (Ctrl-C, SIGTERM, SIGHUP, SIGQUIT), which then
/// drop what was typed of the secret and end it as they would have.
// NB: Written by hand: ncurses is not running in line mode, and termios is the way to hide input.
private enum EchoOff {
  static func start() -> Bool {
    guard tcgetattr(0, &savedTerminal) == 0 else { return false }
    var quiet = savedTerminal
    quiet.c_lflag &= ~tcflag_t(ECHO)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { _ = signal(number, restoreAndRaise) }
    return tcsetattr(0, TCSANOW, &quiet) == 0
  }

  static func stop() {
    _ = tcsetattr(0, TCSANOW, &savedTerminal)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { _ = signal(number, SIG_DFL) }
  }
}

/// The terminal's settings before the echo went off; read by the signal handler.
nonisolated(unsafe) private var savedTerminal = termios()

private func restoreAndRaise(_ number: Int32) {
  // NB: The half-typed secret is dropped: left queued, the shell read it as the start of its
  //     next command line, in plain sight. Not TCSAFLUSH, which first waits for output to
  //     drain: a stopped terminal (Ctrl-S) would hold the handler.
  _ = tcflush(0, TCIFLUSH)
  _ = tcsetattr(0, TCSANOW, &savedTerminal)
  _ = signal(number, SIG_DFL)
  _ = raise(number)
}
