import Clocks
import ComposableForms
import SettingsFeatures
import TerminalUI
import Testing

/// The clients list line by line (`clients --accessible`): the same reducer as the drawn list,
/// asked as numbered matches and one question at a time.
@MainActor
struct ClientListLinesTests {
  static let ada = Client(name: "Ada Lovelace", email: "ada@example.com", age: 36)
  static let grace = Client(name: "Grace Hopper", email: "grace@navy.mil", age: 85)
  static let alan = Client(name: "Alan Turing", email: "alan@bletchley.uk", age: 41)

  let clients = FakeClients([ada, grace, alan])

  func makeStore() -> Store<ClientList.State, ClientList.Action> {
    let clients = self.clients
    return Store(initialState: ClientList.State()) { ClientList() } withDependencies: {
      $0.clientStorage.matches = { await clients.matches($0) }
      $0.clientStorage.clients = { await clients.clients($0) }
      $0.clientStorage.remove = { await clients.remove($0) }
      $0.clientStorage.emailExists = { _ in false }
      $0.clientStorage.update = { try await clients.update($0, $1, $2, $3) }
      $0.clientStorage.add = { await clients.add($0) }
      $0.continuousClock = ImmediateClock()
    }
  }

  @Test func aSearchNarrowsTheNumberedListAndANumberDeletesAfterTheQuestion() async {
    let store = makeStore()
    let channel = ScriptedLineChannel(["ada", "1", "d", "y", "-", "q"])
    await ClientList.runLines(store, channel: channel)
    let transcript = channel.transcript
    #expect(transcript.hasPrefix("""
      Clients
      3 clients:
        1) Ada Lovelace <ada@example.com>, 36
        2) Grace Hopper <grace@navy.mil>, 85
        3) Alan Turing <alan@bletchley.uk>, 41
      Words to search, a number to choose, a to add, q to quit: ada
      1 client matches ada:
        1) Ada Lovelace <ada@example.com>, 36
      Words to search, a number to choose, a to add, q to quit [ada]: 1
      Ada Lovelace <ada@example.com>, 36: e to edit, d to delete, Enter to go back: d
      Delete the client Ada Lovelace <ada@example.com>? (y or n): y
      Deleted Ada Lovelace <ada@example.com>
      No client matches this search (- clears it).
      """), "\(transcript)")
    #expect(transcript.contains("2 clients:\n  1) Grace Hopper <grace@navy.mil>, 85\n  2) Alan Turing <alan@bletchley.uk>, 41\n"), "\(transcript)")
    #expect(await clients.saved.map(\.client) == [Self.grace, Self.alan])
    #expect(store.state.isFinished)
  }

  @Test func aNumberEditsTheClientWithTheFormsQuestions() async {
    let store = makeStore()
    // Grace: keep the name and the email, a new age.
    let channel = ScriptedLineChannel(["2", "e", "", "", "86", "q"])
    await ClientList.runLines(store, channel: channel)
    #expect(await clients.saved.map(\.client)[1] == Client(name: "Grace Hopper", email: "grace@navy.mil", age: 86))
    #expect(channel.transcript.contains("Saved Grace Hopper <grace@navy.mil>"), "\(channel.transcript)")
    #expect(channel.transcript.contains("2) Grace Hopper <grace@navy.mil>, 86"), "the list read again: \(channel.transcript)")
  }

  /// Esc then Enter inside the client form goes back to the list, nothing saved: the only way
  /// out was the end of the input, which ended the whole list.
  @Test func escThenEnterLeavesTheClientFormForTheList() async {
    let store = makeStore()
    let channel = ScriptedLineChannel(["2", "e", "\u{1B}", "q"])
    await ClientList.runLines(store, channel: channel)
    #expect(await clients.updated == [])
    #expect(store.state.editor == nil)
    #expect(channel.transcript.hasSuffix("Words to search, a number to choose, a to add, q to quit: q\n"), "\(channel.transcript)")
  }

  /// The edited client's email is checked from the form's first action, with the real clock's
  /// debounce: Save waits for that check instead of saying the form could not be submitted.
  @Test func saveWaitsForACheckStillRunning() async {
    let channel = ScriptedLineChannel(["2", "e", "", "", "86", "q"])
    await withDependencies {
      $0.continuousClock = ContinuousClock()
    } operation: {
      let store = Store(initialState: ClientList.State()) { ClientList() } withDependencies: { [clients] in
        $0.clientStorage.matches = { await clients.matches($0) }
        $0.clientStorage.clients = { await clients.clients($0) }
        $0.clientStorage.emailExists = { _ in false }
        $0.clientStorage.update = { try await clients.update($0, $1, $2, $3) }
      }
      await ClientList.runLines(store, channel: channel)
    }
    #expect(!channel.transcript.contains("could not be submitted"), "\(channel.transcript)")
    #expect(channel.transcript.contains("Saved Grace Hopper <grace@navy.mil>"), "\(channel.transcript)")
  }

  /// A number with nothing listed crashed the program (1...0); one out of range was taken
  /// for a search without a word.
  @Test func aNumberNoClientHasIsRefusedAndSlashSearchesForIt() async {
    let store = makeStore()
    let channel = ScriptedLineChannel(["zzz", "1", "-", "4", "/4", "q"])
    let outcome = await ClientList.runLines(store, channel: channel)
    #expect(outcome == .closed)
    let transcript = channel.transcript
    #expect(transcript.contains("[zzz]: 1\n  Error: No client is listed to choose (/1 searches for 1)\n"), "\(transcript)")
    #expect(transcript.contains(": 4\n  Error: Choose a number from 1 to 3 (/4 searches for 4)\n"), "\(transcript)")
    #expect(store.state.search == "4", "\(transcript)")
  }

  /// From a file, a refused answer ends the list: the lines after it (`d`, `y`) were meant
  /// for another client's questions.
  @Test func aRefusedAnswerFromAFileEndsTheList() async {
    let store = makeStore()
    let channel = ScriptedLineChannel(["4", "d", "y"], isInteractive: false)
    let outcome = await ClientList.runLines(store, channel: channel)
    #expect(outcome == .answerRefused)
    #expect(
      channel.transcript.contains(
        ": 4\n  Error: Choose a number from 1 to 3 (/4 searches for 4)\n"
          + "The answers come from a file or a pipe, so a refused one ends the list.\n"),
      "\(channel.transcript)")
    #expect(await clients.saved.count == 3, "nothing deleted")
    #expect(!channel.transcript.contains("Kept") && !channel.transcript.contains("Deleted"), "\(channel.transcript)")
    #expect(store.state.search == "", "\(channel.transcript)")
    // A refused answer to the delete question keeps the client, and says so before the end.
    let deleting = makeStore()
    let answers = ScriptedLineChannel(["1", "d", "maybe", "q"], isInteractive: false)
    #expect(await ClientList.runLines(deleting, channel: answers) == .answerRefused)
    #expect(
      answers.transcript.hasSuffix(
        "  Error: Type y or n\nKept Ada Lovelace <ada@example.com>, 36\n"
          + "The answers come from a file or a pipe, so a refused one ends the list.\n"),
      "\(answers.transcript)")
  }

  /// The same words said by a later step are said again: a second save, a second failure.
  @Test func eachSaveIsSaidEvenWhenItsWordsAreTheLastOnes() async {
    let store = makeStore()
    let channel = ScriptedLineChannel(["1", "e", "", "", "", "1", "e", "", "", "37", "q"])
    await ClientList.runLines(store, channel: channel)
    #expect(channel.transcript.components(separatedBy: "Saved Ada Lovelace <ada@example.com>").count - 1 == 2, "\(channel.transcript)")
  }

  @Test func otherAnswersAtTheClientsQuestionsAreRefusedAndNoKeepsTheClient() async {
    let store = makeStore()
    let channel = ScriptedLineChannel(["1", "x", "d", "maybe", "n", "q"])
    await ClientList.runLines(store, channel: channel)
    let transcript = channel.transcript
    #expect(transcript.contains("e to edit, d to delete, Enter to go back: x\n  Error: Type e, d, or Enter\n"), "\(transcript)")
    #expect(transcript.contains("(y or n): maybe\n  Error: Type y or n\n"), "\(transcript)")
    #expect(transcript.contains("Kept Ada Lovelace <ada@example.com>, 36\n"), "\(transcript)")
    #expect(await clients.saved.count == 3)
  }

  /// The end of the input inside the client form: what was typed there is not saved, and the
  /// caller is told so (the command exits 1, as a form's line mode does).
  @Test func theInputEndingInsideTheFormIsToldApart() async {
    let store = makeStore()
    let channel = ScriptedLineChannel(["1", "e", "Bobby"])
    #expect(await ClientList.runLines(store, channel: channel) == .inputEndedInForm)
    #expect(await clients.saved[0].client.name == "Ada Lovelace")
    let atTheList = ScriptedLineChannel(["1"])
    #expect(await ClientList.runLines(makeStore(), channel: atTheList) == .closed)
  }

  @Test func aAddsAClientAndTheEndOfTheInputQuits() async {
    let store = makeStore()
    let channel = ScriptedLineChannel(["a", "Lin", "lin@example.com", "30"])
    await ClientList.runLines(store, channel: channel)
    #expect(await clients.saved.last?.client == Client(name: "Lin", email: "lin@example.com", age: 30))
    #expect(channel.transcript.contains("Saved Lin <lin@example.com>"), "\(channel.transcript)")
  }

  @Test func moreMatchesThanShownAreCountedAndAListOfNoneSaysSo() async {
    let store = makeStore()
    let channel = ScriptedLineChannel(["zzz", "q"])
    await ClientList.runLines(store, channel: channel, shown: 2)
    #expect(channel.transcript.contains("  and 1 more: a search with more words lists fewer\n"), "\(channel.transcript)")
    #expect(channel.transcript.contains("No client matches this search (- clears it).\n"), "\(channel.transcript)")
  }
}
