import ComposableForms
import TerminalUI
import Testing

// NB: Public API only, as in a user's package.

/// A form with a note before its first field, taller than a small screen: focus on the first
/// field scrolls the top of the note away.
struct Briefing: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var service = ""
    @BindingState var region = Region.east
    @BindingState var sure = false
    var form = FormState<Field>(focus: .field(.service))
    enum Field: FormField {
      case intro, service, region, sure
      var takesFocus: Bool { self != .intro }
    }
    enum Region: String, CaseIterable, Sendable, CustomStringConvertible {
      case east, west, north, south
      var description: String { rawValue }
    }
    static let rules = FormRules<Self, Field>()
  }
  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { _ in {} }
  }
  @MainActor static let layout = FormLayout<State, Action>("Deploy") { field in
    switch field {
    case .intro: Note("Read me", "First line of the note.\nSecond.\nThird.\nFourth.\nFifth.\nSixth.")
    case .service: TextField("Service", \.$service)
    case .region: Select("Region", \.$region, visibleRows: 2)
    case .sure: Toggle("Sure?", \.$sure)
    }
  }
}

@MainActor
struct ScrollKeyTests {
  func runtime(columns: Int = 40, rows: Int = 10) -> (FormRuntime<Briefing.State, Briefing.Action>, HeadlessBackend) {
    let store = Store(initialState: Briefing.State()) { Briefing() }
    let backend = HeadlessBackend(size: Size(columns: columns, rows: rows))
    let runtime = FormRuntime(
      store: store, layout: Briefing.layout, terminal: Terminal(backend: backend),
      events: ScriptedEventSource([], idleLimit: .milliseconds(100)))
    runtime.render()
    return (runtime, backend)
  }

  @Test func pageUpShowsWhatIsAboveTheFirstFieldAndAKeyBringsFocusBack() {
    let (runtime, backend) = runtime()
    var text = backend.lines.joined(separator: "\n")
    #expect(!text.contains("First line"), "the first field is in view, the note's top is not: \(text)")
    #expect(text.contains("› Service"))

    _ = runtime.handle(.pageUp)
    runtime.render()
    text = backend.lines.joined(separator: "\n")
    #expect(text.contains("Read me  First line of the note."), "\(text)")
    #expect(!text.contains("↑ more"), "nothing is above the top: \(text)")

    _ = runtime.handle(.pageDown)
    runtime.render()
    text = backend.lines.joined(separator: "\n")
    #expect(!text.contains("First line"), "\(text)")
    #expect(text.contains("↑ more"))

    _ = runtime.handle(.pageUp)
    _ = runtime.handle(.character("x"))
    runtime.render()
    text = backend.lines.joined(separator: "\n")
    #expect(text.contains("› Service  x"), "typing shows the field typed into: \(text)")
  }

  @Test func aListTakesPageKeysForItself() {
    let (runtime, backend) = runtime(rows: 12)
    _ = runtime.handle(.tab)
    _ = runtime.handle(.pageDown)
    runtime.render()
    let text = backend.lines.joined(separator: "\n")
    #expect(text.contains("› Region"), "the list keeps focus in view: \(text)")
    #expect(!text.contains("PgUp/PgDn scroll"), "the footer does not offer what the list does not do: \(text)")
  }

  @Test func theFooterNamesTheScrollKeysOnlyWhenTheFormIsTallerThanTheScreen() {
    let (_, small) = runtime(columns: 70, rows: 10)
    #expect(small.lines.last?.contains("PgUp/PgDn scroll  Esc cancel") == true, "\(small.lines.joined(separator: "\n"))")
    let (_, large) = runtime(columns: 70, rows: 30)
    #expect(large.lines.last?.contains("PgUp") == false, "\(large.lines.joined(separator: "\n"))")
  }

  @Test func pageKeysScrollWhereTheControlLeavesThemToTheForm() {
    let keymap = Keymap.standard
    #expect(keymap.command(for: .pageUp, focused: .text) == .scrollUp)
    #expect(keymap.command(for: .pageDown, focused: .toggle) == .scrollDown)
    #expect(keymap.command(for: .pageDown, focused: .textArea) == .scrollDown)
    #expect(keymap.command(for: .pageDown, focused: .list) == .edit(.pageDown))
    #expect(keymap.command(for: .pageDown, focused: .custom) == .edit(.pageDown))
    #expect(keymap.summary.contains("PgUp: scroll a form taller than the screen up (a list moves by a page)"))
  }
}
