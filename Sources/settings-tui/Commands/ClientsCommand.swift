import ArgumentParser

/// `settings-tui clients`: list saved clients (the default), edit one or remove one.
struct ClientsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clients",
    abstract: "Browse, search, edit and delete saved clients (JSON when piped), or edit or remove one.",
    subcommands: [ListClients.self, EditClient.self, RemoveClient.self],
    defaultSubcommand: ListClients.self
  )
}
