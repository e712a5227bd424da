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
      Fields for --set: name, email, age. The email must not be another \
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
    let found: SavedClient?
    do {
      found = try await clients.find(email)
    } catch let error as StorageError {
      throw fail(error.message)
    }
    guard let found else { throw fail("no client with email \(email)", .cancelledOrInvalid) }
    let saved = found.client
    let isUsual = (try? StoragePaths.clientsDatabase(environment: environment)) == path
    let actions = try FormSession.actions(for: options, AddClient.action(for:))
    // NB: Changes cut off (kill -9, a lost link) are kept as a draft of this client in this
    //     database, and offered back on top of what is saved for it then.
    let (initial, draft, waiting) = DraftKeeper<ClientForm.State, Client>.offer(
      form: DraftKeeper<ClientForm.State, Client>.name(editing: found.id, in: path),
      question: "restore your changes to the client \(saved.email)", original: saved,
      options: options, environment: environment, merge: Client.merging(ours:base:theirs:)
    ) { Client(name: $0.name, email: $0.email, age: $0.age) }
    var state = ClientForm.State(name: initial.name, email: initial.email, age: initial.age, editing: found.id)
    // NB: Restored changes differ from what is saved: Esc asks before they are thrown away.
    state.original = saved
    // NB: With --no-input nobody can be asked: the --set fields go onto the latest client.
    state.updateMode = options.noInput ? .keepMine : .askIfBothChanged
    let store = Store(initialState: state) { ClientForm() } withDependencies: {
      $0.clientStorage = clients
      if options.noInput { $0.continuousClock = ImmediateClock() }
    }
    // NB: Said once the run has ended, with the email saved then: a script's --set may have
    //     given the client another one, which the command that offers the draft must name.
    let sayWaiting = {
      guard waiting != nil else { return }
      let email = (try? await clients.clients([found.id]))?.first?.client.email ?? saved.email
      DraftKeeper<ClientForm.State, Client>.sayWaiting(
        at: waiting, resumedBy: ["clients", "edit", email] + (isUsual ? [] : ["--database", path]))
    }
    do {
      try await FormSession.run(
        store, layout: ClientForm.editLayout, draft: draft,
        options: options, environment: environment,
        setting: actions,
        // NB: The save kept what another program saved meanwhile in the fields this edit left
        //     alone (a new email, say): what is saved now is read back, and said.
        output: { state in (try? await clients.clients([found.id]))?.first?.client ?? state.client },
        confirmation: { saved in
          let kept = zip(saved.fields, store.state.client.fields).filter { $0.value != $1.value }.map(\.0.name)
          return kept.isEmpty
            ? "Client \(saved.email) saved to \(path)"
            : "Client \(saved.email) saved to \(path), keeping what was saved meanwhile for \(kept.joined(separator: ", "))"
        })
    } catch {
      await sayWaiting()
      throw error
    }
    await sayWaiting()
  }
}
