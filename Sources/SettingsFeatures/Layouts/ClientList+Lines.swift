import ComposableForms
import Foundation
import TerminalUI

extension ClientList {
  /// How a line-mode run of the list ended.
  public enum LinesOutcome: Equatable, Sendable {
    /// `q`, or the end of the input at the list's own questions.
    case closed
    /// The input ended inside the client form: what was typed there was not saved.
    case inputEndedInForm
    /// An answer from a file or a pipe was refused (and it said why): the list ended there,
    /// since the lines after it were meant for other questions.
    case answerRefused
  }

  /// The clients list line by line, for screen readers and terminals that cannot draw it: the
  /// matches as a numbered list, then one question. Words search (`/` first searches for what
  /// follows as typed: `/q`, `/42`), a number chooses a client (then edit or delete it), `a`
  /// adds one, Enter loads the list again, `q` (or the end of the input) quits. Editing and
  /// adding ask the client form's questions (``FormLayout/runLines(_:channel:)``).
  ///
  /// It drives the same reducer as the drawn list, so searching, deleting by id and what each
  /// step says are the list's own.
  @MainActor @discardableResult
  public static func runLines(
    _ store: Store<State, Action>, channel: some LineChannel, shown: Int = 10
  ) async -> LinesOutcome {
    var lines = ListLines(store: store, channel: channel, shown: shown)
    return await lines.run()
  }
}

/// One run of the clients list in line mode.
@MainActor
private struct ListLines<Channel: LineChannel> {
  let store: Store<ClientList.State, ClientList.Action>
  let channel: Channel
  /// How many matches are listed at once.
  let shown: Int
  /// The messages the list set, to be said once each, in order (the same words set again by a
  /// later step are said again).
  let messages = MessageWatch()
  /// Whether the input ended inside the client form.
  var inputEndedInForm = false
  /// Whether the input ended.
  var inputEnded = false
  /// Whether an answer from a file or a pipe was refused, which ends the list.
  var refusedAnAnswer = false

  mutating func run() async -> ClientList.LinesOutcome {
    let watch = messages
    let token = store.observe { state in watch.see(state.message) }
    defer { token.cancel() }
    await store.send(.opened).finish()
    channel.write("Clients\n")
    while !store.state.isFinished && !inputEnded {
      await list()
      let search = store.state.search
      channel.write("Words to search, a number to choose, a to add, q to quit" + (search.isEmpty ? "" : " [\(search.visibleForTerminal)]") + ": ")
      guard let answer = await channel.readLine(secret: false) else { break }
      // NB: Control characters (an Esc typed before Enter) are no search.
      let typed = Self.trimmed(String(String.UnicodeScalarView(answer.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })))
      switch typed.lowercased() {
      case "q":
        await store.send(.closeTapped).finish()
      case "a":
        await store.send(.addTapped).finish()
        await edit()
      case "":
        // NB: Enter loads the list again: what another program saved or deleted meanwhile,
        //     and the database once a lock is gone.
        await store.send(.reloadTapped).finish()
      default:
        let count = min(shown, store.state.matches.count)
        if let number = Int(typed) {
          if (1...max(1, count)).contains(number) && count > 0 {
            await choose(number - 1)
          } else {
            channel.write(
              count == 0
                ? "  Error: No client is listed to choose (/\(number) searches for \(number))\n"
                : "  Error: Choose a number from 1 to \(count) (/\(number) searches for \(number))\n")
            _ = asksAgain()
          }
        } else {
          let words = typed.hasPrefix("/") ? String(typed.dropFirst()) : typed == "-" ? "" : typed
          // NB: The same search again loads it again (after a lock is gone, say).
          await store.send(words == store.state.search ? .reloadTapped : .searchChanged(words)).finish()
        }
      }
    }
    if !store.state.isClosed { await store.send(.closeTapped).finish() }
    await settle()
    say()
    return refusedAnAnswer ? .answerRefused : inputEndedInForm ? .inputEndedInForm : .closed
  }

  /// After a refused answer: `true` to ask again, or, when the answers come from a file or a
  /// pipe (``LineChannel/isInteractive``), `false`: the list ends, saying why.
  mutating func asksAgain() -> Bool {
    if channel.isInteractive { return true }
    channel.write("The answers come from a file or a pipe, so a refused one ends the list.\n")
    refusedAnAnswer = true
    inputEnded = true
    return false
  }

  /// Says the last message once, then the matches on the first rows, numbered.
  mutating func list() async {
    await settle()
    say()
    await store.send(.rowsShown(0..<min(shown, store.state.matches.count))).finish()
    await settle()
    let state = store.state
    let count = state.matches.count
    guard count > 0 else {
      if state.loadFailed {
        channel.write("The clients could not be read (Enter tries again).\n")
      } else {
        channel.write(state.search.isEmpty ? "No clients yet.\n" : "No client matches this search (- clears it).\n")
      }
      return
    }
    if state.search.isEmpty {
      channel.write(count == 1 ? "1 client:\n" : "\(count) clients:\n")
    } else {
      let matches = count == 1 ? "1 client matches" : "\(count) clients match"
      channel.write("\(matches) \(state.search.visibleForTerminal):\n")
    }
    for position in 0..<min(shown, count) {
      channel.write("  \(position + 1)) \(Self.describe(state.rows[state.matches[position]]))\n")
    }
    if count > shown {
      channel.write("  and \(count - shown) more: a search with more words lists fewer\n")
    }
  }

  /// Asks what to do with the client at `position`: edit it, delete it, or go back.
  mutating func choose(_ position: Int) async {
    await store.send(.selected(position)).finish()
    guard let id = store.state.selectedID, let client = store.state.rows[id] else { return }
    while true {
      channel.write("\(Self.describe(client)): e to edit, d to delete, Enter to go back: ")
      guard let answer = await channel.readLine(secret: false) else {
        inputEnded = true
        return
      }
      switch Self.trimmed(answer).lowercased() {
      case "e":
        await store.send(.editTapped).finish()
        await edit()
        return
      case "d":
        await delete(client)
        return
      case "":
        return
      default:
        channel.write("  Error: Type e, d, or Enter\n")
        guard asksAgain() else { return }
      }
    }
  }

  /// Asks whether to delete `client`, and deletes it on yes.
  mutating func delete(_ client: Client) async {
    await store.send(.removeTapped).finish()
    guard let prompt = store.state.prompt else { return }
    var choice: String?
    var refused = false
    while choice == nil {
      channel.write("\(prompt.message.visibleForTerminal) (y or n): ")
      guard let answer = await channel.readLine(secret: false) else {
        inputEnded = true
        choice = "keep"
        break
      }
      switch Self.trimmed(answer).lowercased() {
      case "y", "yes": choice = "delete"
      case "n", "no": choice = "keep"
      default:
        channel.write("  Error: Type y or n\n")
        if !channel.isInteractive {
          choice = "keep"
          refused = true
        }
      }
    }
    await store.send(.promptAnswered(prompt: prompt.id, choice: choice ?? "keep")).finish()
    if choice == "keep" { channel.write("Kept \(Self.describe(client))\n") }
    // NB: Said after "Kept", the last word on what happened to the client.
    if refused { _ = asksAgain() }
  }

  /// Waits for what the last answer set going to finish: a removal's result loads the
  /// matches again, an action of its own that the answer's task does not wait for.
  func settle() async {
    await store.wait()
  }

  /// Asks the client form's questions for the client being added or edited.
  mutating func edit() async {
    guard let editor = store.scope(state: \.editor, action: \.editor) else { return }
    let layout = editor.state.editing == nil ? ClientForm.layout : ClientForm.editLayout
    _ = await layout.runLines(editor, channel: channel)
    // NB: A form the end of the input cut off did not end itself: nothing more can be asked.
    if store.state.editor != nil {
      inputEnded = true
      inputEndedInForm = true
    }
  }

  /// Says the messages the list set since the last were said.
  func say() {
    for message in messages.take() {
      let advice = message.isStorageFailure ? " Enter loads the list again." : ""
      channel.write((message.isError ? "Error: " : "") + message.text.visibleForTerminal + advice + "\n")
    }
  }

  static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespaces)
  }

  static func describe(_ client: Client?) -> String {
    guard let client else { return "…" }
    return "\(client.name.visibleForTerminal) <\(client.email.visibleForTerminal)>, \(client.age)"
  }
}

/// The list's messages as they are set: each batch of actions that changes the message to one
/// is a message to say, even when its words are those said before.
@MainActor
private final class MessageWatch {
  private var last: ClientList.Message?
  private var pending: [ClientList.Message] = []

  func see(_ message: ClientList.Message?) {
    guard message != last else { return }
    last = message
    if let message { pending.append(message) }
  }

  /// The last message set since the last call: a step's progress ("Deleting…") gives way to
  /// how it ended.
  func take() -> [ClientList.Message] {
    defer { pending = [] }
    return pending.last.map { [$0] } ?? []
  }
}
