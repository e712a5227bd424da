import ArgumentParser
import ComposableForms
import Foundation
import SettingsFeatures
import SettingsStorage

/// `settings-tui client`: add a client.
struct AddClient: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "client",
    abstract: "Add a client.",
    discussion: "Fields for --set: name, email, age."
  )

  @OptionGroup var options: FormOptions
  @OptionGroup var database: DatabaseOption

  @MainActor
  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    let path = try database.path(environment: environment)
    let clients: ClientStorageClient
    do {
      // NB: The database opens at its first use, the email's uniqueness check or Save, so the
      //     form draws at once and Esc before then leaves no database (BENCHMARKS.md,
      //     "Start-up"). A file that is not a database is still refused before anything is
      //     drawn; rarer failures show under the email and on Save, with everything kept.
      clients = options.noInput
        ? try ClientStorageClient.live(databaseAt: path)
        : try ClientStorageClient.opening(databaseAt: path)
    } catch {
      throw fail(error.message)
    }
    let actions = try FormSession.actions(for: options, Self.action(for:))
    let original = Client(name: "", email: "", age: 18)
    // NB: A form cut off earlier (kill -9, a lost link) left a draft: offer to take it up.
    let draftName = DraftKeeper<ClientForm.State, Client>.name(
      "client", writingTo: path, usual: try? StoragePaths.clientsDatabase(environment: environment))
    let (initial, draft, waiting) = DraftKeeper<ClientForm.State, Client>.offer(
      form: draftName,
      // NB: A draft for another database than the usual one says which.
      question: "restore the client you were adding" + (draftName == "client" ? "" : " to \(path)"),
      original: original,
      options: options, environment: environment
    ) { Client(name: $0.name, email: $0.email, age: $0.age) }
    defer {
      DraftKeeper<ClientForm.State, Client>.sayWaiting(
        at: waiting, resumedBy: ["client"] + (draftName == "client" ? [] : ["--database", path]))
    }
    var state = ClientForm.State(name: initial.name, email: initial.email, age: initial.age)
    // NB: A restored draft is saved nowhere else: its values differ from what is saved, so
    //     Esc asks before it is thrown away.
    state.original = original
    let store = Store(initialState: state) { ClientForm() } withDependencies: {
      $0.clientStorage = clients
      // NB: Without typing there is nothing to debounce.
      if options.noInput { $0.continuousClock = ImmediateClock() }
    }
    try await FormSession.run(
      store, layout: ClientForm.layout, draft: draft, options: options, environment: environment,
      setting: actions,
      output: \.client,
      confirmation: { "Client \($0.email) saved to \(path)" })
  }

  /// The binding action a `--set` stands for.
  static func action(for assignment: FieldAssignment) throws(ExitStatus) -> ClientForm.Action {
    switch assignment.normalizedField {
    case "name": return .set(\.$name, assignment.value)
    case "email": return .set(\.$email, assignment.value)
    case "age": return .set(\.$age, try assignment.int())
    default:
      throw fail(
        "--set \(assignment.shownField): no such client field. Fields: "
          + ClientForm.Field.allCases.map { "\($0)" }.joined(separator: ", "))
    }
  }
}
