import ComposableForms
import ComposableFormsTesting
import TerminalUI
import TestSupport
import Testing

// NB: Public API only, as in a user's package.

/// A trip whose region list and spoken-language list follow the country chosen above them; the
/// reducer puts the region back on the country's first when the country changes, and keeps only
/// the languages the new country has.
struct Trip: Reducer {
  enum Country: String, CaseIterable, Hashable, Sendable {
    case france, japan, peru, atlantis

    var regions: [String] {
      switch self {
      case .france: ["Brittany", "Normandy", "Provence"]
      case .japan: (1...47).map { "Prefecture \($0)" }
      case .peru: ["Cusco", "Lima"]
      case .atlantis: []
      }
    }
    var languages: [String] {
      switch self {
      case .france: ["French", "Breton", "Occitan"]
      case .japan: ["Japanese", "Ainu"]
      case .peru: ["Spanish", "Quechua", "Aymara"]
      case .atlantis: []
      }
    }
  }

  struct State: Equatable, FormFeatureState {
    @BindingState var country = Country.france
    @BindingState var region = "Brittany"
    @BindingState var languages: [String] = []
    @BindingState var note = ""
    var form = FormState<Field>()
    enum Field: FormField { case country, region, languages, note }
    static let rules = FormRules<Self, Field>()
  }
  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      if case .binding(\.$country) = action {
        state.region = state.country.regions.first ?? ""
        state.languages = state.languages.filter(state.country.languages.contains)
      }
      return .none
    }
    .form { _ in {} }
  }

  @MainActor static let layout = FormLayout<State, Action>("Trip") { field in
    switch field {
    case .country: Picker("Country", \.$country) { $0.rawValue.capitalized }
    case .region: Select("Region", \.$region, options: { $0.country.regions }, visibleRows: 3)
    case .languages: MultiSelect("Languages", \.$languages, options: { $0.country.languages }, limit: 2, visibleRows: 3)
    case .note: TextField("Note", \.$note)
    }
  }
}

@MainActor
struct FollowingOptionsTests {
  func run(_ keys: [Key], state: Trip.State = Trip.State()) async -> (Trip.State, [String]) {
    let store = Store(initialState: state) { Trip() }
    let backend = HeadlessBackend(size: Size(columns: 60, rows: 24))
    let events = ScriptedEventSource(keys.map { .key($0) }, idleLimit: .milliseconds(100))
    let runtime = FormRuntime(store: store, layout: Trip.layout, terminal: Terminal(backend: backend), events: events)
    _ = await runtime.run()
    return (store.state, backend.lines)
  }

  func screen(_ state: Trip.State) -> [String] {
    return Trip.layout.renderedLines(state, size: Size(columns: 60, rows: 24))
  }

  func row(_ lines: [String], startingWith label: String) -> Int? {
    lines.firstIndex { $0.dropFirst(3).hasPrefix(label) }
  }

  // MARK: - Logic (TestStore)

  @Test func choosingACountryPutsTheRegionOnItsFirstAndKeepsItsLanguages() async {
    let store = TestStore(initialState: Trip.State(languages: ["French", "Breton"])) { Trip() }
    await store.send(.set(\.$country, .peru)) {
      $0.country = .peru
      $0.region = "Cusco"
      $0.languages = []
      $0.form.hasEdits = true
    }
  }

  // MARK: - Screens

  @Test func theListsShowTheOptionsOfTheStateTheyAreDrawnFor() {
    let france = screen(Trip.State())
    guard let region = row(france, startingWith: "Region"), let languages = row(france, startingWith: "Languages")
    else {
      Issue.record("no Region or Languages row:\n\(france.joined(separator: "\n"))")
      return
    }
    #expect(france[region].hasSuffix("(•) Brittany"))
    #expect(france[region + 1].hasSuffix("( ) Normandy"))
    #expect(france[region + 2].hasSuffix("( ) Provence"))
    #expect(france[languages].hasSuffix("[ ] French"))

    let peru = screen(Trip.State(country: .peru, region: "Lima", languages: ["Quechua"]))
    #expect(peru[region].hasSuffix("( ) Cusco"))
    #expect(peru[region + 1].hasSuffix("(•) Lima"))
    #expect(peru[region + 2] == "", "two options leave the third row empty")
    #expect(peru[languages + 1].hasSuffix("[x] Quechua"))
    // NB: The rows are kept for every country: the fields below do not move.
    #expect(row(peru, startingWith: "Languages") == languages)
    #expect(row(peru, startingWith: "Note") == row(france, startingWith: "Note"))
  }

  @Test func aValueTheOptionsDoNotHoldIsMarkedNowhere() {
    let lines = screen(Trip.State(country: .peru, region: "Brittany"))
    let joined = lines.joined(separator: "\n")
    #expect(!joined.contains("(•)"), "\(joined)")
    #expect(!joined.contains("Brittany"), "\(joined)")
  }

  // MARK: - Keys

  /// The country changes on the screen; the lists drawn next are the new country's, though
  /// neither their focus nor the place of their choice changed (the frame cache must not keep
  /// the old rows), and a choice there is one of the new options.
  @Test func aListFollowsTheCountryChosenAboveIt() async {
    let (japan, redrawn) = await run([.right])
    #expect(japan.region == "Prefecture 1")
    let screen = redrawn.joined(separator: "\n")
    #expect(screen.contains("(•) Prefecture 1") && screen.contains("[ ] Japanese"), "\(screen)")
    #expect(!screen.contains("Brittany") && !screen.contains("French"), "\(screen)")

    let (state, lines) = await run([.right, .tab, .down, .character(" ")])
    #expect(state.country == .japan)
    #expect(state.region == "Prefecture 2", "\(lines.joined(separator: "\n"))")
    let joined = lines.joined(separator: "\n")
    #expect(joined.contains("(•) Prefecture 2"), "\(joined)")
    #expect(!joined.contains("Brittany"), "\(joined)")
  }

  /// Japan's 47 prefectures outnumber the 3 rows: typing filters them, on the line kept for it.
  @Test func optionsThatOutnumberTheRowsAreFiltered() async {
    let (state, lines) = await run([.right, .tab] + "47".map { .character($0) } + [.enter])
    #expect(state.region == "Prefecture 47", "\(lines.joined(separator: "\n"))")
    #expect(state.form.focus == .field(.languages))
    let (_, filtering) = await run([.right, .tab, .character("4")])
    #expect(filtering.contains { $0.hasSuffix("Filter: 4") }, "\(filtering.joined(separator: "\n"))")
    // Peru's two fit, and typing filters them all the same.
    let (peru, _) = await run([.right, .right, .tab, .character("l"), .enter])
    #expect(peru.region == "Lima")
  }

  /// A pasted filter reads as one typed into a text field: its line break is a space.
  @Test func aPastedFilterTurnsItsLineBreakIntoASpace() async {
    let (state, lines) = await run([.right, .tab, .paste("Prefecture\n4"), .enter])
    #expect(state.region == "Prefecture 4", "\(lines.joined(separator: "\n"))")
  }

  /// Options that shrink under a typed filter (Japan's 47 to Peru's 2, loaded while the list has
  /// focus) leave it on the screen, where Esc is seen to clear it: a list that stopped
  /// filtering hid the filter and still took keys for it.
  @Test func aFilterStaysInSightWhenTheOptionsShrinkUnderIt() {
    var state = Trip.State(country: .peru, region: "Cusco")
    state.form.focus = .field(.region)
    var view = FormViewState<Trip.State.Field>()
    view.focusedField = .region
    view.input = ControlInput(typed: "4")
    let lines = Trip.layout.render(state, size: Size(columns: 60, rows: 24), theme: .color, view: &view).buffer.lines
    let screen = lines.joined(separator: "\n")
    #expect(screen.contains("No option matches"), "\(screen)")
    #expect(lines.contains { $0.hasSuffix("Filter: 4") }, "\(screen)")
  }

  @Test func aMultiSelectChoosesAmongTheOptionsOfTheStateNow() async {
    let (state, lines) = await run([.left, .tab, .tab, .character(" "), .down, .character(" ")], state: Trip.State(country: .japan))
    #expect(state.country == .france)
    #expect(state.languages == ["French", "Breton"], "\(lines.joined(separator: "\n"))")
  }

  /// Random keys, the country changing under lists that are focused, filtered and scrolled:
  /// each frame shows only the options of the country chosen, and each choice is one of them.
  @Test func randomKeysNeverShowOrChooseAnotherCountrysOptions() async {
    var random = SplitMix64(seed: 0xD1CE)
    let keys: [Key] = [
      .up, .down, .left, .right, .tab, .backTab, .enter, .backspace, .home, .end, .pageUp, .pageDown,
      .character(" "), .character("a"), .character("l"), .character("4"), .character("7"), .character("x"),
      .control("u"),
    ]
    let shown: [Trip.Country: [String]] = [
      .france: ["Brittany", "Normandy", "Provence", "French", "Breton", "Occitan"],
      .japan: ["Prefecture", "Japanese", "Ainu"],
      .peru: ["Cusco", "Lima", "Spanish", "Quechua", "Aymara"],
    ]
    let backend = HeadlessBackend(size: Size(columns: 60, rows: 24))
    func makeRuntime() -> FormRuntime<Trip.State, Trip.Action> {
      FormRuntime(
        store: Store(initialState: Trip.State()) { Trip() }, layout: Trip.layout,
        terminal: Terminal(backend: backend), events: ScriptedEventSource())
    }
    var runtime = makeRuntime()
    runtime.render()
    for number in 1...4_000 {
      let key = random.element(of: keys)
      let outcome = runtime.handle(key)
      await Task.yield()
      runtime.render()
      let state = runtime.store.state
      let screen = backend.lines.joined(separator: "\n")
      let regions = state.country.regions
      #expect(regions.isEmpty ? state.region.isEmpty : regions.contains(state.region), "key \(number): \(key)")
      #expect(state.languages.allSatisfy(state.country.languages.contains), "key \(number): \(key)")
      for (country, titles) in shown where country != state.country {
        for title in titles where screen.contains(title) {
          Issue.record("key \(number) (\(key)): \(title) shown for \(state.country):\n\(screen)")
          return
        }
      }
      if outcome != nil || state.form.outcome != nil {
        runtime = makeRuntime()
        runtime.render()
      }
    }
  }

  // MARK: - Line mode

  @Test func lineModeListsAndTakesTheOptionsOfTheStateItAsksIn() async {
    let store = Store(initialState: Trip.State()) { Trip() }
    let channel = ScriptedLineChannel(["3", "2", "2, 3", ""])
    #expect(await Trip.layout.runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(store.state.country == .peru)
    #expect(store.state.region == "Lima", "\(channel.transcript)")
    #expect(store.state.languages == ["Quechua", "Aymara"], "\(channel.transcript)")
    #expect(channel.transcript.contains("  2) Lima"), "\(channel.transcript)")
    #expect(!channel.transcript.contains("Normandy"), "\(channel.transcript)")
    #expect(channel.transcript.contains("Region (a number from 1 to 2) [Cusco]: "), "\(channel.transcript)")
    #expect(channel.transcript.contains("Country (a number from 1 to 4) [France]: "), "\(channel.transcript)")
  }

  /// A value the options no longer hold is named in brackets, so Enter is seen to keep it; a
  /// list without options (none loaded yet) takes only Enter.
  @Test func lineModeNamesAValueTheOptionsDoNotHoldAndTakesOnlyEnterWithoutOptions() async {
    let store = Store(initialState: Trip.State(country: .peru, region: "Brittany", languages: ["French"])) { Trip() }
    let channel = ScriptedLineChannel(["", "", "", "", ""])
    #expect(await Trip.layout.runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(channel.transcript.contains("Region (a number from 1 to 2) [Brittany]: "), "\(channel.transcript)")
    #expect(channel.transcript.contains(" [French]: "), "\(channel.transcript)")
    #expect(store.state.region == "Brittany" && store.state.languages == ["French"])

    let empty = Store(initialState: Trip.State()) { Trip() }
    let asked = ScriptedLineChannel(["4", "Atlantis City", "", "", ""])
    #expect(await Trip.layout.runLines(empty, channel: asked) == .submitted, "\(asked.transcript)")
    #expect(empty.state.country == .atlantis && empty.state.region == "")
    #expect(asked.transcript.contains("Region (no options yet: Enter keeps the value): "), "\(asked.transcript)")
    #expect(
      asked.transcript.contains("  Error: There are no options to choose from yet: Enter keeps the value"),
      "\(asked.transcript)")
    #expect(asked.transcript.contains("Languages (no options yet: Enter keeps the value): "), "\(asked.transcript)")
  }

  @Test func anAnswerHintKeepsTheOptionsFollowingTheState() async {
    let layout = FormLayout<Trip.State, Trip.Action>("Trip") { field in
      switch field {
      case .country: Picker("Country", \.$country) { $0.rawValue.capitalized }
      case .region: Select("Region", \.$region, options: { $0.country.regions }).answerHint("the region's number")
      case .languages: MultiSelect("Languages", \.$languages, options: { $0.country.languages })
      case .note: TextField("Note", \.$note)
      }
    }
    let store = Store(initialState: Trip.State()) { Trip() }
    let channel = ScriptedLineChannel(["3", "1", "", ""])
    #expect(await layout.runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(store.state.region == "Cusco")
    #expect(channel.transcript.contains("Region (the region's number) [Cusco]: "), "\(channel.transcript)")
    #expect(channel.transcript.contains("  1) Cusco (chosen)"), "\(channel.transcript)")
  }

  /// A control of your own asked with options of the state at hand: the country's regions,
  /// typed as a region's name (the built-in list would take numbers too).
  @Test func aControlOfYourOwnIsAskedWithOptionsOfTheState() async {
    let layout = FormLayout<Trip.State, Trip.Action>("Trip") { field in
      switch field {
      case .country: Picker("Country", \.$country) { $0.rawValue.capitalized }
      case .region:
        FormControl("Region", kind: .custom, binding: \.$region, value: { .text($0.region) }, draw: { _, _, _, _ in },
          handle: { _, _, _ in nil }
        ).asked { state in
          LineQuestion(
            current: \.region, options: state.country.regions, hint: "a region's name",
            answer: { text, _ throws(MisunderstoodAnswer) in
              guard state.country.regions.contains(text) else { throw MisunderstoodAnswer("Type one of the regions") }
              return .set(\.$region, text)
            })
        }
      case .languages: MultiSelect("Languages", \.$languages, options: { $0.country.languages })
      case .note: TextField("Note", \.$note)
      }
    }
    let store = Store(initialState: Trip.State()) { Trip() }
    let channel = ScriptedLineChannel(["3", "Brittany", "Lima", "", ""])
    #expect(await layout.runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(store.state.region == "Lima", "\(channel.transcript)")
    #expect(channel.transcript.contains("  1) Cusco\n  2) Lima\nRegion (a region's name) [Cusco]: "), "\(channel.transcript)")
    #expect(channel.transcript.contains("  Error: Type one of the regions"), "\(channel.transcript)")
  }
}
