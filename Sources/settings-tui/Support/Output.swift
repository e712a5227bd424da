import CStandardDescriptors
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes the program's results on standard output.
///
/// A write that fails is one line on standard error and exit 2 (a full disk, a closed
/// descriptor); a pipe whose reader has gone (`| head -1`) ends the program quietly with 141,
/// the status a shell reports for a program stopped by SIGPIPE, as other tools end there.
enum StandardOutput {
  /// Writes `text` and a line break; `done`, when the write fails, says what went through
  /// all the same (a save), so a script can tell "not saved" from "saved, not printed".
  static func writeLine(_ text: String, done: String = "") throws(ExitStatus) {
    try write(Array((text + "\n").utf8), done: done)
  }

  static func write(_ bytes: [UInt8], done: String = "") throws(ExitStatus) {
    let went = done.isEmpty ? "" : " (this went through all the same: \(done))"
    if settings_tui_output_was_closed() {
      throw fail("cannot write the output: standard output is closed\(went)")
    }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        systemWrite(1, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written > 0 {
        offset += written
        continue
      }
      let code = errno
      if written < 0 && code == EINTR { continue }
      if code == EPIPE { throw ExitStatus.brokenPipe }
      throw fail("cannot write the output: \(String(cString: strerror(code)))\(went)")
    }
  }
}

/// Prints a value as pretty JSON with sorted keys on standard output (an ``OrderedJSONObject``
/// keeps its order), with every character a terminal would act on escaped (see
/// `escapingInvisiblesInJSON`).
func printJSON(_ value: some Encodable, done: String = "") throws(ExitStatus) {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  let text: String
  do {
    if let object = value as? OrderedJSONObject {
      text = try object.text(encoder)
    } else {
      text = String(decoding: try encoder.encode(value), as: UTF8.self)
    }
  } catch {
    throw fail("cannot encode the result as JSON: \(error)")
  }
  try StandardOutput.writeLine(text.collapsingEmptyJSONContainers.escapingInvisiblesInJSON, done: done)
}

/// A JSON object whose members are printed in the order given (a spec form's, in the spec's
/// order). `JSONEncoder` writes a keyed container's members sorted or in hash order, so the
/// object is put together here from its members, each encoded by `JSONEncoder`.
struct OrderedJSONObject: Encodable {
  var members: [(key: String, value: any Encodable)]

  /// Pretty JSON, as `encoder` writes it but in this order.
  func text(_ encoder: JSONEncoder) throws -> String {
    guard !members.isEmpty else { return "{}" }
    let lines = try members.map { key, value in
      let name = String(decoding: try encoder.encode(key), as: UTF8.self)
      let text = String(decoding: try encoder.encode(value), as: UTF8.self)
      return "  \(name) : \(text.replacingOccurrences(of: "\n", with: "\n  "))"
    }
    return "{\n" + lines.joined(separator: ",\n") + "\n}"
  }

  /// The same members through an encoder (order as that encoder writes it).
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: MemberKey.self)
    for (key, value) in members { try container.encode(value, forKey: MemberKey(stringValue: key)) }
  }

  private struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

extension String {
  /// Pretty JSON with empty arrays and objects written `[]` and `{}`: the encoder writes them
  /// over three lines (`[`, an empty line, `]`). A line break in JSON text is only ever between
  /// tokens (one inside a string is written `\n`), so this changes no value.
  var collapsingEmptyJSONContainers: String {
    var result = ""
    var rest = Substring(self)
    while let open = rest.firstIndex(where: { $0 == "[" || $0 == "{" }) {
      result += rest[...open]
      let close: Character = rest[open] == "[" ? "]" : "}"
      let after = rest[rest.index(after: open)...]
      let blank = after.prefix { $0 == "\n" || $0 == " " }
      if blank.contains("\n"), after.dropFirst(blank.count).first == close {
        result.append(close)
        rest = after.dropFirst(blank.count + 1)
      } else {
        rest = after
      }
    }
    return result + rest
  }
}

/// `write(2)` under a name no `write` method hides.
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
  #else
    Darwin.write(fd, buffer, count)
  #endif
}
