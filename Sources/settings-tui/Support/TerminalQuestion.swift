import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A yes-or-no question asked on the terminal (/dev/tty) before or instead of a form.
enum TerminalQuestion {
  /// Asks `question` with `[Y/n]` or `[y/N]`; Enter takes `defaultAnswer`. `nil` when there is
  /// no terminal to ask on.
  static func confirm(_ question: String, defaultAnswer: Bool) -> Bool? {
    let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { _ = close(fd) }
    let prompt = Array("settings-tui: \(question.visibleForTerminal) \(defaultAnswer ? "[Y/n]" : "[y/N]") ".utf8)
    _ = prompt.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    var answer: [UInt8] = []
    var byte: UInt8 = 0
    while answer.count < 64, read(fd, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
      answer.append(byte)
    }
    let text = String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
    if text.isEmpty { return defaultAnswer }
    return text == "y" || text == "yes" ? true : text == "n" || text == "no" ? false : defaultAnswer
  }
}
