import ArgumentParser
import ComposableForms
import CursesBackend
import Foundation
import SettingsFeatures
import SettingsStorage
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `settings-tui clients [list]`: the clients list on a terminal; JSON when piped or `--json`.
struct ListClients: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Browse saved clients: search, edit, add, delete. Prints them as JSON when piped.",
    discussion: """
      On a terminal: ↑/↓ move, / searches names and emails (word starts, case aside; Chinese, Japanese or Thai anywhere), Enter \
      edits the selected client, a adds one, d deletes it after a question, Ctrl-L loads the \
      clients again (what other programs changed), ? shows every key, Esc or q quits. \
      Newest last. With --json, or when standard output is not a terminal (unless \
      --accessible is given), prints every client as JSON, oldest first. With --accessible \
      (also ACCESSIBLE=1, or TERM=dumb), the list is asked line by line: the matches numbered, \
      then one question; words search, a number chooses a client to edit or delete, a adds \
      one, Enter loads the list again, q quits; answers from a file or a pipe are not asked \
      again: a refused one ends the list. Exit 0 quit, 1 the input ended inside the client \
      form or an answer was refused (line by line), 2 the database cannot be used, 130 Ctrl-C.
      """
  )

  @Flag(name: .long, help: "Print the clients as JSON, oldest first, instead of the list.")
  var json = false

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Browse line by line, for screen readers and terminals that cannot draw the list (also: ACCESSIBLE=1, or TERM=dumb)."))
  var accessible = false

  @OptionGroup var display: DisplayOptions
  @OptionGroup var database: DatabaseOption

  @MainActor
  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    let path = try database.path(environment: environment)
    // NB: --accessible asks even with standard output redirected (a transcript kept in a
    //     file); ACCESSIBLE=1 from the environment does not turn `clients | jq` into questions.
    if json || (isatty(1) == 0 && !accessible) {
      do {
        // NB: No database yet (or a mistyped path): no clients, and nothing is created. A path
        //     given with --database is meant to hold one: a word on standard error says there
        //     is none, in case it was mistyped.
        let clients = try ClientStorageClient.existing(databaseAt: path)
        if clients == nil, database.database != nil {
          printError("\(ClientStorageClient.absence(at: path)), so there are no clients")
        }
        try printJSON(try await clients?.all() ?? [])
      } catch let error as StorageError {
        throw fail(error.message)
      }
      return
    }
    let clients: ClientStorageClient
    do {
      clients = try ClientStorageClient.opening(databaseAt: path)
    } catch {
      throw fail(error.message)
    }
    let store = Store(initialState: ClientList.State()) { ClientList() } withDependencies: {
      $0.clientStorage = clients.discardingDrafts(in: path, environment: environment)
    }
    if Interactive.usesLines(accessible: accessible, environment: environment) {
      let channel = StandardLineChannel.answeringSettingsTUI()
      let outcome = await ClientList.runLines(store, channel: channel)
      if let failure = store.state.failedAfterClosing { throw fail(failure) }
      // NB: As a form's line mode: what was typed into the form was not saved (exit 1).
      if channel.refusedAnAnswer || outcome == .answerRefused { throw ExitStatus.cancelledOrInvalid }
      if outcome == .inputEndedInForm {
        // NB: Or a refused answer from a pipe ended the form, which said so.
        guard channel.inputEnded else { throw ExitStatus.cancelledOrInvalid }
        throw fail("the input ended before the form was submitted", .cancelledOrInvalid)
      }
      return
    }
    store.send(.opened)
    let outcome: ListRuntime<ClientList.State, ClientList.Action>.Outcome
    do {
      outcome = try await ClientList.layout.run(
        store, environment: display.applied(to: environment),
        mouse: !display.noMouse)
    } catch {
      throw fail("\(error); or pass --json")
    }
    switch outcome {
    case .finished:
      if let failure = store.state.failedAfterClosing {
        throw fail(failure)
      }
      return
    case .interrupted: throw ExitStatus.interrupted
    case let .terminated(signal): throw ExitStatus.signal(signal)
    }
  }
}
