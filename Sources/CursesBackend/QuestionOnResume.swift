#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Asks a question on a terminal again when the program comes back from Ctrl-Z (`fg`) while
/// it waits for the answer.
///
/// Ctrl-Z makes the terminal drop what was typed of the answer, and the shell sets the terminal
/// up for itself while the program is stopped (echo on). Left alone, what is typed after `fg`
/// would be taken for the whole answer, and a secret would show as it is typed. Between
/// ``begin(question:terminal:output:)`` and ``end()``, coming back puts the terminal's settings
/// back as they were when the question was asked (echo off for a secret), drops what is left
/// of the line, and writes the question again on a line of its own.
///
/// ```swift
/// QuestionOnResume.begin(question: "Password: ", terminal: 0, output: tty)
/// defer { QuestionOnResume.end() }
/// let answer = readAnswer()
/// ```
// NB: Written by hand: curses handles Ctrl-Z for the screen it draws, and line mode has none.
//     A signal handler may call only async-signal-safe functions (tcsetattr, tcflush, write), so
//     the question waits in a buffer made before the handler is installed and freed after it
//     is removed.
public enum QuestionOnResume {
  /// Until ``end()``, asks `question` again on `output` when the program is resumed, with
  /// `terminal`'s settings (the descriptor the answer is read from) as they are now.
  public static func begin(question: String, terminal: Int32, output: Int32) {
    end()
    guard isatty(terminal) == 1, tcgetattr(terminal, &resumeSettings) == 0 else { return }
    let bytes = Array(("\n" + question).utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    resumeQuestion = buffer
    resumeTerminal = terminal
    resumeOutput = output
    previousHandler = signal(SIGCONT, askAgain)
  }

  /// Stops asking again on resume.
  public static func end() {
    guard let question = resumeQuestion else { return }
    _ = signal(SIGCONT, previousHandler ?? SIG_DFL)
    previousHandler = nil
    resumeQuestion = nil
    question.deallocate()
  }
}

/// What the handler reads: set before it is installed, changed only after it is removed.
nonisolated(unsafe) private var resumeQuestion: UnsafeMutableBufferPointer<UInt8>?
nonisolated(unsafe) private var resumeSettings = termios()
nonisolated(unsafe) private var resumeTerminal: Int32 = 0
nonisolated(unsafe) private var resumeOutput: Int32 = 2
nonisolated(unsafe) private var previousHandler: (@convention(c) (Int32) -> Void)?

private func askAgain(_: Int32) {
  let savedErrno = errno
  defer { errno = savedErrno }
  _ = tcsetattr(resumeTerminal, TCSANOW, &resumeSettings)
  _ = tcflush(resumeTerminal, TCIFLUSH)
  guard let question = resumeQuestion, let start = question.baseAddress else { return }
  var offset = 0
  while offset < question.count {
    let written = write(resumeOutput, start + offset, question.count - offset)
    if written < 0 && errno == EINTR { continue }
    guard written > 0 else { return }
    offset += written
  }
}
