import ComposableForms
import TerminalUI

extension ClientList {
  /// How the clients list looks in the terminal: name, email and age, newest last; Enter edits
  /// the selected client and `a` adds one in the client form, `d` deletes after a question.
  @MainActor public static let layout = ListLayout<State, Action>(
    "Clients",
    columns: [
      ListColumn("Name", width: .flexible(minimum: 8)),
      ListColumn("Email", width: .flexible(minimum: 10, weight: 2)),
      ListColumn("Age", width: .fixed(3), alignment: .trailing),
    ],
    count: \.matches.count,
    cells: { state, position in
      state.rows[state.matches[position]].map { [$0.name, $0.email, "\($0.age)"] }
    },
    selection: \.selection,
    select: Action.selected,
    isFinished: \.isFinished,
    close: .closeTapped
  )
  .searchable(text: \.search, isFocused: \.isSearching, change: Action.searchChanged, focus: Action.searchFocused, placeholder: "press / to search names and emails")
  .onChoose("edit", .editTapped)
  .command("d", "delete", .removeTapped, needsRow: true)
  .command("a", "add", .addTapped)
  .rowsShown(Action.rowsShown)
  .reloadable(.reloadTapped)
  .prompt(\.prompt, answer: { Action.promptAnswered(prompt: $0, choice: $1) })
  // NB: What to do about a storage failure names the key that does it, so it is the layout's.
  .status { state in
    state.message.map {
      ListLayout<State, Action>.Status($0.text + ($0.isStorageFailure ? " Ctrl-L reloads the list." : ""), isError: $0.isError)
    }
  }
  .empty { state in
    if !state.isLoaded { return "Loading…" }
    // NB: A database that could not be read says why on the status line; it is not empty.
    if state.loadFailed { return "The clients could not be read." }
    return state.search.isEmpty ? "No clients yet. Press a to add one." : "No client matches this search."
  }
  .presenting(\.editor, action: \.editor) { form in
    form.editing == nil ? ClientForm.layout : ClientForm.editLayout
  }
}

extension ClientForm {
  /// The client form for a saved client.
  @MainActor public static let editLayout: FormLayout<State, Action> = {
    var layout = ClientForm.layout
    layout.title = "Edit client"
    return layout
  }()
}
