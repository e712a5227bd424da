import Foundation
import Testing

extension EndToEnd {
  /// `settings-tui form SPEC.json`: a form from JSON, for shell scripts.
  @Suite struct SpecFormTests {
    /// One field of every kind.
    static let everyKind = """
      {"title": "Every kind", "submit": "Send", "fields": [
        {"key": "intro", "kind": "note", "label": "Hello", "text": "Fill this in."},
        {"key": "name", "kind": "text", "label": "Name", "required": true},
        {"key": "pin", "kind": "secret", "label": "PIN", "pattern": "[0-9]{4}"},
        {"key": "news", "kind": "toggle", "label": "News"},
        {"key": "sure", "kind": "confirm", "label": "Sure?", "required": true},
        {"key": "size", "kind": "select", "label": "Size", "options": ["S", "M", "L"], "default": "M"},
        {"key": "tags", "kind": "multiselect", "label": "Tags", "options": ["a", "b", "c"], "min": 1},
        {"key": "bio", "kind": "textarea", "label": "Bio", "rows": 2},
        {"key": "count", "kind": "number", "label": "Count", "min": 1, "max": 9, "default": 3}
      ]}
      """

    func write(_ text: String, to name: String, in session: TmuxSession) throws {
      try Data(text.utf8).write(to: session.folder.appendingPathComponent(name))
    }

    @Test func aSpecWithEveryKindSubmitsAndPrintsItsValuesAsJSON() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try write(Self.everyKind, to: "spec.json", in: session)
      try session.start(["form", "spec.json"], rows: 30)
      var screen = try await session.waitForFocus(on: "Name")
      #expect(screen.contains("   Hello  Fill this in."), "\(screen)")
      #expect(screen.contains("[ Send ]  [ Cancel ]"), "\(screen)")
      try session.type("Ada")
      try session.press("Tab")
      try await session.waitForFocus(on: "PIN")
      try session.type("1234")
      try session.press("Tab", "Space", "Tab")  // news on
      try await session.waitForFocus(on: "Sure?")
      try session.type("y")
      try session.press("Tab", "Down", "Space", "Tab")  // size L
      try await session.waitForFocus(on: "Tags")
      try session.press("Space", "Down", "Down", "Space", "Tab")  // tags a and c
      try await session.waitForFocus(on: "Bio")
      try session.type("two")
      try session.press("Enter")
      try session.type("lines")
      try session.press("Tab")
      try await session.waitForFocus(on: "Count")
      try session.press("Right")
      screen = try await session.waitFor(text: "‹ 4 ›")
      #expect(screen.contains("PIN    ••••"), "\(screen)")
      try session.press("Enter")
      #expect(try await session.waitForExit() == 0)
      let values = try #require(
        try JSONSerialization.jsonObject(with: Data(session.stdout.utf8)) as? [String: Any])
      #expect(values["name"] as? String == "Ada")
      #expect(values["pin"] as? String == "1234")
      #expect(values["news"] as? Bool == true)
      #expect(values["sure"] as? Bool == true)
      #expect(values["size"] as? String == "L")
      #expect(values["tags"] as? [String] == ["a", "c"])
      #expect(values["bio"] as? String == "two\nlines")
      #expect(values["count"] as? Int == 4)
      #expect(values["intro"] == nil, "a note has no value")
    }

    /// "3" of 3000 typed into a port from 1024 to 65535 shows as typed, and is no number yet:
    /// Tab keeps focus there and says why (it left with 8080, unsaid), and once Backspace takes
    /// the digit back, Tab leaves with the port as it was, not a number nobody typed (1024).
    @Test func digitsOnTheirWayIntoANumbersRangeShowAsTypedAndKeepFocus() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try write(
        #"{"fields": [{"key": "port", "kind": "number", "label": "Port", "min": 1024, "max": 65535, "default": 8080}, {"key": "host", "label": "Host"}]}"#,
        to: "spec.json", in: session)
      try session.start(["form", "spec.json"])
      try await session.waitForFocus(on: "Port")
      try session.type("3")
      let screen = try await session.waitFor(text: "‹ 3… ›")
      #expect(screen.contains("3 so far: more digits make a number from 1024 to 65535"), "\(screen)")
      try session.press("Tab")
      let held = try await session.waitFor(text: "3 is not from 1024 to 65535 yet: type more digits, or Backspace to keep 8080")
      #expect(held.isFocused(on: "Port"), "\(held)")
      try session.press("BSpace", "Tab")
      try await session.waitForFocus(on: "Host")
      try session.type("db")
      try session.press("Enter")
      #expect(try await session.waitForExit() == 0)
      let values = try #require(
        try JSONSerialization.jsonObject(with: Data(session.stdout.utf8)) as? [String: Any])
      #expect(values["port"] as? Int == 8080, "\(session.stdout)")
    }

    @Test func submitShowsEveryBrokenRuleAndKeepsTheFormOpen() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try write(Self.everyKind, to: "spec.json", in: session)
      try session.start(["form", "spec.json"], rows: 30)
      try await session.waitForFocus(on: "Name")
      try session.press("BTab", "BTab")
      try await session.waitForButton("Send")
      try session.press("Enter")
      let screen = try await session.waitFor(text: "Please answer Yes")
      #expect(screen.contains("! Required"), "\(screen)")
      #expect(screen.contains("! Choose at least one"), "\(screen)")
      #expect(screen.isFocused(on: "Name"), "\(screen)")
      try session.press("Escape")
      #expect(try await session.waitForExit() == 1)
      #expect(session.stdout.isEmpty)
    }

    @Test func aSpecWithMistakesExitsWith2NamingEachByItsPathBeforeDrawing() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try write("""
        {"fields": [
          {"key": "a", "kind": "colour"},
          {"key": "b", "kind": "select", "options": ["x"], "default": "y"},
          {"key": "b", "kind": "text"}
        ]}
        """, to: "bad.json", in: session)
      try session.start(["form", "bad.json"])
      #expect(try await session.waitForExit() == 2)
      let errors = session.stderr
      #expect(errors.contains("bad.json: $.fields[0].kind: unknown kind \"colour\""), "\(errors)")
      #expect(errors.contains("bad.json: $.fields[1].default: the default breaks its own rule"), "\(errors)")
      #expect(errors.contains("bad.json: $.fields[2].key: duplicate key \"b\""), "\(errors)")
      #expect(try session.display("#{alternate_on}") == "0", "nothing was drawn")
    }

    /// A spec wrong thousands of times over prints its first mistakes and how many more.
    @Test func aSpecWithThousandsOfMistakesShowsTheFirstTwenty() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let fields = (0..<5000).map { #"{"key": "k\#($0)", "kind": "colour"}"# }
      try write(#"{"fields": ["# + fields.joined(separator: ",") + "]}", to: "many.json", in: session)
      let result = try session.runDirectly(["form", session.folder.appendingPathComponent("many.json").path, "--no-input"])
      #expect(result.status == 2, "\(result)")
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 21, "\(lines.count) lines")
      #expect(lines.last?.hasSuffix("many.json: 4980 more mistakes not shown") == true, "\(String(describing: lines.last))")
    }

    @Test func noInputTakesSetValuesAndStandardInputTakesTheSpec() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try write(Self.everyKind, to: "spec.json", in: session)
      let result = try session.runDirectly([
        "form", session.folder.appendingPathComponent("spec.json").path, "--no-input",
        "--set", "name=Grace", "--set", "sure=yes", "--set", "tags=b, c,b", "--set", "count=9",
        "--set", "news=y",
      ])
      #expect(result.status == 0, "\(result)")
      // The words line mode takes for yes and no, --set takes too.
      let values = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      #expect(values["name"] as? String == "Grace")
      #expect(values["tags"] as? [String] == ["b", "c"])
      #expect(values["size"] as? String == "M", "the default")
      #expect(values["count"] as? Int == 9)
      #expect(values["news"] as? Bool == true)
      // The values come in the spec's order, each once, so a script can read them in turn.
      let keys = result.stdout.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("  \""), let end = line.dropFirst(3).firstIndex(of: "\"") else { return nil }
        return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
      }
      #expect(keys == ["name", "pin", "news", "sure", "size", "tags", "bio", "count"], "\(result.stdout)")

      let invalid = try session.runDirectly([
        "form", session.folder.appendingPathComponent("spec.json").path, "--no-input",
        "--set", "count=12", "--set", "nope=1",
      ])
      #expect(invalid.status == 2, "\(invalid)")
      #expect(invalid.stderr.contains("--set nope: no such field. Fields: name, pin, news, sure, size, tags, bio, count"))

      let shell = try #require(which("sh"))
      let piped = try run(
        shell, ["-c", "echo '{\"fields\": [{\"key\": \"x\", \"default\": \"hi\"}]}' | \"$0\" form - --no-input", session.binary],
        environment: session.environment)
      #expect(piped.status == 0, "\(piped)")
      #expect(piped.stdout.contains("\"x\" : \"hi\""), "\(piped)")

      // Another program's output as the spec (a shell's <(…), a named FIFO), so standard
      // input stays free for line mode's answers.
      let bash = try #require(which("bash"))
      let substituted = try run(
        bash, ["-c", #""$0" form <(echo '{"fields": [{"key": "y"}]}') --accessible"#, session.binary],
        environment: session.environment, input: "from a pipe\n")
      #expect(substituted.status == 0, "\(substituted)")
      #expect(substituted.stdout.contains("\"y\" : \"from a pipe\""), "\(substituted)")
    }

    @Test func optionsHoldingACommaAreSetAsAJSONArrayAndLongValuesAreCutInMessages() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try write(
        #"{"fields": [{"key": "t", "kind": "multiselect", "options": ["a, b", "c", "[x]"]}, {"key": "n", "kind": "number"}]}"#,
        to: "spec.json", in: session)
      let spec = session.folder.appendingPathComponent("spec.json").path
      let array = try session.runDirectly(["form", spec, "--no-input", "--set", #"t=["a, b", "c", "c"]"#])
      #expect(array.status == 0, "\(array)")
      #expect(array.stdout.contains("\"t\" : [\n    \"a, b\",\n    \"c\"\n  ]"), "\(array)")
      // What does not read as a JSON array is a list, so an option may start with "[". The
      // chosen options come in the options' order, as the form and line mode give them.
      let list = try session.runDirectly(["form", spec, "--no-input", "--set", "t=[x],c"])
      #expect(list.status == 0, "\(list)")
      #expect(list.stdout.contains("\"t\" : [\n    \"c\",\n    \"[x]\"\n  ]"), "\(list)")
      // A JSON array that holds more than strings is said to, not split at its commas.
      let mixed = try session.runDirectly(["form", spec, "--no-input", "--set", #"t=["c", 1]"#])
      #expect(mixed.status == 2, "\(mixed)")
      #expect(mixed.stderr.contains("a JSON array of options holds strings only"), "\(mixed)")

      let pasted = String(repeating: "x", count: 100_000)
      let long = try session.runDirectly(["form", spec, "--no-input", "--set", "n=\(pasted)", "--set", "t=\(pasted)"])
      #expect(long.status == 2, "\(long)")
      #expect(long.stderr.contains("--set n=xxxxxxxx"), "\(long)")
      #expect(long.stderr.count < 200, "the value is cut, not repeated whole: \(long.stderr.count) bytes")

      let huge = try session.runDirectly(["form", spec, "--no-input", "--set", "n=99999999999999999999999"])
      #expect(huge.status == 2, "\(huge)")
      #expect(huge.stderr.contains("expected a whole number, found one too far from zero"), "\(huge)")
    }

    /// Without --no-input, --set fills the form that opens, as gum's --value does; the person
    /// goes on from there, and a value no field can hold is still refused before it opens.
    @Test func setWithoutNoInputOpensTheFormFilledIn() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try write(
        #"{"fields": [{"key": "host", "kind": "text", "label": "Host"}, {"key": "size", "kind": "select", "label": "Size", "options": ["S", "M", "L"]}]}"#,
        to: "spec.json", in: session)
      let spec = session.folder.appendingPathComponent("spec.json").path
      let wrong = try session.runDirectly(["form", spec, "--set", "size=XL"])
      #expect(wrong.status == 2, "\(wrong)")
      #expect(wrong.stderr.contains("--set size=XL: expected S, M or L"), "\(wrong)")

      try session.start(["form", "spec.json", "--set", "host=web01", "--set", "size=l"])
      let screen = try await session.waitForFocus(on: "Host")
      #expect(screen.contains("web01"), "\(screen)")
      try session.type("-eu")
      try session.press("Tab", "Enter")
      #expect(try await session.waitForExit() == 0)
      let values = try #require(
        try JSONSerialization.jsonObject(with: Data(session.stdout.utf8)) as? [String: Any])
      #expect(values["host"] as? String == "web01-eu")
      #expect(values["size"] as? String == "L")
    }

    /// A text area's value from a file written on Windows ends its lines with CR LF: line
    /// breaks, as line mode and a paste take them, not control characters to refuse.
    @Test func aTextAreaSetWithWindowsLineBreaksKeepsItsLines() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try write(#"{"fields": [{"key": "t", "kind": "textarea"}]}"#, to: "spec.json", in: session)
      let spec = session.folder.appendingPathComponent("spec.json").path
      let result = try session.runDirectly(["form", spec, "--no-input", "--set", "t=one\r\ntwo\rthree"])
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.contains(#""t" : "one\ntwo\nthree""#), "\(result)")
    }

    /// A value a select or multiselect cannot hold is a usage error (2), like a number that is
    /// no number, and the message names the options; one that differs only in case is taken.
    @Test func aChoiceThatIsNoOptionIsAUsageErrorThatNamesTheOptions() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let many = (1...40).map { "\"opt \($0)\"" }.joined(separator: ", ")
      try write(
        #"{"fields": [{"key": "c", "kind": "select", "options": ["red", "dark blue"]}, "#
          + #"{"key": "m", "kind": "multiselect", "options": ["a", "b"]}, "#
          + #"{"key": "k", "kind": "multiselect", "options": ["x, y", "z"]}, "#
          + #"{"key": "l", "kind": "select", "options": [\#(many)]}]}"#,
        to: "spec.json", in: session)
      let spec = session.folder.appendingPathComponent("spec.json").path

      let select = try session.runDirectly(["form", spec, "--no-input", "--set", "c=blue"])
      #expect(select.status == 2, "\(select)")
      #expect(select.stderr == "settings-tui: --set c=blue: expected red or \"dark blue\"\n", "\(select)")
      let empty = try session.runDirectly(["form", spec, "--no-input", "--set", "c="])
      #expect(empty.status == 2, "\(empty)")
      let multi = try session.runDirectly(["form", spec, "--no-input", "--set", "m=a,z"])
      #expect(multi.status == 2, "\(multi)")
      #expect(multi.stderr == "settings-tui: --set m: \"z\" is not an option; expected a or b\n", "\(multi)")
      // a,b,c splits at commas: an option that holds one is named in a JSON array, as it says.
      let comma = try session.runDirectly(["form", spec, "--no-input", "--set", "k=x, y"])
      #expect(comma.status == 2, "\(comma)")
      #expect(
        comma.stderr == #"settings-tui: --set k: "x" is not an option; expected "x, y" or z (an option with a comma goes in a JSON array: --set k='["x, y"]')"# + "\n",
        "\(comma)")
      let array = try session.runDirectly(["form", spec, "--no-input", "--json", "--set", #"k=["x, y"]"#])
      #expect(array.status == 0, "\(array)")
      #expect(array.stdout.contains(#""x, y""#), "\(array)")
      let long = try session.runDirectly(["form", spec, "--no-input", "--set", "l=opt 99"])
      #expect(long.status == 2, "\(long)")
      #expect(long.stderr.contains(#"expected one of 40 options: "opt 1", "opt 2""#), "\(long)")
      #expect(!long.stderr.contains("opt 7"), "a long list is named by its first few: \(long)")

      let cased = try session.runDirectly(["form", spec, "--no-input", "--set", "c=Dark Blue", "--set", "m=B,a,b"])
      #expect(cased.status == 0, "\(cased)")
      #expect(cased.stdout.contains(#""c" : "dark blue""#), "\(cased)")
      #expect(cased.stdout.contains("\"m\" : [\n    \"a\",\n    \"b\"\n  ]"), "in the options' order: \(cased)")

      // Accents aside too, as the form's filter and line mode take them.
      try write(#"{"fields": [{"key": "city", "kind": "select", "options": ["São Paulo", "Zürich"]}]}"#, to: "cities.json", in: session)
      let cities = session.folder.appendingPathComponent("cities.json").path
      let accents = try session.runDirectly(["form", cities, "--no-input", "--set", "city=sao paulo"])
      #expect(accents.status == 0 && accents.stdout.contains(#""city" : "São Paulo""#), "\(accents)")
      // Two options that differ only in accents: a value that could be either says so.
      try write(#"{"fields": [{"key": "city", "kind": "select", "options": ["São Paulo", "Sao Paulo"]}]}"#, to: "two.json", in: session)
      let two = session.folder.appendingPathComponent("two.json").path
      let either = try session.runDirectly(["form", two, "--no-input", "--set", "city=sao paulo"])
      #expect(either.status == 2, "\(either)")
      #expect(
        either.stderr == "settings-tui: --set city=sao paulo: could be \"São Paulo\" or \"Sao Paulo\", "
          + "which differ only in case or accents; give one as it is written\n", "\(either)")
      let written = try session.runDirectly(["form", two, "--no-input", "--set", "city=Sao Paulo"])
      #expect(written.status == 0 && written.stdout.contains(#""city" : "Sao Paulo""#), "\(written)")
    }

    /// A text without `maxLength` holds 1,000 characters with `--no-input` too, as in the form,
    /// so a script gets no longer value than a person could submit.
    @Test func noInputHoldsTextToTheLengthTheFormDoes() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try write(#"{"fields": [{"key": "token", "kind": "secret"}]}"#, to: "spec.json", in: session)
      let spec = session.folder.appendingPathComponent("spec.json").path
      let fits = try session.runDirectly(["form", spec, "--no-input", "--set", "token=" + String(repeating: "x", count: 1_000)])
      #expect(fits.status == 0, "\(fits.stderr)")
      let over = try session.runDirectly(["form", spec, "--no-input", "--set", "token=" + String(repeating: "x", count: 1_001)])
      #expect(over.status == 1, "\(over.stderr)")
      #expect(over.stderr == "settings-tui: token: At most 1000 characters\n")
      #expect(over.stdout.isEmpty)
    }

    /// A pattern that backtracks for minutes on a value is given up after a moment: the value
    /// is refused with a word why, and the form still answers keys and Ctrl-C.
    @Test func aPatternTooSlowForAValueIsGivenUpAndTheFormStillAnswers() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try write(
        #"{"fields": [{"key": "email", "kind": "text", "pattern": "([a-z0-9]+[.-]?)*[a-z0-9]+@[a-z]+"}, "#
          + #"{"key": "note", "kind": "text"}]}"#,
        to: "spec.json", in: session)
      let slow = String(repeating: "a", count: 40) + "!"
      let spec = session.folder.appendingPathComponent("spec.json").path
      let script = try session.runDirectly(["form", spec, "--no-input", "--set", "email=\(slow)"])
      #expect(script.status == 1, "\(script)")
      #expect(script.stderr.contains("Gave up matching ([a-z0-9]+[.-]?)*[a-z0-9]+@[a-z]+: too slow for this value"), "\(script)")

      try session.start(["form", "spec.json"])
      try await session.waitForFocus(on: "email")
      try session.type(slow)
      try session.press("Tab")
      try await session.waitFor(text: "too slow")
      // Corrected, the value is matched afresh and taken.
      try session.press("BTab", "C-u")
      try session.type("ada@example")
      try session.press("Tab")
      try await session.waitFor("the error gone") { !$0.contains("too slow") && !$0.contains("Must match") }
      try session.press("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    static var examples: URL {
      URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples")
    }

    /// The README's example of lists that follow a select: the regions follow the provider,
    /// the zones the region, on the screen and from --set in any order.
    @Test func listsFollowTheSelectAboveThemOnTheScreenAndFromSet() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      let spec = Self.examples.appendingPathComponent("server.json").path
      try session.start(["form", spec], rows: 24)
      var screen = try await session.waitForFocus(on: "Name")
      #expect(screen.contains("Region    (•) fsn1"), "hetzner's first region: \(screen)")
      try session.type("web-1")
      try session.press("Tab", "Up", "Up", "Space")  // provider aws
      screen = try await session.waitFor(text: "us-east-1a")
      #expect(screen.contains("Region    (•) us-east-1"), "\(screen)")
      #expect(!screen.contains("fsn1"), "\(screen)")
      try session.press("Tab", "Down", "Space")  // region eu-west-1
      screen = try await session.waitFor(text: "eu-west-1b")
      #expect(!screen.contains("us-east-1a"), "\(screen)")
      try session.press("Tab", "Down", "Space", "Enter")  // zone eu-west-1b; Enter on the last field submits
      #expect(try await session.waitForExit() == 0)
      let values = try #require(
        try JSONSerialization.jsonObject(with: Data(session.stdout.utf8)) as? [String: Any], "\(session.stdout)")
      #expect(values["provider"] as? String == "aws")
      #expect(values["region"] as? String == "eu-west-1")
      #expect(values["zones"] as? [String] == ["eu-west-1b"])

      // --set applies in the form's order: the zone is set after its region, whatever the order.
      let set = try session.runDirectly(
        ["form", spec, "--no-input", "--set", "zones=asia-south1-a", "--set", "name=db",
         "--set", "region=asia-south1", "--set", "provider=gcp"])
      #expect(set.status == 0, "\(set)")
      #expect(set.stdout.contains("\"zones\" : [\n    \"asia-south1-a\"\n  ]"), "\(set)")
      // The last --set for a select alone counts: an earlier one would still have emptied the zones.
      try write(
        #"{"fields": [{"key": "p", "kind": "select", "options": ["x", "y"]}, {"key": "z", "kind": "multiselect", "#
          + #""optionsBy": "p", "default": ["x2"], "options": {"x": ["x1", "x2"], "y": ["y1"]}}]}"#,
        to: "twice.json", in: session)
      let twice = try session.runDirectly(
        ["form", session.folder.appendingPathComponent("twice.json").path, "--no-input", "--set", "p=y", "--set", "p=x"])
      #expect(twice.status == 0 && twice.stdout.contains("\"z\" : [\n    \"x2\"\n  ]"), "\(twice)")
      let wrong = try session.runDirectly(["form", spec, "--no-input", "--set", "name=db", "--set", "region=eu-west-1"])
      #expect(wrong.status == 1, "\(wrong)")
      #expect(
        wrong.stderr.contains(#"region: "eu-west-1" is not one of the options when provider is "hetzner""#), "\(wrong)")
      // No list holds it: a usage error, as for a select whose options are fixed.
      let nowhere = try session.runDirectly(["form", spec, "--no-input", "--set", "name=db", "--set", "region=mars"])
      #expect(nowhere.status == 2 && nowhere.stderr.contains("--set region=mars: expected one of 9 options"), "\(nowhere)")
    }

    @Test func theExampleSpecsInTheRepositoryAreValid() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let examples = Self.examples
      let specs = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".json") }
      #expect(specs.count >= 3)
      for spec in specs {
        let result = try session.runDirectly(["form", examples.appendingPathComponent(spec).path, "--no-input"])
        if spec == "broken.json" {
          #expect(result.status == 2, "\(spec): \(result)")
        } else {
          // Submitted with defaults, or refused for a required field: never a spec error.
          #expect(result.status == 0 || result.status == 1, "\(spec): \(result)")
          #expect(!result.stderr.contains("$."), "\(spec): \(result)")
        }
      }
    }

    @Test func aTextAreaTakesLinesAndCtrlEOpensTheEditor() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try write("""
        {"title": "Note", "fields": [
          {"key": "body", "kind": "textarea", "label": "Body", "rows": 3, "required": true},
          {"key": "urgent", "kind": "toggle", "label": "Urgent"}
        ]}
        """, to: "spec.json", in: session)
      // An editor that appends a line, as a person would in vi.
      let editor = session.folder.appendingPathComponent("editor.sh")
      try Data("#!/bin/sh\nprintf 'from the editor\\n' >> \"$1\"\n".utf8).write(to: editor)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
      try session.start(["form", "spec.json"], environment: ["EDITOR": editor.path, "VISUAL": ""])
      try await session.waitForFocus(on: "Body")
      try await session.waitFor(text: "Enter new line")
      try session.type("line one")
      try session.press("Enter")
      try session.type("line two")
      try session.press("C-e")
      let screen = try await session.waitFor(text: "from the editor")
      #expect(screen.contains("line one"), "\(screen)")
      try session.press("Tab", "Space", "Tab", "Enter")
      #expect(try await session.waitForExit() == 0)
      let values = try #require(
        try JSONSerialization.jsonObject(with: Data(session.stdout.utf8)) as? [String: Any], "\(session.stdout)")
      #expect(values["body"] as? String == "line one\nline two\nfrom the editor")
      #expect(values["urgent"] as? Bool == true)
      let terminal = try session.terminalState()
      #expect(terminal.isRestored, "\(terminal)")
    }

    /// Ctrl-Z in the editor stops the whole job, as in any shell pipeline, and `fg` brings the
    /// editor back where it was; Ctrl-C there is the editor's, and the form goes on after it.
    /// (The form waited for an editor that had stopped: nothing typed got the terminal back.)
    @Test func controlZAndControlCInTheEditorAreTheEditors() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try write(#"{"fields": [{"key": "body", "kind": "textarea", "label": "Body"}]}"#, to: "spec.json", in: session)
      // An editor that asks for a line on the terminal, as vi waits for keys.
      let editor = session.folder.appendingPathComponent("editor.sh")
      try Data("#!/bin/sh\nprintf 'editor> '\nread line\nprintf '%s\\n' \"$line\" >> \"$1\"\n".utf8).write(to: editor)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
      try await session.startShell(running: #"EDITOR="$DIR/editor.sh" VISUAL= "$BIN" form spec.json"#)
      try await session.waitForFocus(on: "Body")
      try session.press("C-e")
      try await session.waitFor(text: "editor>")
      try session.press("C-z")
      try await session.waitFor("the shell to report the stopped job") { $0.contains("Stopped") }
      try session.type("fg")
      try session.press("Enter")
      try session.type("typed in the editor")
      try session.press("Enter")
      try await session.waitFor(text: "typed in the editor")

      try session.press("C-e")
      try await session.waitFor(text: "editor>")
      try session.press("C-c")
      let screen = try await session.waitFor(text: "The editor gave no text back (not found, interrupted")
      #expect(screen.contains("typed in the editor"), "the form goes on, its text kept\n\(screen)")
      try await session.discardChanges()
      try await session.waitFor(text: "exit=1")
    }

    static let clickable = """
      {"title": "Clicks", "fields": [
        {"key": "name", "kind": "text", "label": "Name"},
        {"key": "news", "kind": "toggle", "label": "News"},
        {"key": "size", "kind": "select", "label": "Size", "options": ["S", "M", "L"]}
      ]}
      """

    @Test func clicksToggleChooseAndSubmitAndTheMouseIsLetGoAtExit() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try write(Self.clickable, to: "spec.json", in: session)
      try session.start(["form", "spec.json"])
      var screen = try await session.waitFor(text: "[ Submit ]")
      #expect(try session.display("#{mouse_any_flag}") == "1", "the form asked for the mouse")
      // Rows: Name 3, News 4, Size 5 to 7, the buttons on 9; controls from column 9.
      try session.click(column: 10, row: 4)
      try await session.waitFor(text: "[x] On")
      try session.click(column: 10, row: 7)
      screen = try await session.waitFor(text: "(•) L")
      try session.click(column: 10, row: 9)
      #expect(try await session.waitForExit() == 0, "\(screen)")
      let values = try #require(
        try JSONSerialization.jsonObject(with: Data(session.stdout.utf8)) as? [String: Any], "\(session.stdout)")
      #expect(values["news"] as? Bool == true)
      #expect(values["size"] as? String == "L")
      #expect(try session.display("#{mouse_any_flag}") == "0", "mouse reporting is off again")
    }

    @Test func withNoMouseTheTerminalKeepsTheMouse() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try write(Self.clickable, to: "spec.json", in: session)
      try session.start(["form", "spec.json", "--no-mouse"])
      try await session.waitFor(text: "[ Submit ]")
      // The terminal is never asked to report the mouse, so it keeps selecting text.
      #expect(try session.display("#{mouse_any_flag}") == "0")
      try session.type("Ada")
      try await session.waitFor(text: "› Name  Ada")
    }

    @Test func pagesOpenInTurnOnlyWhenValidAndSubmitFromTheLast() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try write("""
        {"title": "Join", "pages": [
          {"title": "Account", "fields": [
            {"key": "name", "kind": "text", "label": "Name", "required": true},
            {"key": "email", "kind": "text", "label": "Email", "required": true}
          ]},
          {"title": "Plan", "fields": [{"key": "plan", "kind": "select", "label": "Plan", "options": ["Free", "Team"]}]}
        ]}
        """, to: "spec.json", in: session)
      try session.start(["form", "spec.json"])
      var screen = try await session.waitFor(text: "Page 1 of 2")
      #expect(screen.contains("Next page: Plan"), "\(screen)")
      try session.type("Ada")
      try session.press("Enter", "Enter")  // the empty email keeps the next page closed
      screen = try await session.waitFor(text: "Required")
      #expect(screen.contains("Page 1 of 2"), "\(screen)")
      try session.type("ada@example.com")
      try session.press("Enter")
      screen = try await session.waitFor(text: "Page 2 of 2")
      #expect(!screen.contains("Name"), "one page at a time: \(screen)")
      try session.press("BTab")
      try await session.waitFor(text: "Page 1 of 2")
      try session.press("Tab")
      try await session.waitFor(text: "Page 2 of 2")
      try session.press("Down", "Enter")
      #expect(try await session.waitForExit() == 0)
      let values = try #require(
        try JSONSerialization.jsonObject(with: Data(session.stdout.utf8)) as? [String: Any], "\(session.stdout)")
      #expect(values["email"] as? String == "ada@example.com")
      #expect(values["plan"] as? String == "Team")
    }
  }
}
