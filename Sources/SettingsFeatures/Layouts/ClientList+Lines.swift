import ComposableForms
import TerminalUI

extension ClientList {
  /// The clients list line by line, for screen readers and terminals that cannot draw it: the
  /// matches as a numbered list, then one question. Words search, a number chooses a client
  /// (then edit or delete it), `a` adds one, `q` (or the end of the input) quits. Editing and
  /// adding ask the client form's questions (``FormLayout/runLines(_:channel:)``).
  ///
  /// It drives the same reducer as the drawn list, so searching, deleting by id and what each
  /// step says are the list's own.
  @MainActor public static func runLines(
    _ store: Store<State, Action>, channel: some LineChannel, shown: Int = 10
  ) async {
    var lines = ListLines(store: store, channel: channel, shown: shown)
    await lines.run()
  }
}

/// One run of the clients list in line mode.
@MainActor
private struct ListLines<Channel: LineChannel> {
  let store: Store<ClientList.State, ClientList.Action>
  let channel: Channel
  /// How many matches are listed at once.
  let shown: Int
  /// The message last said, so each is said once.
  var said: ClientList.Message?
  /// Whether the input ended inside the client form: nothing more can be asked.
  var inputEnded = false

  mutating func run() async {
    await store.send(.opened).finish()
    channel.write("Clients\n")
    while !store.state.isFinished && !inputEnded {
      await list()
      let search = store.state.search
      channel.write("Words to search, a number to choose, a to add, q to quit" + (search.isEmpty ? "" : " [\(search.visibleForTerminal)]") + ": ")
      guard let answer = await channel.readLine(secret: false) else { break }
      let typed = Self.trimmed(answer)
      switch typed.lowercased() {
      case "q":
        await store.send(.closeTapped).finish()
      case "a":
        await store.send(.addTapped).finish()
        await edit()
      case "":
        continue  // NB: Enter lists the same matches again.
      default:
        if let number = Int(typed), (1...min(shown, store.state.matches.count)).contains(number) {
          await choose(number - 1)
        } else {
          // NB: "-" alone clears the search: an empty answer keeps it.
          await store.send(.searchChanged(typed == "-" ? "" : typed)).finish()
        }
      }
    }
    await store.send(.closeTapped).finish()
    say()
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
        channel.write("The clients could not be read.\n")
      } else {
        channel.write(state.search.isEmpty ? "No clients yet.\n" : "No client matches this search (- clears it).\n")
      }
      return
    }
    channel.write(count == 1 ? "1 client" : "\(count) clients")
    channel.write(state.search.isEmpty ? ":\n" : " match \(state.search.visibleForTerminal):\n")
    for position in 0..<min(shown, count) {
      channel.write("  \(position + 1)) \(Self.describe(state.rows[state.matches[position]]))\n")
    }
    if count > shown {
      channel.write("  and \(count - shown) more: type words to narrow the search\n")
    }
  }

  /// Asks what to do with the client at `position`: edit it, delete it, or go back.
  mutating func choose(_ position: Int) async {
    await store.send(.selected(position)).finish()
    guard let id = store.state.selectedID, let client = store.state.rows[id] else { return }
    channel.write("\(Self.describe(client)): e to edit, d to delete, Enter to go back: ")
    guard let answer = await channel.readLine(secret: false) else { return }
    switch Self.trimmed(answer).lowercased() {
    case "e":
      await store.send(.editTapped).finish()
      await edit()
    case "d":
      await store.send(.removeTapped).finish()
      guard let prompt = store.state.prompt else { return }
      channel.write("\(prompt.message.visibleForTerminal) (y or n): ")
      let sure = await channel.readLine(secret: false).map(Self.trimmed)?.lowercased()
      let choice = sure == "y" || sure == "yes" ? "delete" : "keep"
      await store.send(.promptAnswered(prompt: prompt.id, choice: choice)).finish()
    default:
      return
    }
  }

  /// Waits for what the last answer set going to finish: a removal's result loads the
  /// matches again, an action of its own that the answer's task does not wait for.
  func settle() async {
    while store.hasRunningEffects {
      try? await Task.sleep(for: .milliseconds(2))
    }
  }

  /// Asks the client form's questions for the client being added or edited.
  mutating func edit() async {
    guard let editor = store.scope(state: \.editor, action: \.editor) else { return }
    let layout = editor.state.editing == nil ? ClientForm.layout : ClientForm.editLayout
    _ = await layout.runLines(editor, channel: channel) { [store] in store.state.editor == nil }
    // NB: A form the end of the input cut off did not end itself: nothing more can be asked.
    if store.state.editor != nil { inputEnded = true }
  }

  /// Says the list's message if it changed since it was last said.
  mutating func say() {
    guard let message = store.state.message, message != said else { return }
    said = message
    channel.write((message.isError ? "Error: " : "") + message.text.visibleForTerminal + "\n")
  }

  static func trimmed(_ text: String) -> String {
    String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }

  static func describe(_ client: Client?) -> String {
    guard let client else { return "…" }
    return "\(client.name.visibleForTerminal) <\(client.email.visibleForTerminal)>, \(client.age)"
  }
}
