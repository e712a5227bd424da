import ArgumentParser
import Foundation
import SettingsFeatures
import SettingsStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `settings-tui clients remove EMAIL`: remove a saved client.
struct RemoveClient: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Remove the client with this email.",
    discussion: """
      On a terminal it asks first; from a script (standard input not a terminal) it removes \
      only with --yes. Exit 0 removed, 1 no such client or not confirmed, 2 the database \
      cannot be used.
      """
  )

  @Argument(help: ArgumentHelp("The client's email (case does not matter).", valueName: "email"))
  var email: String

  @Flag(name: .shortAndLong, help: "Remove without asking.")
  var yes = false

  @OptionGroup var database: DatabaseOption

  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    let path = try database.path(environment: environment)
    let clients = try database.existingClients(for: email, at: path)
    let saved: Client
    let savedID: Int64
    do {
      guard let found = try await clients.find(email) else {
        throw fail("no client with email \(email)", .cancelledOrInvalid)
      }
      saved = found.client
      savedID = found.id
      if !yes {
        // NB: Only a person at a terminal is asked; a script says --yes (as `gh` asks of
        //     scripts), so a piped "n", or a job with no one to ask, never removes a client.
        let isTerminal = isatty(0) == 1
        let answer =
          isTerminal
          ? await TerminalQuestion.confirm(
            "remove the client \(saved.name) <\(saved.email)>, \(saved.age)?", defaultAnswer: false, escapeAnswer: false)
          : nil
        switch answer {
        case true?:
          break
        case false?:
          // NB: Exit 1 says "not done" to a script; the person who answered hears it too.
          throw fail("kept the client \(saved.email): nothing was removed", .cancelledOrInvalid)
        case nil:
          // NB: A terminal on standard input is not always one to ask on: a job started with
          //     setsid has none of its own (/dev/tty does not open).
          let reason =
            isTerminal
            ? "there is no controlling terminal to ask on (/dev/tty does not open)"
            : "standard input is not a terminal to ask on"
          throw fail(
            "kept the client \(saved.email): \(reason), so nothing was removed (pass --yes to remove without asking)",
            .cancelledOrInvalid)
        }
      }
      switch try await clients.remove(found) {
      case .removed:
        break
      case .gone:
        throw fail("no client with email \(email)", .cancelledOrInvalid)
      case let .changed(now):
        // NB: With the age, as the question had it: a change of age alone read as no change.
        throw fail(
          "another program changed the client meanwhile (now \(now.name) <\(now.email)>, \(now.age)), so it was kept",
          .cancelledOrInvalid)
      }
    } catch let error as StorageError {
      throw fail(error.message)
    }
    // NB: The drafts of its edits go with it, as from the clients list: no command would
    //     offer them any more. An edit a run was cut off in is work the person may not know
    //     they lose, so it is said.
    let discarded = DraftKeeper<ClientForm.State, Client>.discardDrafts(
      editing: savedID, in: path, environment: environment)
    if discarded > 0 {
      printError(
        "the unsaved \(discarded == 1 ? "edit" : "edits") of \(saved.email) kept from an interrupted run "
          + "\(discarded == 1 ? "was" : "were") discarded with the client")
    }
    let done = "Client \(saved.email.visibleForTerminal) removed from \(path.visibleForTerminal)"
    try StandardOutput.writeLine(done, done: done)
  }
}
