import CursesBackend
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A yes-or-no question asked on the terminal (/dev/tty) before or instead of a form.
@MainActor
enum TerminalQuestion {
  /// Asks `question` with `[Y/n]` or `[y/N]`; Enter takes `defaultAnswer`, and so does the end
  /// of input (Ctrl-D). Esc (then Enter: the terminal edits the line) answers `escapeAnswer`
  /// where Esc has a safe meaning (no to "remove?"), else asks again as any other answer than
  /// y, yes, n or no does. `nil` when there is no terminal to ask on.
  static func confirm(_ question: String, defaultAnswer: Bool, escapeAnswer: Bool? = nil) -> Bool? {
    let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { _ = close(fd) }
    let prompt = "settings-tui: \(question.visibleForTerminal) \(defaultAnswer ? "[Y/n]" : "[y/N]") "
    while true {
      say(prompt, on: fd)
      QuestionOnResume.begin(question: prompt, terminal: fd, output: fd)
      let answer = readLine(from: fd)
      QuestionOnResume.end()
      guard let (line, ended) = answer else {
        say("\n", on: fd)  // NB: Ctrl-D ends no line; what comes next starts on its own.
        return defaultAnswer
      }
      if !ended { say("\n", on: fd) }  // NB: An answer ended by Ctrl-D, not Enter.
      if let escapeAnswer, line.contains("\u{1B}") { return escapeAnswer }
      switch line.trimmingCharacters(in: .whitespaces).lowercased() {
      case "": return defaultAnswer
      case "y", "yes": return true
      case "n", "no": return false
      default: say("settings-tui: please answer y or n\n", on: fd)
      }
    }
  }

  private static func say(_ text: String, on fd: Int32) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
  }

  /// One line (without its newline, at most 64 bytes kept) and whether a newline ended it
  /// (not the end of input); `nil` at the end of input.
  private static func readLine(from fd: Int32) -> (String, ended: Bool)? {
    var answer: [UInt8] = []
    var byte: UInt8 = 0
    var sawByte = false
    while true {
      let count = read(fd, &byte, 1)
      if count < 0 && errno == EINTR { continue }
      guard count == 1 else { break }
      sawByte = true
      if byte == UInt8(ascii: "\n") { return (String(decoding: answer, as: UTF8.self), true) }
      if answer.count < 64 { answer.append(byte) }
    }
    return sawByte ? (String(decoding: answer, as: UTF8.self), false) : nil
  }
}
