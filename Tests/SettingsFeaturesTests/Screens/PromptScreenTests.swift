import ComposableForms
import SettingsFeatures
import TerminalUI
import Testing

/// A form's question, drawn in a box over the form, and the keys that answer it.
@MainActor
struct PromptScreenTests {
  func clientWithEdits() -> ClientForm.State {
    var state = ClientForm.State()
    state.name = "Ada"
    state.form.hasEdits = true
    state.form.prompt = .discardChanges
    return state
  }

  @Test func discardChangesShowsInABoxOverTheFormWithItsKeysInTheFooter() {
    let lines = screen(ClientForm.layout, clientWithEdits()).lines
    #expect(lines[0] == " New client")
    let box = lines.indices.filter { lines[$0].contains("┌") || lines[$0].contains("│") || lines[$0].contains("└") }
    #expect(box.count == 5)
    let inside = box.map { lines[$0].trimmingCharacters(in: .whitespaces) }
    #expect(inside[0].hasPrefix("┌─") && inside[0].hasSuffix("─┐"))
    #expect(inside[1].hasPrefix("│ Discard changes?"))
    #expect(inside[3].hasPrefix("│ [ Yes ]  [ No ]"))
    #expect(inside[4].hasPrefix("└─"))
    #expect(lines.last == " y yes  n no  Shift-Tab/Tab choose  Enter press  Esc no")
  }

  /// At 40x12 the settings conflict names every field that changed and all four answers (only
  /// the explanation of Merge is cut): the box takes every row but the title and the key help.
  @Test func theSettingsConflictIsReadInFullOnASmallScreen() {
    var state = SettingsForm.State()
    state.form.prompt = FormPrompt.settingsChanged(fields: ["displayName", "protectMyPosts", "digest"])
    let lines = screen(SettingsForm.layout, state, columns: 40, rows: 12).lines
    let text = lines.joined(separator: " ").replacingOccurrences(of: "│", with: " ")
      .split(separator: " ").joined(separator: " ")
    #expect(text.contains("It changed: Display name, Protect my posts, Digest."), "\(lines.joined(separator: "\n"))")
    for answer in ["Merge", "Keep mine", "Use saved", "Back"] { #expect(text.contains(answer)) }
  }

  /// Another program saved the edited client's age: both ages and the three answers, with the
  /// keys that answer them, in a box a small screen shows whole.
  @Test func aClientChangedMeanwhileNamesBothValuesOnASmallScreen() {
    var state = ClientForm.State(name: "Ada", email: "ada@example.com", age: 37, editing: 1)
    state.form.prompt = FormPrompt.clientChanged(
      ClientStorageClient.ClientChanged(fields: ["age"], saved: Client(name: "Ada", email: "ada@example.com", age: 77)),
      yours: state.client)
    let lines = screen(ClientForm.editLayout, state, columns: 40, rows: 14).lines
    let text = lines.joined(separator: " ").replacingOccurrences(of: "│", with: " ")
      .split(separator: " ").joined(separator: " ")
    #expect(text.contains("Another program saved this client while you edited it."), "\(lines.joined(separator: "\n"))")
    #expect(text.contains("It saved age 77 (yours 37)."), "\(lines.joined(separator: "\n"))")
    #expect(text.contains("[ Keep mine ] [ Use saved ] [ Back ]"), "\(lines.joined(separator: "\n"))")
    #expect(lines.last == " k keep mine  s use saved  Esc back", "\(lines.last ?? "")")
  }

  /// A file another program removed: said so, with Save and Back, and keys that answer them.
  @Test func aRemovedSettingsFileIsSaidToBeRemoved() {
    var state = SettingsForm.State()
    state.form.prompt = .settingsRemoved
    let lines = screen(SettingsForm.layout, state).lines
    let text = lines.joined(separator: " ").replacingOccurrences(of: "│", with: " ")
      .split(separator: " ").joined(separator: " ")
    #expect(text.contains("Another program removed the settings file while this form was open."), "\(lines.joined(separator: "\n"))")
    #expect(text.contains("[ Save ] [ Back ]"), "\(lines.joined(separator: "\n"))")
    #expect(lines.last?.hasPrefix(" s save  b back") == true, "\(lines.last ?? "")")
  }

  @Test func aLongQuestionWrapsInsideTheBox() {
    var state = clientWithEdits()
    state.form.prompt = FormPrompt(
      id: "long",
      message: String(repeating: "The settings file changed while this form was open. ", count: 3),
      choices: [.init(id: "a", key: "a", title: "All right")], cancelChoice: "a")
    let lines = screen(ClientForm.layout, state, columns: 50).lines
    let text = lines.filter { $0.contains("│") }
    #expect(text.count >= 5)
    #expect(lines.allSatisfy { $0.displayWidth <= 50 })
  }

  @Test func keysAnswerByLetterEscAndEnterOnTheSelectedChoice() {
    let layout = ClientForm.layout
    var view = FormViewState<ClientForm.Field>()
    let prompt = FormPrompt.discardChanges
    func answer(_ key: Key) -> [ClientForm.Action] {
      layout.promptActions(for: key, prompt: prompt, keymap: .standard, view: &view)
    }
    let discard = ClientForm.Action.form(.promptAnswered(prompt: prompt.id, choice: "discard"))
    let keep = ClientForm.Action.form(.promptAnswered(prompt: prompt.id, choice: "keep"))
    #expect(answer(.character("Y")) == [discard])
    #expect(answer(.character("n")) == [keep])
    #expect(answer(.escape) == [keep])
    // NB: No (keep) is preselected: Esc then Enter in a hurry loses nothing.
    #expect(view.promptSelection == 1)
    #expect(answer(.enter) == [keep])
    #expect(answer(.right) == [])
    #expect(view.promptSelection == 0)
    #expect(answer(.enter) == [discard])
    #expect(answer(.tab) == [])
    #expect(answer(.character(" ")) == [keep])
    #expect(answer(.character("x")) == [])
  }

  @Test func theTooSmallScreenStillShowsTheQuestionAndItsKeys() {
    let lines = screen(ClientForm.layout, clientWithEdits(), columns: 30, rows: 8).lines
    #expect(lines.contains { $0.contains("Terminal too small") })
    #expect(lines.contains { $0.contains("Discard changes?") })
    #expect(lines.contains { $0.contains("y yes, n no") })
  }
}
