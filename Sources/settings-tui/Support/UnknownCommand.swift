import ArgumentParser

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
    let configuration = command.configuration
    guard let word = arguments.first, !word.hasPrefix("-"), !configuration.subcommands.isEmpty else { return nil }
    if let subcommand = configuration.subcommands.first(where: { names(of: $0).contains(word) }) {
      return message(for: arguments.dropFirst(), in: subcommand)
    }
    // NB: Only where the default takes the words that follow: the defaults here take none.
    // NB: `help` is a command of the top level only (ArgumentParser's): elsewhere, --help.
    guard configuration.defaultSubcommand != nil, !(word == "help" && command == SettingsTUI.self) else { return nil }
    let commands = configuration.subcommands.compactMap { $0.configuration.commandName }
    let nearest = word == "help" ? "--help" : commands.min { distance(word, $0) < distance(word, $1) }
    let suggestion = nearest.flatMap { word == "help" || distance(word, $0) <= max(2, $0.count / 3) ? " Did you mean '\($0)'?" : nil } ?? ""
    return "'\(word)' is not a command.\(suggestion) Commands: \(commands.joined(separator: ", "))."
  }

  private static func names(of command: any ParsableCommand.Type) -> [String] {
    (command.configuration.commandName.map { [$0] } ?? []) + command.configuration.aliases
  }

  /// The Levenshtein distance between `a` and `b`, in characters.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}
