import ComposableForms

/// The saved clients, interactively: a list (newest last) to search, with the client form over
/// it to edit the selected client or add one, and removal after a question.
///
/// The list keeps the ids of the clients its search finds, and the rows of only those on
/// screen (the layout says which, ``Action/rowsShown(_:)``), so 100,000 clients cost 100,000
/// numbers, not 100,000 rows.
public struct ClientList: Reducer {
  public struct State: Equatable {
    /// The search text: words that start a word of a client's name or email (or, in a script
    /// written without spaces, stand inside one).
    public var search: String
    /// Whether the search field has focus (typing goes there).
    public var isSearching = false
    /// The ids of the clients the search finds, oldest first.
    public var matches: [Int64] = []
    /// Whether the matches for the current search have arrived.
    public var isLoaded = false
    /// Whether loading the matches failed (the database could not be read): the list is not
    /// empty, it is unknown.
    public var loadFailed = false
    /// The selected position in ``matches``.
    public var selection = 0
    /// The positions in ``matches`` on screen.
    public var shown: Range<Int> = 0..<0
    /// The loaded clients on screen (and near it), by id.
    public var rows: [Int64: Client] = [:]
    /// What the last command did, or what went wrong.
    public var message: Message?
    /// The question on screen: whether to remove the selected client.
    public var prompt: FormPrompt?
    /// The client the question is about, or the one being removed after it: the answer acts
    /// on this client even if the selection moved meanwhile (a reload finished).
    public var removing: SavedClient?
    /// The client form over the list, while a client is edited or added.
    @PresentationState public var editor: ClientForm.State? = nil
    /// The id of the client in the editor (`nil` while adding one).
    public var editedID: Int64?
    /// Whether Esc or `q` closed the list.
    public var isClosed = false
    /// Why a removal answered before the list was closed failed after it: nobody saw the list
    /// say it, so the program does.
    public var failedAfterClosing: String?
    /// Whether a removal runs (answered, not finished): the list stays open until it is done, so
    /// quitting right after answering `y` does not cut it off.
    public var isRemoving: Bool { removing != nil && prompt == nil }
    /// Whether the list is done: closed, and no removal still running.
    public var isFinished: Bool { isClosed && !isRemoving }
    /// What to select when the next matches arrive: at first the newest client, so the list
    /// opens on the clients added last.
    public var reselect: Reselect? = .newest
    /// Enter or `d` pressed on a row still loading (a jump with Home or End, keys typed
    /// together): done once the row arrives, unless the selection moved on meanwhile.
    public var pending: Pending?
    /// Enter or `d` pressed while a search's matches load (`/grace` and Enter typed together):
    /// done on the client they select, unless the selection or the search moved on meanwhile.
    public var awaitingMatches: Command?

    public init(search: String = "") {
      self.search = search
    }

    /// The selected client's id, when there are matches.
    public var selectedID: Int64? {
      matches.indices.contains(selection) ? matches[selection] : nil
    }
  }

  /// A line for the status bar.
  public struct Message: Equatable, Sendable {
    public var text: String
    public var isError: Bool
    /// Whether the message is why the database could not be read or written (locked, say):
    /// it goes once the clients load again, so it does not outlast the trouble.
    public var isStorageFailure: Bool
    public init(_ text: String, isError: Bool = false, isStorageFailure: Bool = false) {
      self.text = text
      self.isError = isError
      self.isStorageFailure = isStorageFailure
    }
  }

  /// A command on the selected client, waiting for its row to load.
  public struct Pending: Equatable, Sendable {
    public var command: Command
    /// The client it is for.
    public var id: Int64

    public static func edit(_ id: Int64) -> Self { Self(command: .edit, id: id) }
    public static func remove(_ id: Int64) -> Self { Self(command: .remove, id: id) }
  }

  /// A command on the selected client.
  public enum Command: Equatable, Sendable {
    case edit
    case remove
  }

  /// What to select once matches arrive after a change.
  public enum Reselect: Equatable, Sendable {
    /// This client, where it is now.
    case client(Int64)
    /// This client just saved, where it is now; when the search no longer finds it, the
    /// message says so.
    case edited(Int64)
    /// The newest client (at first: the list opens on the clients added last).
    case newest
    /// The client just added: the newest match, when it is newer than every match before
    /// (`previousNewest`), so the search finds it too; else the client that was selected stays.
    case added(previousNewest: Int64?, selected: Int64?)
  }

  public enum Action: Equatable, CasePathable {
    /// The list came on screen: load the clients.
    case opened
    case searchChanged(String)
    case searchFocused(Bool)
    /// Another row was selected.
    case selected(Int)
    /// These positions are on screen now.
    case rowsShown(Range<Int>)
    case matchesLoaded(query: String, [Int64])
    case rowsLoaded([SavedClient])
    case failed(String)
    /// Enter: the selected client in the client form.
    case editTapped
    /// `a`: an empty client form.
    case addTapped
    /// `d`: ask whether to remove the selected client.
    case removeTapped
    case promptAnswered(prompt: String, choice: String)
    /// The removal finished (or found the client gone, or changed since it was shown).
    case removed(SavedClient, ClientRemoval)
    case closeTapped
    /// Ctrl-L: load the clients again, for what another program saved or deleted meanwhile.
    case reloadTapped
    /// The client form's own actions, or `.dismiss` to close it as Esc would without asking.
    case editor(PresentationAction<ClientForm.Action>)

    public struct AllCasePaths: Sendable {
      public var editor: AnyCasePath<Action, PresentationAction<ClientForm.Action>> {
        AnyCasePath(embed: Action.editor, extract: { if case let .editor(action) = $0 { action } else { nil } })
      }
    }
    public static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  /// The question `d` asks.
  static let removePromptID = "remove"

  /// Rows kept beyond the ones on screen, so moving a little needs no loading.
  static let margin = 50

  private enum Loading: Hashable { case matches, rows }

  /// Clears what the status said about something done (saved, deleted), now that the person
  /// has moved on: it said "not shown" of a client the cleared search then showed. Why the
  /// database could not be used stays until it can be (see `.failed`), and a removal still
  /// running stays said.
  private func clearDoneMessage(_ state: inout State) {
    // NB: "Deleting …" stays while the removal runs (a locked database holds it for seconds):
    //     blank, the list looked stuck, since it cannot close before the removal ends.
    if state.message?.isStorageFailure != true, !state.isRemoving { state.message = nil }
  }

  /// Enter or `d` on the selected client: not while a removal runs (it may be this very
  /// client); while a search's matches load (the selection points into the old ones), once
  /// they have come.
  private func command(_ command: Command, _ state: inout State) {
    guard !state.isRemoving else { return }
    guard state.isLoaded else {
      state.awaitingMatches = command
      return
    }
    perform(command, &state)
  }

  /// Does `command` on the selected client, or once its row has loaded (not once the list
  /// has closed).
  private func perform(_ command: Command, _ state: inout State) {
    guard !state.isClosed, !state.isRemoving, state.editor == nil, let id = state.selectedID else { return }
    guard let client = state.rows[id] else {
      state.pending = Pending(command: command, id: id)
      return
    }
    switch command {
    case .edit: edit(&state, SavedClient(id: id, client: client))
    case .remove: askToRemove(&state, SavedClient(id: id, client: client))
    }
  }

  /// Opens the client form on `saved`.
  private func edit(_ state: inout State, _ saved: SavedClient) {
    state.message = nil
    state.editedID = saved.id
    state.editor = ClientForm.State(
      name: saved.client.name, email: saved.client.email, age: saved.client.age, editing: saved.id)
  }

  /// Asks whether to remove `saved`.
  private func askToRemove(_ state: inout State, _ saved: SavedClient) {
    state.message = nil
    state.removing = saved
    state.prompt = FormPrompt(
      id: Self.removePromptID, message: "Delete the client \(saved.client.name) <\(saved.client.email)>?",
      choices: [
        FormPrompt.Choice(id: "delete", key: "y", title: "Delete"),
        FormPrompt.Choice(id: "keep", key: "n", title: "Keep"),
      ],
      cancelChoice: "keep", preselectedChoice: "keep")
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .opened:
        return loadMatches(state)

      case let .searchChanged(text):
        guard text != state.search else { return .none }
        state.search = text
        clearDoneMessage(&state)
        // NB: The selected client stays selected when the new search finds it too (clearing
        //     the search goes back to it), else the first match is. After a search that found
        //     nothing, the client selected before it is the one to go back to.
        // NB: Typed before the last search's matches came, the selection points into older
        //     matches: the client to go back to is still the one the first key left.
        // NB: A client just saved that the last search did not show waits to be selected by
        //     the next one (clearing it, say), unless the person has moved since.
        if state.isLoaded { state.reselect = state.reselect ?? state.selectedID.map(Reselect.client) }
        state.selection = 0
        state.isLoaded = false
        state.pending = nil
        state.awaitingMatches = nil
        return loadMatches(state)

      case let .searchFocused(focused):
        state.isSearching = focused
        return .none

      case let .selected(position):
        let before = state.selection
        state.selection = max(0, min(position, state.matches.count - 1))
        if state.selection != before {
          clearDoneMessage(&state)
          // NB: The person chose another client: a saved one the search did not show no
          //     longer waits to be selected.
          if state.isLoaded { state.reselect = nil }
        }
        if let pending = state.pending, pending.id != state.selectedID { state.pending = nil }
        if state.selection != before { state.awaitingMatches = nil }
        return .none

      case let .rowsShown(range):
        state.shown = range
        return loadRows(&state)

      case let .matchesLoaded(query, ids):
        guard query == state.search else { return .none }
        if state.message?.isStorageFailure == true { state.message = nil }
        state.matches = ids
        state.isLoaded = true
        state.loadFailed = false
        // NB: What the next search selects, where this one could not: a client saved but not
        //     found by it, or the one to go back to after a search that found nothing.
        var waiting: Reselect? = if case .client? = state.reselect, ids.isEmpty { state.reselect } else { nil }
        switch state.reselect {
        case let .client(id)?: state.selection = ids.firstIndex(of: id) ?? min(state.selection, ids.count - 1)
        case let .edited(id)?:
          if let position = ids.firstIndex(of: id) {
            state.selection = position
          } else {
            state.selection = min(state.selection, ids.count - 1)
            state.message?.text += ", not shown: the search does not find it"
            waiting = .client(id)
          }
        case .newest?: state.selection = ids.count - 1
        case let .added(previousNewest, selected)?:
          // NB: A client added gets an id above every other, so it is the newest match
          //     exactly when the search finds it.
          if let newest = ids.last, previousNewest.map({ newest > $0 }) ?? true {
            state.selection = ids.count - 1
          } else {
            state.selection = selected.flatMap(ids.firstIndex(of:)) ?? min(state.selection, ids.count - 1)
            state.message?.text += ", not shown: the search does not find it"
            waiting = state.reselect
          }
        case nil: break
        }
        state.reselect = waiting
        state.selection = max(0, min(state.selection, ids.count - 1))
        if let command = state.awaitingMatches {
          state.awaitingMatches = nil
          perform(command, &state)
        }
        return loadRows(&state)

      case let .rowsLoaded(clients):
        // NB: Only the rows near the screen stay, so scrolling through 100,000 clients does
        //     not keep them all.
        if state.message?.isStorageFailure == true { state.message = nil }
        let keep = Set(state.matches[window(state)])
        state.rows = state.rows.filter { keep.contains($0.key) }
        for saved in clients { state.rows[saved.id] = saved.client }
        guard let pending = state.pending, state.rows[pending.id] != nil else { return .none }
        state.pending = nil
        guard pending.id == state.selectedID, state.isLoaded else { return .none }
        perform(pending.command, &state)
        return .none

      case let .failed(message):
        state.message = Message(message, isError: true, isStorageFailure: true)
        // NB: Nothing more is coming: the list says what it has instead of "Loading…". The
        //     matches it had were another search's: not counted as this one's.
        if !state.isLoaded {
          state.loadFailed = true
          state.matches = []
        }
        state.isLoaded = true
        // NB: A removal that fails after the list was closed is said when the program ends.
        if state.isClosed && state.isRemoving { state.failedAfterClosing = message }
        state.removing = nil
        state.awaitingMatches = nil
        return .none

      case .editTapped:
        command(.edit, &state)
        return .none

      case .addTapped:
        state.message = nil
        state.editedID = nil
        state.editor = ClientForm.State()
        return .none

      case .removeTapped:
        command(.remove, &state)
        return .none

      case let .promptAnswered(prompt, choice):
        guard prompt == Self.removePromptID, state.prompt?.id == prompt else { return .none }
        state.prompt = nil
        guard choice == "delete", let saved = state.removing else {
          state.removing = nil
          return .none
        }
        // NB: A locked database takes seconds to give up: the list says what it waits for.
        state.message = Message("Deleting \(saved.client.name) <\(saved.client.email)>…")
        return .run { send in
          @Dependency(\.clientStorage) var clients
          await send(.removed(saved, try await clients.remove(saved)))
        } catch: { error, send in
          await send(.failed(Self.describe(error)))
        }

      case let .removed(saved, removal):
        state.removing = nil
        let client = saved.client
        switch removal {
        case .removed:
          state.message = Message("Deleted \(client.name) <\(client.email)>")
        case .gone:
          state.message = Message("\(client.name) <\(client.email)> was deleted already", isError: true)
        case let .changed(now):
          // NB: With the age: a change of age alone reads as no change without it.
          state.message = Message(
            "Not deleted: another program changed \(client.name) <\(client.email)>, \(client.age) meanwhile (now \(now.name) <\(now.email)>, \(now.age))",
            isError: true)
        }
        // NB: Read again: the rows on screen may show what another program has changed since.
        state.rows = [:]
        return loadMatches(state)

      case .closeTapped:
        state.isClosed = true
        state.awaitingMatches = nil
        state.pending = nil
        return .none

      case .reloadTapped:
        // NB: The selected client stays selected where the reloaded matches still have it;
        //     with none selected (the first load failed), or while matches load (the
        //     selection points into the old ones), what was to be selected still is.
        if state.isLoaded { state.reselect = state.selectedID.map(Reselect.client) ?? state.reselect }
        state.awaitingMatches = nil
        clearDoneMessage(&state)
        state.rows = [:]
        return loadMatches(state)

      case .editor(.dismiss):
        return closedEditor(&state)

      case .editor(.presented):
        guard let editor = state.editor, let outcome = editor.form.outcome else { return .none }
        state.editor = nil
        guard outcome == .submitted else { return closedEditor(&state) }
        let client = editor.client
        state.message = Message("Saved \(client.name) <\(client.email)>")
        // NB: An edit of a client deleted meanwhile that was added again saved a new client
        //     (the form no longer edits one): found as any added client is.
        if let id = state.editedID, editor.editing != nil {
          // NB: Read again: the save kept what another program changed meanwhile in the
          //     fields the edit left alone, so the form's values are not all of it.
          state.rows[id] = nil
          state.reselect = .edited(id)
        } else {
          state.reselect = .added(previousNewest: state.matches.last, selected: state.selectedID)
        }
        state.editedID = nil
        return loadMatches(state)
      }
    }
    .ifLet(\.$editor, action: \.editor) { ClientForm() }
  }

  /// The form closed without a save (cancelled, or dismissed): an edit may have found the
  /// client changed or deleted by another program, so what the list shows is read again.
  private func closedEditor(_ state: inout State) -> Effect<Action> {
    guard let id = state.editedID else { return .none }
    state.editedID = nil
    state.rows = [:]
    state.reselect = .client(id)
    return loadMatches(state)
  }

  /// Loads the ids the search finds; a newer search cancels an older one.
  private func loadMatches(_ state: State) -> Effect<Action> {
    .run { [query = state.search] send in
      @Dependency(\.clientStorage) var clients
      await send(.matchesLoaded(query: query, try await clients.matches(query)))
    } catch: { error, send in
      await send(.failed(Self.describe(error)))
    }
    .cancellable(id: Loading.matches, cancelInFlight: true)
  }

  /// Loads the clients on screen that are not loaded yet, and a margin around them.
  private func loadRows(_ state: inout State) -> Effect<Action> {
    let visible = state.shown.clamped(to: state.matches.indices)
    guard visible.contains(where: { state.rows[state.matches[$0]] == nil }) else { return .none }
    let ids = state.matches[window(state)].filter { state.rows[$0] == nil }
    return .run { send in
      @Dependency(\.clientStorage) var clients
      await send(.rowsLoaded(try await clients.clients(Array(ids))))
    } catch: { error, send in
      await send(.failed(Self.describe(error)))
    }
    .cancellable(id: Loading.rows, cancelInFlight: true)
  }

  /// The positions on screen and a margin around them.
  private func window(_ state: State) -> Range<Int> {
    let lower = max(0, state.shown.lowerBound - Self.margin)
    let upper = min(state.matches.count, state.shown.upperBound + Self.margin)
    return lower < upper ? lower..<upper : 0..<0
  }

  static func describe(_ error: any Error) -> String {
    (error as? StorageError)?.message ?? "\(error)"
  }
}
