import ComposableForms
import ComposableFormsTesting
import SettingsFeatures
import TerminalUI
import Testing

/// The clients list run headlessly by ``ListRuntime``, with the client form presented over it.
@Suite(.mainSerialExecutor)
@MainActor
struct ClientListRuntimeTests {
  func type(_ text: String) -> [TerminalEvent] { text.map { .key(.character($0)) } }

  /// Waits (on the main actor, so effects run meanwhile) until `condition` holds.
  func eventually(_ condition: () -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(5)
    while !condition(), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
  }

  /// The list of `clients` running on a headless 60x12 screen, opened; keys go to `events`.
  func start(_ clients: FakeClients) -> (HeadlessBackend, ScriptedEventSource, Task<ListRuntime<ClientList.State, ClientList.Action>.Outcome, Never>) {
    let store = Store(initialState: ClientList.State()) { ClientList() } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.clientStorage = clients.storage
    }
    let backend = HeadlessBackend(size: Size(columns: 60, rows: 12))
    let events = ScriptedEventSource()
    let runtime = ListRuntime(store: store, layout: ClientList.layout, terminal: Terminal(backend: backend), events: events)
    store.send(.opened)
    return (backend, events, Task { await runtime.run() })
  }

  @Test func enterEditsInTheClientFormOverTheListAndTheListComesBackWithTheChange() async {
    let clients = FakeClients([
      Client(name: "Ada Lovelace", email: "ada@example.com", age: 36),
      Client(name: "Grace Hopper", email: "grace@navy.mil", age: 85),
    ])
    let (backend, events, run) = start(clients)
    await eventually { backend.lines.contains { $0.contains("› Grace Hopper") } }
    #expect(backend.lines[0].hasSuffix("2 of 2"))

    events.append([.key(.up), .key(.enter)])
    await eventually { backend.lines.contains { $0.contains("Edit client") } }
    #expect(backend.lines.contains { $0.contains("Ada Lovelace") })
    events.append([.key(.tab), .key(.tab), .key(.right), .key(.enter)])
    await eventually { backend.lines.contains { $0.contains("Saved Ada Lovelace") } }
    // NB: The list loads the saved client again after the save says so: a moment later, on a
    //     busy machine.
    await eventually { backend.lines.contains { $0.contains("› Ada Lovelace") && $0.hasSuffix("37") } }
    #expect(backend.lines.contains { $0.contains("› Ada Lovelace") && $0.hasSuffix("37") }, "\(backend.lines)")
    #expect(await clients.updated == [Client(name: "Ada Lovelace", email: "ada@example.com", age: 37)])

    events.append([.key(.character("q"))])
    #expect(await run.value == .finished)
  }

  /// Another program adds a client while the list is open: Ctrl-L redraws the screen and
  /// loads the clients again, so it shows, and the selected client stays selected.
  @Test func ctrlLLoadsWhatAnotherProgramSavedMeanwhile() async {
    let clients = FakeClients([
      Client(name: "Ada Lovelace", email: "ada@example.com", age: 36),
      Client(name: "Grace Hopper", email: "grace@navy.mil", age: 85),
    ])
    let (backend, events, run) = start(clients)
    await eventually { backend.lines.contains { $0.contains("› Grace Hopper") } }
    events.append([.key(.up)])
    await eventually { backend.lines.contains { $0.contains("› Ada Lovelace") } }
    await clients.add(Client(name: "Alan Turing", email: "alan@bletchley.uk", age: 41))
    await clients.save(Client(name: "Ada King", email: "ada@example.com", age: 36), as: 1)
    events.append([.key(.control("l"))])
    await eventually { backend.lines.contains { $0.contains("Alan Turing") } }
    #expect(backend.lines[0].hasSuffix("1 of 3"), "\(backend.lines)")
    #expect(backend.lines.contains { $0.contains("› Ada King") }, "\(backend.lines)")
    events.append([.key(.character("q"))])
    #expect(await run.value == .finished)
  }

  @Test func anEmptyListOffersToAddAndNothingToDelete() async {
    let (backend, events, run) = start(FakeClients([]))
    await eventually { backend.lines.contains { $0.contains("No clients yet") } }
    let help = backend.lines[11]
    #expect(help.contains("a add"), "\(help)")
    #expect(!help.contains("delete"), "\(help)")
    // NB: `d` asks nothing, since there is no client to delete; `a` still opens the form.
    events.append(type("d") + type("a"))
    await eventually { backend.lines.contains { $0.contains("New client") } }
    #expect(!backend.lines.contains { $0.contains("Delete") })
    events.append([.key(.control("c"))])
    #expect(await run.value == .interrupted)
  }

  @Test func ctrlCInTheFormOverTheListEndsTheWholeRun() async {
    let clients = FakeClients([Client(name: "Ada Lovelace", email: "ada@example.com", age: 36)])
    let (backend, events, run) = start(clients)
    await eventually { backend.lines.contains { $0.contains("› Ada Lovelace") } }
    events.append(type("a") + type("Bob") + [.key(.control("c"))])
    #expect(await run.value == .interrupted)
    #expect(await clients.saved.count == 1)
  }

  func click(_ column: Int, _ row: Int) -> TerminalEvent {
    .key(.mouse(MouseEvent(.press, at: Position(column: column, row: row))))
  }

  /// Where `text` starts on screen, as the last frame drew it.
  func position(of text: String, in backend: HeadlessBackend) -> Position? {
    for (row, line) in backend.lines.enumerated() {
      if let range = line.range(of: text) {
        return Position(column: line[..<range.lowerBound].count + 1, row: row)
      }
    }
    return nil
  }

  @Test func aClickOnARowLeavesTheSearchFieldAndSelectsIt() async {
    let clients = FakeClients([
      Client(name: "Ada Lovelace", email: "ada@example.com", age: 36),
      Client(name: "Grace Hopper", email: "grace@navy.mil", age: 85),
    ])
    let (backend, events, run) = start(clients)
    await eventually { backend.lines.contains { $0.contains("› Grace Hopper") } }
    events.append(type("/"))
    await eventually { backend.lines[1].contains("Search:") && !backend.lines[1].contains("press /") }
    let ada = position(of: "Ada Lovelace", in: backend) ?? Position(column: 0, row: 0)
    events.append([click(ada.column, ada.row)])
    await eventually { backend.lines.contains { $0.contains("› Ada Lovelace") } }
    #expect(backend.lines.contains { $0.contains("› Ada Lovelace") }, "\(backend.lines.joined(separator: "\n"))")
    events.append(type("q"))
    #expect(await run.value == .finished, "q quits: the rows have the keys again")
  }

  /// The list of one client, Ada, asking whether to delete her (`d`).
  func askingToDeleteAda() async -> (
    FakeClients, HeadlessBackend, ScriptedEventSource, Task<ListRuntime<ClientList.State, ClientList.Action>.Outcome, Never>
  ) {
    let clients = FakeClients([Client(name: "Ada Lovelace", email: "ada@example.com", age: 36)])
    let (backend, events, run) = start(clients)
    await eventually { backend.lines.contains { $0.contains("› Ada Lovelace") } }
    events.append(type("d"))
    await eventually { backend.lines.contains { $0.contains("[ Delete ]") } }
    return (clients, backend, events, run)
  }

  @Test func aClickOnTheDeleteQuestionsButtonAnswersIt() async {
    let (clients, backend, events, run) = await askingToDeleteAda()
    let delete = position(of: "[ Delete ]", in: backend) ?? Position(column: 0, row: 0)
    events.append([click(delete.column, delete.row)])
    await eventually { backend.lines.contains { $0.contains("No clients yet") } }
    #expect(await clients.removed == ["ada@example.com"], "\(backend.lines.joined(separator: "\n"))")
    events.append(type("q"))
    #expect(await run.value == .finished)
  }

  /// On a window too small for the list, the delete question's keys work only where the
  /// too-small message shows them: where it is cut, `y` deletes nothing, and Esc answers no.
  @Test func aDeleteQuestionCutOffByATinyWindowTakesOnlyEsc() async {
    let (clients, backend, events, run) = await askingToDeleteAda()
    backend.size = Size(columns: 20, rows: 2)
    events.append([.key(.resize)])
    await eventually { backend.lines.contains { $0.contains("Need") } }
    #expect(!backend.lines.contains { $0.contains("y delete") }, "\(backend.lines)")
    events.append(type("y") + [.key(.escape)])
    backend.size = Size(columns: 60, rows: 12)
    events.append([.key(.resize)])
    await eventually { backend.lines.contains { $0.contains("› Ada Lovelace") } }
    #expect(!backend.lines.contains { $0.contains("[ Delete ]") }, "Esc answered no: \(backend.lines)")
    #expect(await clients.removed == [])
    events.append(type("q"))
    #expect(await run.value == .finished)
  }
}
