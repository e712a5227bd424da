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
//     A signal handler may call only async-signal-safe functions (tcgetpgrp, tcsetattr,
//     tcflush, write), so the question waits in a buffer of the process's life, written only
//     while the handler is not installed.
@MainActor
public enum QuestionOnResume {
  /// Until ``end()``, asks `question` again on `output` when the program is resumed, with
  /// `terminal`'s settings (the descriptor the answer is read from) as they are now.
  public static func begin(question: String, terminal: Int32, output: Int32) {
    end()
    guard isatty(terminal) == 1, tcgetattr(terminal, &resumeSettings) == 0 else { return }
    // NB: One buffer for the process's life, never freed: a handler still running on another
    //     thread (SIGCONT goes to any) reads memory that stays valid. A longer question is cut.
    let bytes = Array(("\n" + question).utf8.prefix(resumeBufferSize))
    for (index, byte) in bytes.enumerated() { resumeBuffer[index] = byte }
    resumeLength = bytes.count
    resumeTerminal = terminal
    resumeOutput = output
    var action = sigaction()
    #if os(Linux)
      action.__sigaction_handler.sa_handler = askAgain
    #else
      action.__sigaction_u.__sa_handler = askAgain
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    isInstalled = sigaction(SIGCONT, &action, &previousAction) == 0
  }

  /// Stops asking again on resume, and puts back what SIGCONT did before.
  public static func end() {
    guard isInstalled else { return }
    _ = sigaction(SIGCONT, &previousAction, nil)
    isInstalled = false
  }

  private static var isInstalled = false
  private static var previousAction = sigaction()
}

/// What the handler reads: set before it is installed, changed only after it is removed.
private let resumeBufferSize = 4096
nonisolated(unsafe) private let resumeBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: resumeBufferSize)
nonisolated(unsafe) private var resumeLength = 0
nonisolated(unsafe) private var resumeSettings = termios()
nonisolated(unsafe) private var resumeTerminal: Int32 = 0
nonisolated(unsafe) private var resumeOutput: Int32 = 2

private func askAgain(_: Int32) {
  let savedErrno = errno
  defer { errno = savedErrno }
  // NB: Resumed in the background (`bg`): touching the terminal would stop the program again
  //     (SIGTTOU), and `fg` then asks; nothing to do until then.
  guard tcgetpgrp(resumeTerminal) == getpgrp() else { return }
  _ = tcsetattr(resumeTerminal, TCSANOW, &resumeSettings)
  _ = tcflush(resumeTerminal, TCIFLUSH)
  var offset = 0
  while offset < resumeLength {
    let written = write(resumeOutput, resumeBuffer + offset, resumeLength - offset)
    if written < 0 && errno == EINTR { continue }
    guard written > 0 else { return }
    offset += written
  }
}
