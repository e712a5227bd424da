import Clocks
import ComposableForms
import ComposableFormsTesting
import SettingsFeatures
import TerminalUI
import Testing

@Suite(.mainSerialExecutor)
@MainActor
struct ClientListTests {
  static let ada = Client(name: "Ada Lovelace", email: "ada@example.com", age: 36)
  static let grace = Client(name: "Grace Hopper", email: "grace@navy.mil", age: 85)
  static let alan = Client(name: "Alan Turing", email: "alan@bletchley.uk", age: 41)

  /// The three clients as the list loads their rows.
  static let threeRows = [
    SavedClient(id: 1, client: ada), SavedClient(id: 2, client: grace), SavedClient(id: 3, client: alan),
  ]
  /// What `d` on Alan asks.
  static let removeAlan = FormPrompt(
    id: "remove", message: "Delete the client Alan Turing <alan@bletchley.uk>?",
    choices: [
      FormPrompt.Choice(id: "delete", key: "y", title: "Delete"),
      FormPrompt.Choice(id: "keep", key: "n", title: "Keep"),
    ],
    cancelChoice: "keep", preselectedChoice: "keep")

  private let clients = FakeClients([ada, grace, alan])

  func makeStore(_ state: ClientList.State = ClientList.State()) -> TestStore<ClientList.State, ClientList.Action> {
    let clients = self.clients
    return TestStore(initialState: state) { ClientList() } withDependencies: {
      $0.clientStorage.matches = { await clients.matches($0) }
      $0.clientStorage.clients = { await clients.clients($0) }
      $0.clientStorage.remove = { await clients.remove($0) }
      $0.clientStorage.emailExists = { _ in false }
      $0.clientStorage.update = { try await clients.update($0, $1, $2, $3) }
      $0.continuousClock = ImmediateClock()
      $0.clientStorage.add = { _ in }
    }
  }

  @Test func aDatabaseThatCannotBeReadIsNotShownAsEmpty() async {
    let store = makeStore()
    store.dependencies.clientStorage.matches = { _ in throw StorageError("Cannot open the clients database: it is locked") }
    await store.send(.opened)
    await store.receive(.failed("Cannot open the clients database: it is locked")) {
      $0.message = ClientList.Message(
        "Cannot open the clients database: it is locked", isError: true, isStorageFailure: true)
      $0.isLoaded = true
      $0.loadFailed = true
    }
    var view = ListViewState()
    let lines = ClientList.layout.render(store.state, size: Size(columns: 80, rows: 24), view: &view).buffer.lines
    #expect(lines[3].contains("The clients could not be read."), "\(lines)")
    #expect(!lines.contains { $0.contains("No clients yet") })

    // Ctrl-L once the database can be read: the list opens on the newest client, as it would have.
    let clients = self.clients
    store.dependencies.clientStorage.matches = { await clients.matches($0) }
    await store.send(.reloadTapped)
    await store.receive(.matchesLoaded(query: "", [1, 2, 3])) {
      $0.message = nil
      $0.matches = [1, 2, 3]
      $0.loadFailed = false
      $0.selection = 2
      $0.reselect = nil
    }
  }

  /// The lock goes away (another program commits): the next search finds the clients, and the
  /// error goes with the trouble instead of staying until the list is closed.
  @Test func aStorageErrorGoesOnceTheClientsLoadAgain() async {
    let store = await openedStore()
    let locked = LockIsolated(true)
    let clients = self.clients
    store.dependencies.clientStorage.matches = { query in
      if locked.value { throw StorageError("database is locked") }
      return await clients.matches(query)
    }
    await store.send(.searchChanged("a")) {
      $0.search = "a"
      $0.reselect = .client(3)
      $0.selection = 0
      $0.isLoaded = false
    }
    await store.receive(.failed("database is locked")) {
      $0.message = ClientList.Message("database is locked", isError: true, isStorageFailure: true)
      $0.isLoaded = true
      $0.loadFailed = true
      $0.matches = []  // the matches shown were the empty search's, not "a"'s
    }
    locked.setValue(false)
    await store.send(.searchChanged("al")) {
      $0.search = "al"
      $0.selection = 0
      $0.isLoaded = false
    }
    await store.receive(.matchesLoaded(query: "al", [3])) {
      $0.message = nil
      $0.matches = [3]
      $0.isLoaded = true
      $0.loadFailed = false
      $0.reselect = nil
    }
  }

  /// Keys typed faster than the matches come: each search's selection points into the older
  /// matches still shown, so the client to go back to was lost (Ada, not Alan).
  @Test func typingFastKeepsTheClientToGoBackTo() async {
    let store = await openedStore()
    let clock = TestClock()
    let clients = self.clients
    store.dependencies.clientStorage.matches = { query in
      try await clock.sleep(for: .milliseconds(10))
      return await clients.matches(query)
    }
    store.exhaustivity = .off
    await store.send(.searchChanged("a")) { $0.reselect = .client(3) }
    await store.send(.searchChanged("al")) { $0.reselect = .client(3) }
    await store.send(.searchChanged("ala")) { $0.reselect = .client(3) }
    await clock.advance(by: .milliseconds(10))
    await store.finish()
    #expect(store.state.selectedID == 3)
    await store.send(.searchChanged(""))
    await clock.advance(by: .milliseconds(10))
    await store.finish()
    #expect(store.state.selectedID == 3, "back to Alan")
  }

  /// The list opened and its matches came, the newest selected, but not yet the rows: `d` or
  /// Enter typed with the key that jumped there (Home d in one write) waits for the row.
  func storeWithRowsLoading() async -> TestStore<ClientList.State, ClientList.Action> {
    let store = makeStore()
    await store.send(.opened)
    await store.receive(.matchesLoaded(query: "", [1, 2, 3])) {
      $0.matches = [1, 2, 3]
      $0.isLoaded = true
      $0.selection = 2
      $0.reselect = nil
    }
    return store
  }

  /// A store whose list shows all three clients, the newest selected.
  func openedStore() async -> TestStore<ClientList.State, ClientList.Action> {
    let store = await storeWithRowsLoading()
    await store.send(.rowsShown(0..<3)) { $0.shown = 0..<3 }
    await store.receive(.rowsLoaded(Self.threeRows)) {
      $0.rows = [1: Self.ada, 2: Self.grace, 3: Self.alan]
    }
    return store
  }

  @Test func opensOnTheNewestClientAndLoadsOnlyTheRowsOnScreen() async {
    let store = makeStore()
    await store.send(.opened)
    await store.receive(.matchesLoaded(query: "", [1, 2, 3])) {
      $0.matches = [1, 2, 3]
      $0.isLoaded = true
      $0.selection = 2
      $0.reselect = nil
    }
    await store.send(.rowsShown(1..<3)) { $0.shown = 1..<3 }
    await store.receive(.rowsLoaded([SavedClient(id: 1, client: Self.ada), SavedClient(id: 2, client: Self.grace), SavedClient(id: 3, client: Self.alan)])) {
      // NB: The margin around the screen is loaded too, so a step up needs no loading.
      $0.rows = [1: Self.ada, 2: Self.grace, 3: Self.alan]
    }
    // Rows that are loaded already are not loaded again.
    await store.send(.rowsShown(0..<2)) { $0.shown = 0..<2 }
  }

  @Test func typingASearchNarrowsTheListAndSelectsTheFirstMatch() async {
    let store = await openedStore()
    await store.send(.searchFocused(true)) { $0.isSearching = true }
    await store.send(.selected(1)) { $0.selection = 1 }
    // Grace is selected: "a" finds Ada and Alan, not her, so the first match is selected.
    await store.send(.searchChanged("a")) {
      $0.search = "a"
      $0.selection = 0
      $0.isLoaded = false
      $0.reselect = .client(2)
    }
    await store.receive(.matchesLoaded(query: "a", [1, 3])) {
      $0.matches = [1, 3]
      $0.isLoaded = true
      $0.reselect = nil
    }
    await store.send(.selected(1)) { $0.selection = 1 }
    // Alan is selected and "al" finds him: he stays selected.
    await store.send(.searchChanged("al")) {
      $0.search = "al"
      $0.selection = 0
      $0.isLoaded = false
      $0.reselect = .client(3)
    }
    await store.receive(.matchesLoaded(query: "al", [3])) {
      $0.matches = [3]
      $0.isLoaded = true
      $0.reselect = nil
    }
    await store.send(.searchFocused(false)) { $0.isSearching = false }
    // Clearing the search goes back to everyone, Alan still selected.
    await store.send(.searchChanged("")) {
      $0.search = ""
      $0.isLoaded = false
      $0.reselect = .client(3)
    }
    await store.receive(.matchesLoaded(query: "", [1, 2, 3])) {
      $0.matches = [1, 2, 3]
      $0.isLoaded = true
      $0.selection = 2
      $0.reselect = nil
    }
  }

  /// A search that finds nothing selects nothing; clearing it goes back to the client that was
  /// selected before it, not to the first row.
  @Test func clearingASearchThatFoundNothingGoesBackToTheSelectedClient() async {
    let store = await openedStore()
    await store.send(.selected(1)) { $0.selection = 1 }
    await store.send(.searchChanged("q")) {
      $0.search = "q"
      $0.selection = 0
      $0.isLoaded = false
      $0.reselect = .client(2)
    }
    await store.receive(.matchesLoaded(query: "q", [])) {
      $0.matches = []
      $0.isLoaded = true
    }
    await store.send(.searchChanged("qx")) {
      $0.search = "qx"
      $0.isLoaded = false
    }
    await store.receive(.matchesLoaded(query: "qx", [])) { $0.isLoaded = true }
    await store.send(.searchChanged("")) {
      $0.search = ""
      $0.isLoaded = false
    }
    await store.receive(.matchesLoaded(query: "", [1, 2, 3])) {
      $0.matches = [1, 2, 3]
      $0.isLoaded = true
      $0.selection = 1
      $0.reselect = nil
    }
  }

  @Test func matchesForAnOlderSearchAreIgnored() async {
    let store = await openedStore()
    store.exhaustivity = .off
    await store.send(.matchesLoaded(query: "zz", []))
    #expect(store.state.matches == [1, 2, 3])
  }

  @Test func selectingStaysWithinTheMatches() async {
    let store = await openedStore()
    await store.send(.selected(0)) { $0.selection = 0 }
    await store.send(.selected(7)) { $0.selection = 2 }
  }

  @Test func enterOpensTheSelectedClientInTheClientFormAndSavingReturnsToIt() async {
    let store = await openedStore()
    await store.send(.selected(1)) { $0.selection = 1 }
    await store.send(.editTapped) {
      $0.editedID = 2
      $0.editor = ClientForm.State(name: "Grace Hopper", email: "grace@navy.mil", age: 85, editing: 2)
    }
    // NB: The form's own steps are the client form's tests; here, what the list does after.
    store.exhaustivity = .off
    await store.send(.editor(.presented(.set(\.$age, 86))))
    await store.send(.editor(.presented(.form(.submitTapped))))
    await store.finish()
    #expect(store.state.editor == nil)
    #expect(store.state.message == ClientList.Message("Saved Grace Hopper <grace@navy.mil>"))
    #expect(await clients.updated == [Client(name: "Grace Hopper", email: "grace@navy.mil", age: 86)])
    // The edited row shows what was saved, and stays selected.
    #expect(store.state.rows[2]?.age == 86)
    #expect(store.state.selection == 1)
  }

  /// The list's edit of Grace (85) to 86, saved after another program saved her aged 90:
  /// the store once Save has asked (not exhaustive from there).
  func editingGraceTo86WhileAnotherProgramSaves90() async -> TestStore<ClientList.State, ClientList.Action> {
    let store = await openedStore()
    await store.send(.selected(1)) { $0.selection = 1 }
    await store.send(.editTapped) {
      $0.editedID = 2
      $0.editor = ClientForm.State(name: "Grace Hopper", email: "grace@navy.mil", age: 85, editing: 2)
    }
    await clients.save(Client(name: "Grace Hopper", email: "grace@navy.mil", age: 90), as: 2)
    store.exhaustivity = .off
    await store.send(.editor(.presented(.set(\.$age, 86))))
    await store.send(.editor(.presented(.form(.submitTapped))))
    await store.finish()
    return store
  }

  /// Another program saved Grace aged 90 while the list's edit made her 86: Save asks; Use
  /// saved shows 90 in the form, and a name changed after that saves with the 90 kept; the
  /// row shows what was saved.
  @Test func anEditThatClashesWithAnotherProgramsSaveAsksThenUsesTheSavedClient() async {
    let store = await editingGraceTo86WhileAnotherProgramSaves90()
    #expect(store.state.editor?.form.prompt?.message.contains("It saved age 90 (yours 86).") == true)
    #expect(await clients.updated == [])
    await store.send(.editor(.presented(.form(.promptAnswered(prompt: FormPrompt.clientChanged.id, choice: "saved")))))
    await store.finish()
    #expect(store.state.editor?.age == 90)
    await store.send(.editor(.presented(.set(\.$name, "Grace B. Hopper"))))
    await store.send(.editor(.presented(.form(.submitTapped))))
    await store.finish()
    #expect(store.state.editor == nil)
    #expect(await clients.updated == [Client(name: "Grace B. Hopper", email: "grace@navy.mil", age: 90)])
    #expect(store.state.rows[2] == Client(name: "Grace B. Hopper", email: "grace@navy.mil", age: 90))
    #expect(store.state.selection == 1)
  }

  /// The same clash answered Keep mine: the edit's 86 is saved over the other program's 90,
  /// and the row shows it.
  @Test func anEditThatClashesKeptMineSavesTheEditsValue() async {
    let store = await editingGraceTo86WhileAnotherProgramSaves90()
    #expect(store.state.editor?.form.prompt?.id == FormPrompt.clientChanged.id)
    await store.send(.editor(.presented(.form(.promptAnswered(prompt: FormPrompt.clientChanged.id, choice: "mine")))))
    await store.finish()
    #expect(store.state.editor == nil)
    #expect(await clients.updated == [Client(name: "Grace Hopper", email: "grace@navy.mil", age: 86)])
    #expect(store.state.rows[2]?.age == 86)
  }

  /// Another program deleted the client while it was edited, and "Add again" saved it as a new
  /// client: the list selects that one, as after any add, instead of saying it is not shown.
  @Test func aClientAddedAgainAfterItsDeletionIsSelected() async {
    let store = await openedStore()
    await store.send(.selected(0)) { $0.selection = 0 }
    await store.send(.editTapped) {
      $0.editedID = 1
      $0.editor = ClientForm.State(name: "Ada Lovelace", email: "ada@example.com", age: 36, editing: 1)
    }
    let clients = self.clients
    _ = await clients.remove(SavedClient(id: 1, client: Self.ada))
    store.dependencies.clientStorage.update = { _, original, _, _ in throw StorageError.deleted(original) }
    store.dependencies.clientStorage.add = { await clients.add($0) }
    store.exhaustivity = .off
    await store.send(.editor(.presented(.set(\.$age, 37))))
    await store.send(.editor(.presented(.form(.submitTapped))))
    await store.finish()
    #expect(store.state.editor?.form.prompt?.id == FormPrompt.clientDeleted.id)
    await store.send(.editor(.presented(.form(.promptAnswered(prompt: FormPrompt.clientDeleted.id, choice: "add")))))
    await store.finish()
    #expect(store.state.editor == nil)
    #expect(store.state.matches == [2, 3, 4])
    #expect(store.state.selectedID == 4)
    #expect(store.state.message == ClientList.Message("Saved Ada Lovelace <ada@example.com>"))
  }

  @Test func cancellingTheClientFormReturnsToTheListUnchanged() async {
    let store = await openedStore()
    await store.send(.editTapped) {
      $0.editedID = 3
      $0.editor = ClientForm.State(name: "Alan Turing", email: "alan@bletchley.uk", age: 41, editing: 3)
    }
    await store.send(.editor(.presented(.form(.cancelTapped)))) {
      $0.editor = nil
      $0.editedID = nil
      $0.rows = [:]
      $0.reselect = .client(3)
    }
    // The rows are read again: another program may have changed or deleted the client.
    await store.receive(.matchesLoaded(query: "", [1, 2, 3])) { $0.reselect = nil }
    await store.receive(.rowsLoaded(Self.threeRows)) {
      $0.rows = [1: Self.ada, 2: Self.grace, 3: Self.alan]
    }
  }

  /// The form's presentation, dismissed by the list's own code (as a parent may), closes it
  /// as a cancel does: nothing asked, nothing saved, the list read again.
  @Test func dismissingTheClientFormReturnsToTheListAsACancelDoes() async {
    let store = await openedStore()
    await store.send(.editTapped) {
      $0.editedID = 3
      $0.editor = ClientForm.State(name: "Alan Turing", email: "alan@bletchley.uk", age: 41, editing: 3)
    }
    // NB: The form's own bookkeeping of the edit is not this test's subject.
    await store.withExhaustivity(.off) {
      await store.send(.editor(.presented(.set(\.$age, 42)))) { $0.editor?.age = 42 }
      await store.skipReceivedActions(strict: false)
    }
    await store.send(.editor(.dismiss)) {
      $0.editor = nil
      $0.editedID = nil
      $0.rows = [:]
      $0.reselect = .client(3)
    }
    await store.receive(.matchesLoaded(query: "", [1, 2, 3])) { $0.reselect = nil }
    await store.receive(.rowsLoaded(Self.threeRows)) {
      $0.rows = [1: Self.ada, 2: Self.grace, 3: Self.alan]
    }
  }

  @Test func cancellingAnEditOfAClientDeletedMeanwhileShowsItGone() async {
    let store = await openedStore()
    store.exhaustivity = .off
    await store.send(.editTapped)
    _ = await clients.remove(SavedClient(id: 3, client: Self.alan))
    await store.send(.editor(.presented(.form(.cancelTapped))))
    await store.finish()
    #expect(store.state.matches == [1, 2])
    #expect(store.state.rows[3] == nil)
  }

  /// The opened list searched for "a" (Ada and Alan), Alan selected, saving added clients.
  func searchedStore() async -> TestStore<ClientList.State, ClientList.Action> {
    let store = await openedStore()
    let clients = self.clients
    store.dependencies.clientStorage.add = { await clients.add($0) }
    await store.send(.searchChanged("a")) {
      $0.search = "a"
      $0.selection = 0
      $0.isLoaded = false
      $0.reselect = .client(3)
    }
    await store.receive(.matchesLoaded(query: "a", [1, 3])) {
      $0.matches = [1, 3]
      $0.isLoaded = true
      $0.selection = 1
      $0.reselect = nil
    }
    return store
  }

  /// Adds `client` through the form over the list (the form's own steps are its tests).
  func add(_ client: Client, in store: TestStore<ClientList.State, ClientList.Action>) async {
    await store.send(.addTapped) { $0.editor = ClientForm.State() }
    store.exhaustivity = .off
    await store.send(.editor(.presented(.set(\.$name, client.name))))
    await store.send(.editor(.presented(.set(\.$email, client.email))))
    await store.send(.editor(.presented(.form(.submitTapped))))
    await store.finish()
  }

  @Test func aClientAddedDuringASearchThatFindsItIsSelected() async {
    let store = await searchedStore()
    await add(Client(name: "Ada Byron", email: "byron@example.com", age: 18), in: store)
    #expect(store.state.editor == nil)
    #expect(store.state.matches == [1, 3, 4])
    #expect(store.state.selectedID == 4)
    #expect(store.state.message == ClientList.Message("Saved Ada Byron <byron@example.com>"))
  }

  @Test func aClientAddedDuringASearchThatMissesItKeepsTheSelectionAndSaysSo() async {
    let store = await searchedStore()
    await store.send(.selected(0)) { $0.selection = 0 }
    await add(Client(name: "Bob Smith", email: "bob@example.com", age: 18), in: store)
    #expect(await clients.saved.map(\.client.email).last == "bob@example.com")
    #expect(store.state.matches == [1, 3])
    // NB: Not the newest match (Alan): Ada, selected before, stays selected.
    #expect(store.state.selectedID == 1)
    #expect(
      store.state.message
        == ClientList.Message("Saved Bob Smith <bob@example.com>, not shown: the search does not find it"))
    // The person moves on: what was said of the save goes, where it would be wrong once the
    // search is cleared; and the client added is selected once a search shows it.
    store.exhaustivity = .off
    await store.send(.searchChanged(""))
    #expect(store.state.message == nil)
    await store.finish()
    #expect(store.state.matches == [1, 2, 3, 4])
    #expect(store.state.selectedID == 4, "Bob, just added")
  }

  /// Moving to another client after a save the search did not show: that client stays
  /// selected when the search is cleared, not the one saved.
  @Test func aClientAddedOutOfTheSearchIsNotSelectedOnceThePersonMoved() async {
    let store = await searchedStore()
    await store.send(.selected(0)) { $0.selection = 0 }
    await add(Client(name: "Bob Smith", email: "bob@example.com", age: 18), in: store)
    #expect(store.state.selectedID == 1)
    await store.send(.selected(1))
    #expect(store.state.selectedID == 3)
    await store.send(.searchChanged(""))
    await store.finish()
    #expect(store.state.selectedID == 3, "Alan, chosen after the save")
  }

  /// A message about something done goes when the selection moves or the list is loaded
  /// again; one about a database that cannot be used stays until it can be.
  @Test func aDoneMessageGoesWhenThePersonMovesOn() async {
    let store = await openedStore()
    await store.send(.selected(0)) { $0.selection = 0 }
    store.exhaustivity = .off
    await store.send(.removeTapped)
    await store.send(.promptAnswered(prompt: "remove", choice: "delete"))
    await store.skipReceivedActions(strict: false)
    store.exhaustivity = .on
    #expect(store.state.message == ClientList.Message("Deleted Ada Lovelace <ada@example.com>"))
    await store.send(.selected(0))
    #expect(store.state.message != nil, "no move: it stays")
    await store.send(.selected(1)) {
      $0.selection = 1
      $0.message = nil
    }
    await store.send(.failed("database is locked")) {
      $0.message = ClientList.Message("database is locked", isError: true, isStorageFailure: true)
    }
    await store.send(.selected(0)) { $0.selection = 0 }
  }

  @Test func aClientEditedOutOfTheSearchIsSaidToBeNotShown() async {
    let store = await searchedStore()
    await store.send(.editTapped) {
      $0.editedID = 3
      $0.editor = ClientForm.State(name: "Alan Turing", email: "alan@bletchley.uk", age: 41, editing: 3)
    }
    store.exhaustivity = .off
    await store.send(.editor(.presented(.set(\.$name, "Bob Turing"))))
    await store.send(.editor(.presented(.set(\.$email, "bob@bletchley.uk"))))
    await store.send(.editor(.presented(.form(.submitTapped))))
    await store.finish()
    #expect(store.state.matches == [1])
    #expect(
      store.state.message
        == ClientList.Message("Saved Bob Turing <bob@bletchley.uk>, not shown: the search does not find it"))
    await store.send(.searchChanged(""))
    await store.finish()
    #expect(store.state.matches == [1, 2, 3])
    #expect(store.state.selectedID == 3, "the client edited, once a search shows it")
  }

  @Test func aClientAddedWithoutASearchIsSelected() async {
    let store = await openedStore()
    let clients = self.clients
    store.dependencies.clientStorage.add = { await clients.add($0) }
    await store.send(.selected(0)) { $0.selection = 0 }
    await add(Client(name: "Bob Smith", email: "bob@example.com", age: 18), in: store)
    #expect(store.state.matches == [1, 2, 3, 4])
    #expect(store.state.selectedID == 4)
    #expect(store.state.message == ClientList.Message("Saved Bob Smith <bob@example.com>"))
  }

  @Test func addOpensAnEmptyClientForm() async {
    let store = await openedStore()
    await store.send(.addTapped) { $0.editor = ClientForm.State() }
  }

  @Test func deleteAsksFirstAndKeepRemovesNothing() async {
    let store = await openedStore()
    await store.send(.removeTapped) {
      $0.prompt = Self.removeAlan
      $0.removing = SavedClient(id: 3, client: Self.alan)
    }
    await store.send(.promptAnswered(prompt: "remove", choice: "keep")) {
      $0.prompt = nil
      $0.removing = nil
    }
    #expect(await clients.removed.isEmpty)
  }

  @Test func deleteOnARowStillLoadingAsksOnceItArrives() async {
    let store = await storeWithRowsLoading()
    await store.send(.removeTapped) { $0.pending = .remove(3) }
    await store.send(.rowsShown(0..<3)) { $0.shown = 0..<3 }
    await store.receive(.rowsLoaded(Self.threeRows)) {
      $0.rows = [1: Self.ada, 2: Self.grace, 3: Self.alan]
      $0.pending = nil
      $0.prompt = Self.removeAlan
      $0.removing = SavedClient(id: 3, client: Self.alan)
    }
  }

  @Test func enterOnARowStillLoadingEditsItOnceItArrives() async {
    let store = await storeWithRowsLoading()
    await store.send(.editTapped) { $0.pending = .edit(3) }
    await store.send(.rowsShown(0..<3)) { $0.shown = 0..<3 }
    await store.receive(.rowsLoaded(Self.threeRows)) {
      $0.rows = [1: Self.ada, 2: Self.grace, 3: Self.alan]
      $0.pending = nil
      $0.editedID = 3
      $0.editor = ClientForm.State(name: "Alan Turing", email: "alan@bletchley.uk", age: 41, editing: 3)
    }
  }

  /// The opened list, whose searches answer once `clock` has moved a second.
  func openedStore(searchesTaking clock: TestClock<Duration>) async -> TestStore<ClientList.State, ClientList.Action> {
    let store = await openedStore()
    let clients = self.clients
    store.dependencies.clientStorage.matches = { query in
      try await clock.sleep(for: .seconds(1))
      return await clients.matches(query)
    }
    return store
  }

  /// Types `text` into the search of a list whose searches wait (Alan selected), then `command`
  /// while its matches load.
  func startSearch(
    _ text: String, then command: ClientList.Action, in store: TestStore<ClientList.State, ClientList.Action>
  ) async {
    await store.send(.searchChanged(text)) {
      $0.search = text
      $0.selection = 0
      $0.isLoaded = false
      $0.reselect = .client(3)
    }
    await store.send(command) { $0.awaitingMatches = command == .editTapped ? .edit : .remove }
  }

  /// `/grace` and Enter typed together: the Enter that comes while the search's matches load
  /// edits the client they select, not the one the old matches had, and is not dropped.
  @Test func enterWhileASearchLoadsEditsTheClientItFinds() async {
    let clock = TestClock()
    let store = await openedStore(searchesTaking: clock)
    await startSearch("grace", then: .editTapped, in: store)
    #expect(store.state.editor == nil, "not Ada, whom the old matches put at the selection")
    await clock.advance(by: .seconds(1))
    await store.receive(.matchesLoaded(query: "grace", [2])) {
      $0.matches = [2]
      $0.isLoaded = true
      $0.reselect = nil
      $0.awaitingMatches = nil
      $0.editedID = 2
      $0.editor = ClientForm.State(name: "Grace Hopper", email: "grace@navy.mil", age: 85, editing: 2)
    }
  }

  /// A `d` waiting for a search's matches is dropped when the search changes again or the
  /// selection moves: it was for what the person saw then.
  @Test func aCommandWaitingForMatchesIsDroppedWhenTheSearchChanges() async {
    let clock = TestClock()
    let store = await openedStore(searchesTaking: clock)
    await startSearch("g", then: .removeTapped, in: store)
    await store.send(.searchChanged("gr")) {
      $0.search = "gr"
      $0.awaitingMatches = nil
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.matchesLoaded(query: "gr", [2])) {
      $0.matches = [2]
      $0.isLoaded = true
      $0.reselect = nil
    }
    #expect(store.state.prompt == nil)
  }

  /// Enter and then Esc typed while a search loads: the list closes, and the Enter does not
  /// open a form over a list nobody sees.
  @Test func aCommandWaitingForMatchesIsDroppedWhenTheListCloses() async {
    let clock = TestClock()
    let store = await openedStore(searchesTaking: clock)
    await startSearch("grace", then: .editTapped, in: store)
    await store.send(.closeTapped) {
      $0.isClosed = true
      $0.awaitingMatches = nil
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.matchesLoaded(query: "grace", [2])) {
      $0.matches = [2]
      $0.isLoaded = true
      $0.reselect = nil
    }
    #expect(store.state.editor == nil)
  }

  /// Ctrl-L while a search loads keeps what the search is to select (the selection still
  /// points into the old matches), and drops a command waiting for it.
  @Test func aReloadWhileASearchLoadsKeepsItsTarget() async {
    let clock = TestClock()
    let store = await openedStore(searchesTaking: clock)
    await startSearch("a", then: .editTapped, in: store)
    await store.send(.reloadTapped) {
      $0.awaitingMatches = nil
      $0.rows = [:]
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.matchesLoaded(query: "a", [1, 3])) {
      $0.matches = [1, 3]
      $0.isLoaded = true
      $0.selection = 1
      $0.reselect = nil
    }
    await store.receive(.rowsLoaded([SavedClient(id: 1, client: Self.ada), SavedClient(id: 3, client: Self.alan)])) {
      $0.rows = [1: Self.ada, 3: Self.alan]
    }
    #expect(store.state.editor == nil)
  }

  /// Moving on before the row came drops the command: it was for the row left behind.
  @Test func aCommandWaitingForItsRowIsDroppedWhenTheSelectionMoves() async {
    let store = await storeWithRowsLoading()
    await store.send(.removeTapped) { $0.pending = .remove(3) }
    await store.send(.selected(0)) {
      $0.selection = 0
      $0.pending = nil
    }
    await store.send(.rowsShown(0..<3)) { $0.shown = 0..<3 }
    await store.receive(.rowsLoaded(Self.threeRows)) {
      $0.rows = [1: Self.ada, 2: Self.grace, 3: Self.alan]
    }
  }

  @Test func deleteConfirmedRemovesTheClientAndSaysSo() async {
    let store = await openedStore()
    await store.send(.selected(0)) { $0.selection = 0 }
    store.exhaustivity = .off
    await store.send(.removeTapped)
    store.exhaustivity = .on
    await store.send(.promptAnswered(prompt: "remove", choice: "delete")) {
      $0.prompt = nil
      $0.message = ClientList.Message("Deleting Ada Lovelace <ada@example.com>…")
      #expect($0.isRemoving, "answered: the removal runs")
    }
    await store.receive(.removed(SavedClient(id: 1, client: Self.ada), .removed)) {
      $0.removing = nil
      $0.message = ClientList.Message("Deleted Ada Lovelace <ada@example.com>")
      $0.rows = [:]
      #expect(!$0.isRemoving)
    }
    await store.receive(.matchesLoaded(query: "", [2, 3])) { $0.matches = [2, 3] }
    await store.receive(.rowsLoaded([SavedClient(id: 2, client: Self.grace), SavedClient(id: 3, client: Self.alan)])) {
      $0.rows = [2: Self.grace, 3: Self.alan]
    }
    #expect(await clients.removed == ["ada@example.com"])
  }

  @Test func theAnswerRemovesTheClientTheQuestionNamedEvenIfTheSelectionMoved() async {
    let store = await openedStore()
    await store.send(.selected(0)) { $0.selection = 0 }
    store.exhaustivity = .off
    await store.send(.removeTapped)
    // A reload finishing meanwhile (after a save, say) moves the selection.
    await store.send(.selected(2))
    await store.send(.promptAnswered(prompt: "remove", choice: "delete"))
    await store.finish()
    #expect(await clients.removed == ["ada@example.com"])
  }

  /// The opened list with the newest client's removal answered and running until `clock`
  /// passes a second.
  func removingStore(until clock: TestClock<Duration>) async -> TestStore<ClientList.State, ClientList.Action> {
    let store = await openedStore()
    store.dependencies.clientStorage.remove = { _ in
      try await clock.sleep(for: .seconds(1))
      return .removed
    }
    store.exhaustivity = .off
    await store.send(.removeTapped)
    await store.send(.promptAnswered(prompt: "remove", choice: "delete"))
    return store
  }

  @Test func closingWhileARemovalRunsWaitsForIt() async {
    let clock = TestClock()
    let store = await removingStore(until: clock)
    await store.send(.closeTapped)
    #expect(store.state.isClosed)
    #expect(!store.state.isFinished, "the list stays until the removal is done")
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(store.state.isFinished)
  }

  /// "Deleting …" stays while the removal runs, whatever the person does meanwhile: blank, the
  /// list looked stuck (it cannot close before the removal ends).
  @Test func aRemovalStillRunningStaysSaidWhenThePersonMoves() async {
    let clock = TestClock()
    let store = await removingStore(until: clock)
    let deleting = store.state.message
    #expect(deleting?.text.hasPrefix("Deleting ") == true, "\(String(describing: deleting))")
    store.exhaustivity = .off
    await store.send(.selected(1))
    await store.send(.reloadTapped)
    #expect(store.state.message == deleting)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func aClientDeletedElsewhereMeanwhileIsSaidSo() async {
    let store = await openedStore()
    store.exhaustivity = .off
    await store.send(.removeTapped)
    _ = await clients.remove(SavedClient(id: 3, client: Self.alan))
    await store.send(.promptAnswered(prompt: "remove", choice: "delete"))
    await store.finish()
    #expect(store.state.message == ClientList.Message("Alan Turing <alan@bletchley.uk> was deleted already", isError: true))
    #expect(store.state.matches == [1, 2])
  }

  /// The question named Alan; meanwhile another program gave Alan another email and a new
  /// client Alan's old one. The answer removed the client with the old email: the new one,
  /// whom the person never saw.
  @Test func aClientChangedMeanwhileIsKeptAndNobodyElseIsRemoved() async {
    let store = await openedStore()
    store.exhaustivity = .off
    await store.send(.removeTapped)
    let renamed = Client(name: "Alan Turing", email: "turing@bletchley.uk", age: 41)
    await clients.save(renamed, as: 3)
    await clients.add(Client(name: "Bob", email: "alan@bletchley.uk", age: 50))
    await store.send(.promptAnswered(prompt: "remove", choice: "delete"))
    await store.finish()
    #expect(store.state.message == ClientList.Message(
      "Not deleted: another program changed Alan Turing <alan@bletchley.uk>, 41 meanwhile (now Alan Turing <turing@bletchley.uk>, 41)",
      isError: true))
    #expect(await clients.saved.map(\.client.email) == ["ada@example.com", "grace@navy.mil", "turing@bletchley.uk", "alan@bletchley.uk"])
    #expect(store.state.rows[3] == renamed, "the row on screen is read again")
  }

  @Test func aRemovalThatFailsAfterTheListClosedIsKeptForTheProgramToSay() async {
    let store = await openedStore()
    let clock = TestClock()
    store.dependencies.clientStorage.remove = { _ in
      try await clock.sleep(for: .seconds(5))
      throw StorageError("Cannot remove the client: the database is locked.")
    }
    store.exhaustivity = .off
    await store.send(.removeTapped)
    await store.send(.promptAnswered(prompt: "remove", choice: "delete"))
    await store.send(.closeTapped)
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.state.isFinished)
    #expect(store.state.failedAfterClosing == "Cannot remove the client: the database is locked.")
  }

  @Test func enterDoesNotEditAClientWhileARemovalRuns() async {
    let clock = TestClock()
    let store = await removingStore(until: clock)
    await store.send(.editTapped)
    #expect(store.state.editor == nil, "the client being removed is not edited")
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func aFailedDeleteIsShownAsAnError() async {
    let store = await openedStore()
    store.dependencies.clientStorage.remove = { _ in throw StorageError("Cannot remove the client: disk full.") }
    store.exhaustivity = .off
    await store.send(.removeTapped)
    store.exhaustivity = .on
    await store.send(.promptAnswered(prompt: "remove", choice: "delete")) {
      $0.prompt = nil
      $0.message = ClientList.Message("Deleting Alan Turing <alan@bletchley.uk>…")
      #expect($0.isRemoving, "answered: the removal runs")
    }
    await store.receive(.failed("Cannot remove the client: disk full.")) {
      $0.message = ClientList.Message("Cannot remove the client: disk full.", isError: true, isStorageFailure: true)
      $0.removing = nil
      #expect(!$0.isRemoving)
    }
  }

  @Test func reloadLoadsTheClientsAgainKeepingTheSelectedOne() async {
    let store = await openedStore()
    await store.send(.selected(1)) { $0.selection = 1 }
    await clients.add(Client(name: "Lin", email: "lin@example.com", age: 30))
    await store.send(.reloadTapped) {
      $0.reselect = .client(2)
      $0.rows = [:]
    }
    await store.receive(.matchesLoaded(query: "", [1, 2, 3, 4])) {
      $0.matches = [1, 2, 3, 4]
      $0.reselect = nil
    }
    let lin = Client(name: "Lin", email: "lin@example.com", age: 30)
    await store.receive(.rowsLoaded([
      SavedClient(id: 1, client: Self.ada), SavedClient(id: 2, client: Self.grace),
      SavedClient(id: 3, client: Self.alan), SavedClient(id: 4, client: lin),
    ])) {
      $0.rows = [1: Self.ada, 2: Self.grace, 3: Self.alan, 4: lin]
    }
  }

  @Test func escapeClosesTheList() async {
    let store = await openedStore()
    await store.send(.closeTapped) { $0.isClosed = true }
  }
}

/// Ctrl-L after another program removed the selected client: the selection stays in place,
/// on the client that came after it, as after a removal in the list itself.
@Suite(.mainSerialExecutor)
@MainActor
struct ClientListReloadTests {
  @Test func aSelectedClientRemovedElsewhereLeavesTheNextSelected() async {
    let names = ["C1", "C2", "C3", "C4", "C5", "C6"]
    let clients = FakeClients(names.map { Client(name: $0, email: "\($0.lowercased())@x.com", age: 30) })
    let store = TestStore(initialState: ClientList.State()) { ClientList() } withDependencies: {
      $0.clientStorage.matches = { await clients.matches($0) }
      $0.clientStorage.clients = { await clients.clients($0) }
      $0.continuousClock = ImmediateClock()
    }
    store.exhaustivity = .off
    await store.send(.opened)
    await store.receive(.matchesLoaded(query: "", [1, 2, 3, 4, 5, 6]))
    await store.send(.selected(3))
    #expect(store.state.selectedID == 4)
    await clients.removeElsewhere(id: 4)
    await store.send(.reloadTapped)
    await store.receive(.matchesLoaded(query: "", [1, 2, 3, 5, 6]))
    #expect(store.state.selectedID == 5, "the client after it, not the newest")
  }
}
