import ComposableForms
import ComposableFormsTesting
import SettingsFeatures
import TerminalUI
import Testing

/// A spec's lists whose options follow a select (`"optionsBy"`): what a spec may say, the
/// options the form offers, and what happens to a choice when the select changes.
@Suite(.serialized)
@MainActor
struct OptionsBySpecTests: SpecParsing {
  /// A provider, its regions, each region's zones.
  static let cloud = """
    {"title": "Launch", "fields": [
      {"key": "provider", "kind": "select", "label": "Provider", "options": ["aws", "gcp", "hetzner"], "default": "gcp"},
      {"key": "region", "kind": "select", "label": "Region", "optionsBy": "provider", "rows": 3,
       "options": {"aws": ["us-east-1", "eu-west-1"], "gcp": ["us-central1", "europe-west4"], "hetzner": ["fsn1", "nbg1", "eu-west-1"]}},
      {"key": "zones", "kind": "multiselect", "label": "Zones", "optionsBy": "region", "rows": 3,
       "options": {"us-east-1": ["a", "b", "c"], "eu-west-1": ["a", "b"], "us-central1": ["a", "f"],
                   "europe-west4": ["b", "c"], "fsn1": ["dc14"], "nbg1": ["dc3"]}}
    ]}
    """

  static let provider = SpecForm.Field(index: 0)
  static let region = SpecForm.Field(index: 1)
  static let zones = SpecForm.Field(index: 2)

  // MARK: - The spec

  @Test func aListFollowingASelectKeepsItsListsAndStartsWithTheOptionsOfTheSelectsDefault() throws {
    let spec = try parse(Self.cloud)
    let region = spec.fields[1]
    #expect(region.optionsBy == 0)
    #expect(region.options(when: "hetzner") == ["fsn1", "nbg1", "eu-west-1"])
    #expect(region.options == ["us-east-1", "eu-west-1", "us-central1", "europe-west4", "fsn1", "nbg1"])
    #expect(region.defaultValue == .text("us-central1"), "the first region of the provider's default, gcp")
    #expect(spec.fields[2].optionsBy == 1)
    #expect(spec.fields[2].defaultValue == .list([]))
  }

  @Test func everyMistakeInOptionsByIsNamedByItsPath() {
    let found = problems("""
      {"fields": [
        {"key": "kind", "kind": "text"},
        {"key": "size", "kind": "select", "options": ["S", "M"]},
        {"key": "a", "kind": "select", "optionsBy": "later", "options": {}},
        {"key": "b", "kind": "select", "optionsBy": "kind", "options": {}},
        {"key": "c", "kind": "select", "optionsBy": "size", "options": ["x"]},
        {"key": "d", "kind": "select", "optionsBy": "size", "options": {"S": ["x", "x"], "XL": ["y"]}},
        {"key": "e", "kind": "multiselect", "optionsBy": "size", "min": 2, "options": {"S": ["x"], "M": []}},
        {"key": "f", "kind": "select", "optionsBy": "size", "default": "w", "options": {"S": ["x"], "M": ["z"]}},
        {"key": "g", "kind": "text", "optionsBy": "size"},
        {"key": "h", "kind": "select", "optionsBy": "nowhere", "options": {}},
        {"key": "i", "kind": "select", "optionsBy": "i", "options": {}},
        {"key": "later", "kind": "select", "options": ["L"]}
      ]}
      """)
    let expected = [
      "$.fields[2].optionsBy: later comes after this field: a list can follow only a select above it (selects before it: size)",
      "$.fields[3].optionsBy: kind is a text; the options can follow only a select",
      "$.fields[4].options: with optionsBy, expected an object with a list of options for each option of size, found an array",
      #"$.fields[5].options["XL"]: size has no option "XL""#,
      #"$.fields[5].options: no list for "M", an option of size (give one, with at least one option)"#,
      #"$.fields[5].options["S"][1]: "x" appears twice; keep one"#,
      #"$.fields[6].options["M"]: a multiselect needs options here too: give at least one"#,
      #"$.fields[6].min: min (2) is more than the 1 option at $.fields[6].options["S"]"#,
      #"$.fields[7].default: the default breaks its own rule: "w" is not one of the options for any choice of size"#,
      "$.fields[8].optionsBy: a text takes no optionsBy (it applies to select or multiselect)",
      #"$.fields[9].optionsBy: no select named "nowhere" comes before this field (selects before it: size, a, b, c, d, f)"#,
      #"$.fields[10].optionsBy: no select named "i" comes before this field (selects before it: size, a, b, c, d, f, h)"#,
    ]
    for message in expected {
      #expect(found.contains(message), "\(message)\nin\n\(found.joined(separator: "\n"))")
    }
    #expect(found.count == expected.count, "one message a mistake:\n\(found.joined(separator: "\n"))")
  }

  /// A name with a dot or a space is one member of the object, written so; a list that is not
  /// an array is said once; an object of lists without optionsBy says what it needs.
  @Test func membersAreWrittenWholeAndEachMistakeSaidOnce() {
    let found = problems("""
      {"fields": [
        {"key": "p", "kind": "select", "options": ["a.b", "us east"]},
        {"key": "q", "kind": "select", "optionsBy": "p", "options": {"a.b": [1], "us east": "x"}},
        {"key": "r", "kind": "select", "options": {"a.b": ["x"]}},
        {"key": "n", "kind": "note", "text": "Hi"},
        {"key": "s", "kind": "select", "optionsBy": "n", "options": {}}
      ]}
      """)
    #expect(
      found == [
        #"$.fields[1].options["a.b"][0]: expected a string, found the number 1"#,
        #"$.fields[1].options["us east"]: expected an array of strings, found a string"#,
        "$.fields[2].options: expected an array of strings, found an object (lists that follow a select need optionsBy, naming it)",
        "$.fields[4].optionsBy: n is a note; the options can follow only a select",
      ], "\(found.joined(separator: "\n"))")
  }

  // MARK: - The form

  @Test func changingTheSelectKeepsAChoiceStillOfferedAndOtherwiseTakesTheFirstInOrder() async throws {
    SpecForm.install(try parse(Self.cloud))
    let store = TestStore(initialState: SpecForm.State()) { SpecForm() }
    await store.send(.set(\.texts[1], "europe-west4")) {
      $0.texts[1].wrappedValue = "europe-west4"
      $0.form.hasEdits = true
    }
    await store.send(.set(\.lists[2], ["b", "c"])) { $0.lists[2].wrappedValue = ["b", "c"] }
    // gcp to aws: europe-west4 is not an aws region, so the first is; the zones follow it.
    await store.send(.set(\.texts[0], "aws")) {
      $0.texts[0].wrappedValue = "aws"
      $0.texts[1].wrappedValue = "us-east-1"
      $0.lists[2].wrappedValue = ["b", "c"]
    }
    await store.send(.set(\.texts[1], "eu-west-1")) {
      $0.texts[1].wrappedValue = "eu-west-1"
      $0.lists[2].wrappedValue = ["b"]
    }
    // aws to hetzner: eu-west-1 is offered there too, so it stays, and so do its zones.
    await store.send(.set(\.texts[0], "hetzner")) { $0.texts[0].wrappedValue = "hetzner" }
    #expect(store.state.options(at: 2) == ["a", "b"])
  }

  /// A default that only another choice of the select offers (hetzner's eu-west-1 region's
  /// fsn1, say) is a default all the same: the field starts at its first option, the form
  /// counts that as unchanged, and choosing the select's value that offers it takes it. The
  /// field after it starts with the options of where it starts.
  @Test func aDefaultOnlyAnotherChoiceOffersIsTakenWhenThatChoiceIsMade() async throws {
    SpecForm.install(try parse(Self.cloud.replacingOccurrences(
      of: #""optionsBy": "provider", "rows": 3,"#, with: #""optionsBy": "provider", "rows": 3, "default": "fsn1","#)))
    let store = TestStore(initialState: SpecForm.State()) { SpecForm() }
    #expect(store.state.texts[1].wrappedValue == "us-central1", "gcp's first region")
    #expect(store.state.options(at: 2) == ["a", "f"])
    #expect(store.state.hasChangedValues == false)
    await store.send(.set(\.texts[0], "hetzner")) {
      $0.texts[0].wrappedValue = "hetzner"
      $0.texts[1].wrappedValue = "fsn1"
      $0.form.hasEdits = true
    }
  }

  /// A multiselect after such a select is checked against the options of where the select
  /// starts, not of its default.
  @Test func aListAfterSuchASelectIsCheckedAgainstWhereItStarts() {
    let found = problems(Self.cloud.replacingOccurrences(
      of: #""optionsBy": "provider", "rows": 3,"#, with: #""optionsBy": "provider", "rows": 3, "default": "fsn1","#
    ).replacingOccurrences(of: #""optionsBy": "region", "rows": 3,"#, with: #""optionsBy": "region", "rows": 3, "default": ["dc14"],"#))
    #expect(
      found == [#"$.fields[2].default: the default breaks its own rule: "dc14" is not one of the options when region is "us-central1""#],
      "\(found.joined(separator: "\n"))")
  }

  /// Back on a select whose list offers the field's default, the field takes it again rather
  /// than the first option.
  @Test func aFieldWithoutItsChoiceTakesItsDefaultWhereOffered() async throws {
    SpecForm.install(try parse(Self.cloud.replacingOccurrences(
      of: #""optionsBy": "provider", "rows": 3,"#, with: #""optionsBy": "provider", "rows": 3, "default": "europe-west4","#)))
    let store = TestStore(initialState: SpecForm.State()) { SpecForm() }
    #expect(store.state.texts[1].wrappedValue == "europe-west4")
    await store.send(.set(\.texts[0], "aws")) {
      $0.texts[0].wrappedValue = "aws"
      $0.texts[1].wrappedValue = "us-east-1"
      $0.form.hasEdits = true
    }
    await store.send(.set(\.texts[0], "gcp")) {
      $0.texts[0].wrappedValue = "gcp"
      $0.texts[1].wrappedValue = "europe-west4"
    }
  }

  @Test func aChoiceTheSelectDoesNotOfferIsAnErrorThatSaysWhen() async throws {
    SpecForm.install(try parse(Self.cloud))
    let store = TestStore(initialState: SpecForm.State()) { SpecForm() }
    await store.send(.set(\.texts[1], "fsn1")) {
      $0.texts[1].wrappedValue = "fsn1"
      $0.form.hasEdits = true
    }
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [Self.provider, Self.region, Self.zones]
      $0.form.errors = [Self.region: #""fsn1" is not one of the options when provider is "gcp""#]
      $0.form.focus = .field(Self.region)
    }
  }

  /// In line mode, an answer another option of the select would offer is refused in the words
  /// `--set` uses, naming the select's value; other refusals stay the list's own.
  @Test func lineModeSaysWhenAnotherChoiceOfTheSelectOffersAnAnswer() async throws {
    SpecForm.install(try parse(Self.cloud))
    let store = Store(initialState: SpecForm.State()) { SpecForm() }
    let channel = ScriptedLineChannel(["", "FSN1", "mars", "2", "dc14, b", "b"])
    #expect(await SpecForm.layout().runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(store.state.texts[1].wrappedValue == "europe-west4")
    #expect(store.state.lists[2].wrappedValue == ["b"])
    let transcript = channel.transcript
    #expect(transcript.contains(#"Error: "fsn1" is not one of the options when provider is "gcp""#), "\(transcript)")
    #expect(transcript.contains("Error: Type a number from 1 to 2, or an option as it is written"), "\(transcript)")
    #expect(transcript.contains(#"Error: "dc14" is not one of the options when region is "europe-west4""#), "\(transcript)")
  }

  /// Without rows, a list that follows a select takes as many as its longest list (5 at most)
  /// and its filter line, for every option of the select: the fields below do not move.
  @Test func withoutRowsAListTakesItsLongestListsRows() throws {
    SpecForm.install(try parse("""
      {"fields": [
        {"key": "p", "kind": "select", "options": ["x", "y"]},
        {"key": "q", "kind": "select", "optionsBy": "p", "options": {"x": ["x1"], "y": ["y1", "y2"]}},
        {"key": "t", "kind": "text", "label": "After"}
      ]}
      """))
    let lines = SpecForm.layout().renderedLines(SpecForm.State(), size: Size(columns: 50, rows: 20))
    let q = try #require(lines.firstIndex { $0.hasPrefix("   q ") }, "\(lines.joined(separator: "\n"))")
    #expect(lines[q + 3].hasPrefix("   After"), "two rows and a filter line: \(lines.joined(separator: "\n"))")
  }

  @Test func theListsDrawTheOptionsOfTheSelectsValue() throws {
    SpecForm.install(try parse(Self.cloud))
    var state = SpecForm.State()
    state.texts[0].wrappedValue = "hetzner"
    state.texts[1].wrappedValue = "nbg1"
    let lines = SpecForm.layout().renderedLines(state, size: Size(columns: 50, rows: 24))
    #expect(lines[6] == "   Region    ( ) fsn1", "\(lines.joined(separator: "\n"))")
    #expect(lines[7] == "             (•) nbg1")
    #expect(lines[8] == "             ( ) eu-west-1")
    #expect(lines[10] == "   Zones     [ ] dc3", "\(lines.joined(separator: "\n"))")
    #expect(!lines.joined().contains("us-central1"))
  }
}
