import ArgumentParser
import SettingsFeatures

/// A word where a command is expected that names none, such as `settings-tui clinets`.
///
/// A command with a default subcommand (`settings-tui` edits settings, `settings-tui clients`
/// lists them) hands every word ArgumentParser does not know as a command to that default, so
/// a mistyped command was reported as "Unexpected argument" with the default's usage. The
/// defaults here take no words of their own, so such a word can only be a mistyped command:
/// this says so, with the nearest command's name when one is close.
enum UnknownCommand {
  /// The message for the first word of `arguments` that should name a subcommand of `command`
  /// and names none; `nil` when there is no such word.
  static func message(for arguments: ArraySlice<String>, in command: any ParsableCommand.Type) -> String? {
    message(for: arguments, in: command, path: [])
  }

  /// The words after `help`: each must name a command under the one before, as in
  /// `settings-tui help clients edit`; `nil` when they do (or an option comes first).
  private static func helpTopicMessage(
    for arguments: ArraySlice<String>, in command: any ParsableCommand.Type
  ) -> String? {
    let configuration = command.configuration
    // NB: `help help` is ArgumentParser's own command, which no configuration lists.
    guard let word = arguments.first, !word.hasPrefix("-"), word != "help", !configuration.subcommands.isEmpty
    else { return nil }
    if let subcommand = configuration.subcommands.first(where: { names(of: $0).contains(word) }) {
      return helpTopicMessage(for: arguments.dropFirst(), in: subcommand)
    }
    let commands = commandNames(under: command)
    return notACommand(word, suggesting: nearest(to: word, in: commands), commands: commands)
  }

  /// As ``message(for:in:)``, under the commands `path` named on the way (`clients`).
  private static func message(
    for arguments: ArraySlice<String>, in command: any ParsableCommand.Type, path: [String]
  ) -> String? {
    let configuration = command.configuration
    guard let word = arguments.first, !configuration.subcommands.isEmpty else { return nil }
    if word.hasPrefix("-") { return misplaced(in: arguments, under: command, path: path) }
    // NB: ArgumentParser's `help` shows the top level's help for a word that names no
    //     command, and ends with 0: the words after it must name commands, as they would.
    if word == "help", command == SettingsTUI.self, path.isEmpty {
      return helpTopicMessage(for: arguments.dropFirst(), in: command)
    }
    if let subcommand = configuration.subcommands.first(where: { names(of: $0).contains(word) }) {
      return message(for: arguments.dropFirst(), in: subcommand, path: path + [word])
    }
    // NB: Only where the default takes the words that follow: the defaults here take none.
    // NB: `help` is a command of the top level only (ArgumentParser's): elsewhere, --help.
    guard configuration.defaultSubcommand != nil, !(word == "help" && command == SettingsTUI.self) else { return nil }
    let commands = commandNames(under: command)
    return notACommand(word, suggesting: word == "help" ? "--help" : nearest(to: word, in: commands), commands: commands)
  }

  /// For options given before a command (`settings-tui --json clinets`, `--no-color clients`):
  /// the message for the first word the default command takes as an unexpected argument, when
  /// it is a command or close to one; `nil` otherwise (ArgumentParser's message stands). A
  /// word is such an argument when the options before it parse on their own, so an option's
  /// value (`--config clients`) is never taken for a command: ArgumentParser decides that.
  private static func misplaced(
    in arguments: ArraySlice<String>, under command: any ParsableCommand.Type, path: [String]
  ) -> String? {
    let configuration = command.configuration
    guard let fallback = configuration.defaultSubcommand else { return nil }
    guard
      let index = arguments.indices.first(where: { index in
        !arguments[index].hasPrefix("-") && (try? fallback.parse(Array(arguments[..<index]))) != nil
      })
    else { return nil }
    let word = arguments[index]
    if let subcommand = configuration.subcommands.first(where: { names(of: $0).contains(word) }) {
      // NB: The command line to give instead, only where it parses: the options before the
      //     word were the default command's, which the word's may not take.
      let reordered = Array(arguments[index...].dropFirst() + arguments[..<index])
      let suggestion = (try? subcommand.parseAsRoot(reordered)).map { _ in
        " (" + (["settings-tui"] + path + [word] + reordered).map(shellQuoted).joined(separator: " ") + ")"
      }
      return "'\(word)' is a command: give it first, and its options after it\(suggestion ?? "")"
    }
    let commands = commandNames(under: command)
    guard let nearest = nearest(to: word, in: commands) else { return nil }
    return notACommand(word, suggesting: nearest, commands: commands)
  }

  /// "'word' is not a command. Did you mean 'nearest'? Commands: a, b, c."
  private static func notACommand(_ word: String, suggesting nearest: String?, commands: [String]) -> String {
    let suggestion = nearest.map { " Did you mean '\($0)'?" } ?? ""
    return "'\(word)' is not a command.\(suggestion) Commands: \(commands.joined(separator: ", "))."
  }

  /// The command of `commands` nearest to `word`, where it is near enough to be the one meant.
  private static func nearest(to word: String, in commands: [String]) -> String? {
    NearestName.to(word, among: commands)
  }

  /// The names of `command`'s subcommands, in order.
  private static func commandNames(under command: any ParsableCommand.Type) -> [String] {
    command.configuration.subcommands.compactMap { $0.configuration.commandName }
  }

  /// `word` as a shell reads it back: as it is when it holds only plain characters, else in
  /// single quotes.
  private static func shellQuoted(_ word: String) -> String {
    let plain = word.unicodeScalars.allSatisfy { scalar in
      scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._/=:@%+,-".unicodeScalars.contains(scalar)
    }
    return !word.isEmpty && plain ? word : "'" + word.replacing("'", with: #"'\''"#) + "'"
  }

  private static func names(of command: any ParsableCommand.Type) -> [String] {
    (command.configuration.commandName.map { [$0] } ?? []) + command.configuration.aliases
  }
}
