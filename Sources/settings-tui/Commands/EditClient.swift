import ArgumentParser
import ComposableForms
import Foundation
import SettingsFeatures
import SettingsStorage
import TerminalUI

/// `settings-tui clients edit EMAIL`: change a saved client in the client form, filled in.
struct EditClient: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Edit the client with this email in the client form.",
    discussion: """
      Fields for --set (with --no-input): name, email, age. The email must not be another \
      client's. Exit 1 when there is no such client.
      """
  )

  @Argument(help: ArgumentHelp("The client's email (case does not matter).", valueName: "email"))
  var email: String

  @OptionGroup var options: FormOptions
  @OptionGroup var database: DatabaseOption

  @MainActor
  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    let path = try database.path(environment: environment)
    let clients = try database.existingClients(for: email, at: path)
    let saved: Client?
    do {
      saved = try await clients.find(email)
    } catch let error as StorageError {
      throw fail(error.message)
    }
    guard let saved else { throw fail("no client with email \(email)", .cancelledOrInvalid) }
    let state = ClientForm.State(name: saved.name, email: saved.email, age: saved.age, editing: saved.email)
    let store = Store(initialState: state) { ClientForm() } withDependencies: {
      $0.clientStorage = clients
      if options.noInput { $0.continuousClock = ImmediateClock() }
    }
    try await FormSession.run(
      // NB: No draft: the client is saved already, and Esc asks before changes are lost.
      store, layout: ClientForm.editLayout, draft: Optional<DraftKeeper<ClientForm.State, Client>>.none,
      options: options, environment: environment,
      action: AddClient.action(for:),
      output: \.client,
      confirmation: { "Client \($0.client.email) saved to \(path)" })
  }
}
