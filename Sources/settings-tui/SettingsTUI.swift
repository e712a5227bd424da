import ArgumentParser
import Foundation
import TerminalUI

/// `settings-tui`: edit settings (the default), add a client, or list clients.
@main
struct SettingsTUI: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "settings-tui",
    abstract: "Edit your settings and add clients in a terminal form.",
    discussion: """
      Keys (Enter submits on the last field and on Save; digits also set a picker or stepper):
      \(keyHelp)

      Exit codes: 0 submitted, 1 cancelled or invalid, 2 usage or environment error, \
      130 Ctrl-C, 141 when the reader of the output has gone (as SIGPIPE would).

      Settings are saved in $XDG_CONFIG_HOME/settings-tui/settings.json (default \
      ~/.config/settings-tui/settings.json); clients in \
      $XDG_DATA_HOME/settings-tui/clients.sqlite (default \
      ~/.local/share/settings-tui/clients.sqlite).
      The form is drawn on /dev/tty, so `values=$(settings-tui client --json)` works.
      NO_COLOR (or --no-color) turns colours off. --accessible (also ACCESSIBLE=1, or TERM=dumb) \
      asks each field as a line of text instead of drawing the form.
      """,
    version: Version.current,
    subcommands: [EditSettings.self, AddClient.self, ClientsCommand.self, SpecFormCommand.self],
    defaultSubcommand: EditSettings.self
  )

  /// The key summary for the discussion: one wrapped line per binding.
  ///
  /// NB: A loop, not `joined(separator:)`: the standard library's unspecialized `joined` looks
  ///     up its collection's associated types at run time, conformance scans that every start
  ///     paid, since the discussion is built before any command runs (BENCHMARKS.md,
  ///     "Start-up").
  static var keyHelp: String {
    var text = ""
    for line in Keymap.standard.summary {
      if !text.isEmpty { text += "\n" }
      text += keyHelpLine(line)
    }
    return text
  }

  /// One line of the key summary, indented, wrapped under itself: ArgumentParser would wrap it
  /// flush left (at 80 columns, or the terminal's width where that is less).
  ///
  /// NB: Wrapped at spaces by UTF-8 bytes, since key names and their help are ASCII: this runs
  ///     at every start, where `wrapped(toWidth:)`, grapheme by grapheme, was a cost a start
  ///     could measure (BENCHMARKS.md, "Start-up").
  static func keyHelpLine(_ line: String) -> String {
    let width = 72
    var text = "  "
    var lineStart = line.utf8.startIndex
    while line.utf8.distance(from: lineStart, to: line.utf8.endIndex) > width {
      let limit = line.utf8.index(lineStart, offsetBy: width)
      guard let space = line.utf8[lineStart...limit].lastIndex(of: UInt8(ascii: " ")), space > lineStart
      else { break }
      text += String(line[lineStart..<space])
      text += "\n      "
      lineStart = line.utf8.index(after: space)
    }
    return text + String(line[lineStart...])
  }

  static func main() async {
    // NB: Swift reads arguments with bytes that are not UTF-8 replaced by U+FFFD, so a value
    //     (a --set, a path) would silently become another one: refuse it instead.
    if let position = (1..<Int(CommandLine.argc)).first(where: { !isUTF8(CommandLine.unsafeArgv[$0]) }) {
      printError("argument \(position) is not valid UTF-8; arguments are read as UTF-8")
      Foundation.exit(ExitStatus.usageOrEnvironment.code)
    }
    if let message = UnknownCommand.message(for: CommandLine.arguments.dropFirst(), in: SettingsTUI.self) {
      printError(message)
      Foundation.exit(ExitStatus.usageOrEnvironment.code)
    }
    do {
      var command = try parseAsRoot()
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch let exit as ExitStatus {
      Foundation.exit(exit.code)
    } catch {
      // NB: Usage errors are exit 2 by this program's contract (ArgumentParser says 64).
      let code = exitCode(for: error)
      let message = fullMessage(for: error)
      if code == .success {
        // NB: --help and --version: a closed pipe or a full disk ends quietly or with 2 here too.
        if !message.isEmpty {
          do { try StandardOutput.writeLine(message) } catch { Foundation.exit(error.code) }
        }
        Foundation.exit(0)
      }
      if !message.isEmpty {
        // NB: Usage errors quote the arguments: made visible line by line (see printError).
        let visible = message.split(separator: "\n", omittingEmptySubsequences: false)
          .map { String($0).visibleForTerminal }.joined(separator: "\n")
        let bytes = Array((visible + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
      }
      Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
    }
  }
}

/// Whether the C string `argument` is valid UTF-8 (`nil` counts as valid: nothing to read).
private func isUTF8(_ argument: UnsafeMutablePointer<CChar>?) -> Bool {
  guard let argument else { return true }
  let bytes = UnsafeBufferPointer(start: argument, count: strlen(argument)).lazy.map { UInt8(bitPattern: $0) }
  var decoder = UTF8()
  var iterator = bytes.makeIterator()
  while true {
    switch decoder.decode(&iterator) {
    case .scalarValue: continue
    case .emptyInput: return true
    case .error: return false
    }
  }
}
