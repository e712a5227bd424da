import ComposableForms
import SettingsFeatures
import TerminalUI
import Testing

/// Narrow and too-small windows: nothing is cut where it matters, and a form nobody can see
/// takes no input.
@MainActor
struct NarrowScreenTests {
  @Test func thePickerKeepsBothArrowsAt40Columns() {
    var state = ClientForm.State()
    state.form.focus = .field(.age)
    let lines = screen(ClientForm.layout, state, columns: 40, rows: 16).lines
    let age = lines.first { $0.contains("Age") } ?? ""
    #expect(age.contains("‹") && age.contains("›"), "\(age)")
  }

  @Test func aLongErrorWrapsUnderItsField() {
    var state = ClientForm.State(email: "ada@example.com", age: 12)
    state.form.errors[.age] = "You must be 18 to create an account"
    state.form.validated = [.age]
    let lines = screen(ClientForm.layout, state, columns: 40, rows: 16).lines
    let first = lines.firstIndex { $0.contains("! You must be 18") }
    #expect(first != nil, "\(lines)")
    if let first {
      #expect(lines[first + 1].contains("account"), "the rest on the next row, not cut")
      #expect(!lines.joined().contains("…"))
    }
  }

  @Test func theTooSmallMessageWrapsInATinyWindow() {
    let lines = screen(ClientForm.layout, ClientForm.State(), columns: 12, rows: 9).lines
    let text = lines.joined(separator: " ")
    #expect(text.contains("Terminal"))
    #expect(text.contains("Enlarge"))
    #expect(!text.contains("…"))
  }

  @Test func aTooSmallScreenTakesNoKeysButEscAndControlC() async {
    let store = Store(initialState: ClientForm.State()) { ClientForm() }
    let backend = HeadlessBackend(size: Size(columns: 30, rows: 8))
    let runtime = FormRuntime(
      store: store, layout: ClientForm.layout, terminal: Terminal(backend: backend),
      events: ScriptedEventSource())
    runtime.render()
    for key: Key in [.character("A"), .tab, .character("b"), .enter, .enter, .enter] {
      #expect(runtime.handle(key) == nil)
    }
    #expect(store.state.name == "")
    #expect(store.state.form.focus == .field(.name))
    #expect(store.state.form.outcome == nil, "Enter submitted nothing unseen")
    #expect(runtime.handle(.control("c")) == .interrupted)
    _ = runtime.handle(.escape)
    #expect(store.state.form.outcome == .cancelled)
  }
}
