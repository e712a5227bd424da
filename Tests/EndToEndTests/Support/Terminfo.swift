import Foundation

/// What a terminal type's terminfo entry lets a program write: its string capabilities, read
/// with `infocmp`, each turned into a pattern of the bytes it can produce.
///
/// ```swift
/// let vt100 = try Terminfo("vt100")
/// vt100.unknownSequences(in: Array("\u{1B}[?2004h".utf8))  // ["\u{1B}[?2004h"]: vt100 has no BE
/// ```
struct Terminfo {
  /// The pattern of what each string capability writes, for those that hold a control
  /// character (the others write plain text).
  private let patterns: [NSRegularExpression]

  init(_ name: String) throws {
    // NB: -1: one capability a line; -x: the extended ones too (BE, BD, XM).
    guard let infocmp = which("infocmp") else {
      throw ProcessFailure(description: "infocmp is not installed (it comes with ncurses-bin)")
    }
    let result = try run(infocmp, ["-1", "-x", name], environment: ["PATH": "/usr/bin:/bin"])
    guard result.status == 0 else { throw ProcessFailure(description: "infocmp \(name): \(result)") }
    let entry = result.stdout
    var capabilities: [String: String] = [:]
    for line in entry.split(separator: "\n").dropFirst() {
      var field = line.trimmingCharacters(in: .whitespaces)
      if field.hasSuffix(",") { field.removeLast() }
      guard let equals = field.firstIndex(of: "=") else { continue }
      capabilities[String(field[..<equals])] = String(field[field.index(after: equals)...])
    }
    // NB: With `kmous` and no `XM`, ncurses switches the mouse on and off with the sequence it
    //     documents for that case (curs_mouse(3X)): the X11 protocol's.
    if capabilities["kmous"] != nil && capabilities["XM"] == nil {
      capabilities["XM (ncurses' default)"] = #"\E[?1000%?%p1%{1}%=%th%el%;"#
    }
    patterns = capabilities.values.compactMap { value in
      let bytes = Self.unescaped(value)
      guard bytes.contains(where: Self.isControl) else { return nil }
      return try? NSRegularExpression(pattern: Self.pattern(of: bytes), options: [.dotMatchesLineSeparators])
    }
  }

  /// The escape sequences and control characters in `output` that no capability writes, each
  /// as the first bytes from where it starts. Text between them is not looked at.
  func unknownSequences(in output: [UInt8]) -> [String] {
    // NB: One character per byte (U+0000 to U+00FF), so offsets in the string are byte offsets.
    let text = String(String.UnicodeScalarView(output.map { Unicode.Scalar($0) }))
    let length = (text as NSString).length
    var unknown: [String] = []
    var index = 0
    while index < output.count {
      guard Self.isControl(output[index]) else {
        index += 1
        continue
      }
      // NB: A capability can start with a parameter's character (`rep`: the character, then
      //     how many more times), so a match may begin one byte early.
      var end = index
      for pattern in patterns {
        for start in [index, index - 1] where start >= 0 {
          let range = NSRange(location: start, length: length - start)
          if let match = pattern.firstMatch(in: text, options: [.anchored], range: range) {
            end = max(end, match.range.location + match.range.length)
          }
        }
      }
      if end > index {
        index = end
      } else {
        unknown.append(String(decoding: output[index..<min(index + 12, output.count)], as: UTF8.self))
        index += 1
      }
    }
    return unknown
  }

  private static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

  /// A capability's value with terminfo's escapes turned into bytes (`\E`, `^X`, `\072`, ...);
  /// its `%` parameters are kept as they are.
  private static func unescaped(_ value: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var characters = Array(value.utf8)[...]
    while let byte = characters.popFirst() {
      switch byte {
      case UInt8(ascii: "\\"):
        guard let next = characters.popFirst() else { break }
        switch next {
        case UInt8(ascii: "E"), UInt8(ascii: "e"): bytes.append(0x1B)
        case UInt8(ascii: "n"), UInt8(ascii: "l"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "s"): bytes.append(0x20)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
          let digits = [next] + characters.prefix(2)
          characters = characters.dropFirst(2)
          // NB: \0 stands for a NUL that terminfo cannot store: it writes \200.
          let code = UInt8(String(decoding: digits, as: UTF8.self), radix: 8) ?? 0
          bytes.append(code == 0 ? 0x80 : code)
        default: bytes.append(next)
        }
      case UInt8(ascii: "^"):
        guard let next = characters.popFirst() else { break }
        bytes.append(next == UInt8(ascii: "?") ? 0x7F : next & 0x1F)
      default:
        bytes.append(byte)
      }
    }
    return bytes
  }

  /// A regular expression for what a capability can write: its literal bytes, a number for
  /// each `%d`, any byte for `%c`, and digits and semicolons for an `%? ... %;` conditional
  /// (what the SGR and colour capabilities choose between). Padding (`$<5>`) writes nothing.
  private static func pattern(of bytes: [UInt8]) -> String {
    var pattern = ""
    var depth = 0
    var rest = bytes[...]
    func literal(_ byte: UInt8) {
      guard depth == 0 else { return }
      pattern += NSRegularExpression.escapedPattern(for: String(Unicode.Scalar(byte)))
    }
    while let byte = rest.popFirst() {
      if byte == UInt8(ascii: "$"), rest.first == UInt8(ascii: "<"), let close = rest.firstIndex(of: UInt8(ascii: ">")) {
        rest = rest[rest.index(after: close)...]
        continue
      }
      guard byte == UInt8(ascii: "%"), let operation = rest.popFirst() else {
        literal(byte)
        continue
      }
      switch operation {
      case UInt8(ascii: "%"): literal(byte)
      case UInt8(ascii: "?"): depth += 1
      case UInt8(ascii: ";"):
        depth = max(0, depth - 1)
        if depth == 0 { pattern += "[0-9;]*" }
      case UInt8(ascii: "p"), UInt8(ascii: "P"), UInt8(ascii: "g"): rest = rest.dropFirst()
      case UInt8(ascii: "{"): rest = rest.drop { $0 != UInt8(ascii: "}") }.dropFirst()
      case UInt8(ascii: "'"): rest = rest.dropFirst(2)
      case UInt8(ascii: "c"): if depth == 0 { pattern += "." }
      case UInt8(ascii: "d"), UInt8(ascii: "o"), UInt8(ascii: "x"), UInt8(ascii: "X"):
        if depth == 0 { pattern += "[0-9A-Fa-f]+" }
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ":"):
        // NB: The printf forms (%2d, %03d, %:-3x): a number too.
        rest = rest.drop { !"doxXs".utf8.contains($0) }.dropFirst()
        if depth == 0 { pattern += "[0-9A-Fa-f]+" }
      default:
        break  // NB: %i, %t, %e and arithmetic write nothing.
      }
    }
    return pattern
  }
}
