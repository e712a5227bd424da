import ComposableForms
import SettingsFeatures
import TerminalUI
import Testing

/// A spec's options given as `{"value": …, "label": …}`: the list and line mode show the
/// label, the output and `--set` have the value (dialog's tag and item, huh's `NewOption`).
@Suite(.serialized)
@MainActor
struct OptionLabelSpecTests: SpecParsing {
  static let regions = """
    {"fields": [
      {"key": "region", "kind": "select", "label": "Region", "default": "eu-west-1", "options": [
        {"value": "us-east-1", "label": "US East (N. Virginia)"},
        {"value": "eu-west-1", "label": "Europe (Ireland)"},
        "ap-south-1"
      ]},
      {"key": "extras", "kind": "multiselect", "label": "Extras", "options": [
        {"value": "ipv6", "label": "IPv6 address"}, {"value": "backup", "label": "Daily backups"}
      ]}
    ]}
    """

  @Test func theListShowsLabelsAndTheValuesStayTheValues() throws {
    let spec = try parse(Self.regions)
    #expect(spec.fields[0].options == ["us-east-1", "eu-west-1", "ap-south-1"])
    #expect(spec.fields[0].title(of: "eu-west-1") == "Europe (Ireland)")
    #expect(spec.fields[0].title(of: "ap-south-1") == "ap-south-1", "a plain option shows as written")
    SpecForm.install(spec)
    let lines = SpecForm.layout().renderedLines(SpecForm.State(), size: Size(columns: 70, rows: 16))
    #expect(lines.contains { $0.contains("( ) US East (N. Virginia)") }, "\(lines.joined(separator: "\n"))")
    #expect(lines.contains { $0.contains("(•) Europe (Ireland)") }, "\(lines.joined(separator: "\n"))")
    #expect(lines.contains { $0.contains("[ ] Daily backups") }, "\(lines.joined(separator: "\n"))")
    #expect(!lines.contains { $0.contains("eu-west-1") }, "\(lines.joined(separator: "\n"))")
    #expect(SpecForm.State().texts[0].wrappedValue == "eu-west-1")
  }

  /// Line mode lists the labels and takes one as written (or its number); the state holds the
  /// value.
  @Test func lineModeAsksByLabel() async throws {
    SpecForm.install(try parse(Self.regions))
    let store = Store(initialState: SpecForm.State()) { SpecForm() }
    let channel = ScriptedLineChannel(["us east (n. virginia)", "2"])
    #expect(await SpecForm.layout().runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(store.state.texts[0].wrappedValue == "us-east-1")
    #expect(store.state.lists[1].wrappedValue == ["backup"])
    #expect(channel.transcript.contains("  2) Europe (Ireland) (chosen)"), "\(channel.transcript)")
  }

  @Test func aMalformedOptionIsNamedByItsPlace() {
    #expect(problems("""
      {"fields": [{"key": "a", "kind": "select", "options": [
        {"label": "x"}, {"value": "b", "label": "B", "tag": 1}, {"value": "d", "label": " "}, 3
      ]}]}
      """) == [
        #"$.fields[0].options[0]: expected "value", what the output holds (and "label", what the list shows)"#,
        "$.fields[0].options[1].tag: unknown key (expected value and label)",
        "$.fields[0].options[2].label: blank, so it would show as nothing: give a text, or leave it out for the value",
        "$.fields[0].options[3]: expected a string, or an object with value and label, found the number 3",
      ])
  }

  /// Two options that show alike could not be told apart; one value shows one way in every
  /// list of a select it follows.
  @Test func optionsThatShowAlikeAreRefused() {
    #expect(problems(#"{"fields": [{"key": "a", "kind": "select", "options": [{"value": "b", "label": "B"}, "B"]}]}"#)
      == [#"$.fields[0].options[1]: shows as "B", as another option does: give each its own label"#])
    #expect(problems("""
      {"fields": [
        {"key": "p", "kind": "select", "options": ["x", "y"]},
        {"key": "r", "kind": "select", "optionsBy": "p", "options": {
          "x": [{"value": "a", "label": "A"}], "y": [{"value": "a", "label": "Other"}]}}
      ]}
      """) == [#"$.fields[1].options["y"][0].label: "a" is labelled "A" already"#])
  }

  /// A list that follows a select shows its options' labels, and line mode's refusal of one
  /// only another choice offers names it by its label.
  @Test func aFollowingListShowsLabels() async throws {
    SpecForm.install(try parse("""
      {"fields": [
        {"key": "p", "kind": "select", "options": ["aws", "hetzner"]},
        {"key": "r", "kind": "select", "optionsBy": "p", "options": {
          "aws": [{"value": "us-east-1", "label": "Virginia"}], "hetzner": [{"value": "fsn1", "label": "Falkenstein"}]}}
      ]}
      """))
    let store = Store(initialState: SpecForm.State()) { SpecForm() }
    let channel = ScriptedLineChannel(["", "falkenstein"])
    #expect(await SpecForm.layout().runLines(store, channel: channel) == .cancelled, "\(channel.transcript)")
    #expect(channel.transcript.contains("1) Virginia"), "\(channel.transcript)")
    #expect(channel.transcript.contains(#""fsn1" is not one of the options when p is "aws""#), "\(channel.transcript)")
  }
}
