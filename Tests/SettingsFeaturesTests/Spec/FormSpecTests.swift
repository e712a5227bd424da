import ComposableForms
import ComposableFormsTesting
import SettingsFeatures
import TerminalUI
import Testing

/// Specs read from JSON: every mistake named by its JSON path, and the form they make.
@Suite(.serialized)
@MainActor
struct FormSpecTests: SpecParsing {
  static let everyKind = """
    {"title": "Every kind", "submit": "Send", "fields": [
      {"key": "intro", "kind": "note", "label": "Hello", "text": "Fill this in."},
      {"key": "name", "kind": "text", "label": "Name", "required": true, "maxLength": 10},
      {"key": "pin", "kind": "secret", "label": "PIN", "pattern": "[0-9]{4}", "echo": "none"},
      {"key": "news", "kind": "toggle", "label": "News", "default": true},
      {"key": "sure", "kind": "confirm", "label": "Sure?", "required": true},
      {"key": "size", "kind": "select", "label": "Size", "options": ["S", "M", "L"], "default": "M"},
      {"key": "tags", "kind": "multiselect", "label": "Tags", "options": ["a", "b", "c"], "min": 1, "max": 2},
      {"key": "count", "kind": "number", "label": "Count", "min": 1, "max": 9, "default": 3,
       "description": "How many"}
    ]}
    """

  // MARK: - Mistakes, by JSON path

  @Test func everyMistakeIsNamedByItsPath() {
    let found = problems("""
      {"title": 3, "colour": "red", "fields": [
        {"key": "a", "kind": "colour"},
        {"key": "b", "kind": "text", "maxLength": 2, "default": "abc"},
        {"key": "b", "kind": "toggle"},
        {"key": "c", "kind": "select"},
        {"key": "d", "kind": "number", "min": 5, "max": 1},
        {"key": "e", "kind": "text", "requred": true},
        {"key": "f", "kind": "select", "options": ["x"], "default": "y"},
        {"key": "g", "kind": "number", "default": "three"},
        {"kind": "text"},
        {"key": "h", "kind": "text", "pattern": "(unclosed"}
      ]}
      """)
    #expect(found.contains("$.title: expected a string, found the number 3"))
    #expect(
      problems(#"{"title": "T", "fields": [{"key": "n", "kind": "number", "default": 5.5}]}"#)
        == ["$.fields[0].default: expected a whole number for a number, found the number 5.5"])
    #expect(
      problems(#"{"title": "T", "fields": [{"key": "n", "kind": "number", "default": 1e400}]}"#)
        == ["$.fields[0].default: a number that cannot be read: too large to hold (beyond ±1.8e308), or not written as JSON writes numbers (05)"])
    #expect(found.contains("$.colour: unknown key (expected title, submit, fields or pages)"))
    #expect(
      problems(#"{"fields": [{"key": "a", "kind": "txet"}]}"#)
        == [#"$.fields[0].kind: unknown kind "txet" (did you mean "text"? expected one of text, textarea, secret, toggle, confirm, select, multiselect, number, note)"#])
    #expect(found.contains { $0.hasPrefix("$.fields[0].kind: unknown kind \"colour\" (expected one of text, textarea, secret,") })
    #expect(found.contains("$.fields[1].default: the default breaks its own rule: At most 2 characters"))
    #expect(found.contains("$.fields[2].key: duplicate key \"b\" (first used at $.fields[1])"))
    #expect(found.contains("$.fields[3].options: a select needs options (an array of strings)"))
    #expect(found.contains("$.fields[4].min: min (5) is larger than max (1)"))
    #expect(found.contains { $0.hasPrefix(#"$.fields[5].requred: unknown key (did you mean "required"? expected one of "#) })
    #expect(found.contains("$.fields[6].default: the default breaks its own rule: \"y\" is not one of the options"))
    #expect(found.contains("$.fields[7].default: expected a whole number for a number, found a string"))
    #expect(found.contains("$.fields[8]: expected \"key\", the name the value is printed under"))
    #expect(found.contains("$.fields[9].pattern: not a valid regular expression: expected ')'"))
  }

  /// A title, button or label given blank would show as nothing (line mode asked a bare ": ");
  /// left out, it has its default (a label, the key).
  @Test func aBlankTitleOrLabelIsRefusedAndALeftOutOneHasItsDefault() throws {
    #expect(problems(#"{"title": " ", "submit": "", "fields": [{"key": "a", "label": ""}, {"key": "b", "label": "\u200B "}]}"#) == [
      #"$.title: blank, so it would show as nothing: give a text, or leave it out for "Form""#,
      #"$.submit: blank, so it would show as nothing: give a text, or leave it out for "Submit""#,
      "$.fields[0].label: blank, so it would show as nothing: give a text, or leave it out for the key",
      "$.fields[1].label: blank, so it would show as nothing: give a text, or leave it out for the key",
    ])
    #expect(problems(#"{"fields": [{"key": "a", "description": "  "}, {"kind": "note", "label": "N", "text": "\n"}]}"#) == [
      "$.fields[0].description: blank, so it would show as nothing: give a text, or leave it out",
      "$.fields[1].text: blank, so it would show as nothing: give a text, or leave it out",
    ])
    #expect(problems(#"{"pages": [{"title": "", "fields": [{"key": "a"}]}]}"#) == [
      #"$.pages[0].title: blank, so it would show as nothing: give a text, or leave it out for "Page 1""#
    ])
    let spec = try FormSpec.parse(Array(#"{"fields": [{"key": "port"}]}"#.utf8))
    #expect(spec.title == "Form" && spec.submitTitle == "Submit" && spec.fields[0].label == "port")
  }

  /// A note needs no key nor label: line mode says its text alone, not under a bare ":", and
  /// a blank label given to it is refused without pointing at a key it does not have.
  @Test func aNoteWithoutALabelIsItsTextAloneInLineMode() async throws {
    SpecForm.install(try parse(#"{"fields": [{"kind": "note", "text": "Hello there"}, {"key": "a"}]}"#))
    let store = Store(initialState: SpecForm.State()) { SpecForm() }
    let channel = ScriptedLineChannel(["x"])
    #expect(await SpecForm.layout().runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(channel.transcript.contains("Hello there\n"), "\(channel.transcript)")
    #expect(!channel.transcript.contains(":\n  Hello there"), "\(channel.transcript)")
    #expect(problems(#"{"fields": [{"kind": "note", "label": "", "text": "Hi"}, {"key": "a"}]}"#)
      == ["$.fields[0].label: blank, so it would show as nothing: give a text, or leave it out"])
  }

  /// Options that are all of the wrong type are named each, not again as missing.
  @Test func wrongOptionsAreNamedOnce() {
    #expect(problems(#"{"fields": [{"key": "a", "kind": "select", "options": [1, 2]}]}"#) == [
      "$.fields[0].options[0]: expected a string, found the number 1",
      "$.fields[0].options[1]: expected a string, found the number 2",
    ])
  }

  /// A pattern that cannot run is said once (not again as the default breaking it), an empty
  /// one is refused (every value failed "Must match " with nothing after it), and a wrong
  /// type is named by its value.
  @Test func aPatternMistakeIsSaidOnceAndAWrongTypeByItsValue() {
    #expect(problems(#"{"fields": [{"key": "a", "pattern": "(", "default": "x"}]}"#)
      == ["$.fields[0].pattern: not a valid regular expression: expected ')'"])
    #expect(problems(#"{"fields": [{"key": "a", "pattern": ""}]}"#)
      == ["$.fields[0].pattern: an empty pattern matches only empty text: leave pattern out for any text"])
    #expect(problems(#"{"submit": true, "fields": [{"key": "a"}]}"#) == ["$.submit: expected a string, found true"])
  }

  /// A whole number past what a JSON parser's `Double` holds exactly is named as too far from
  /// zero, not as "not a whole number".
  @Test func wholeNumbersTooFarFromZeroSaySo() {
    let found = problems("""
      {"fields": [
        {"key": "a", "kind": "number", "max": 9223372036854775807},
        {"key": "b", "kind": "number", "default": -1e18},
        {"key": "c", "kind": "number", "min": -999999999999999, "max": 999999999999999}
      ]}
      """)
    let range = "from -999999999999999 to 999999999999999"
    #expect(found == [
      "$.fields[0].max: expected a whole number \(range), found one further from zero",
      "$.fields[1].default: expected a whole number \(range), found one further from zero",
    ])
  }

  /// A multiselect's default listed in another order than its options is kept in theirs, as
  /// `--set`, the form and line mode give the values.
  @Test func aMultiselectDefaultIsKeptInTheOptionsOrder() throws {
    let spec = try parse(#"""
      {"fields": [
        {"key": "m", "kind": "multiselect", "options": ["a", "b", "c"], "default": ["c", "a"]},
        {"key": "s", "kind": "select", "options": ["x", "y"], "default": "y"},
        {"key": "n", "kind": "multiselect", "optionsBy": "s", "options": {"x": ["p"], "y": ["q", "r"]}, "default": ["r", "q"]}
      ]}
      """#)
    #expect(spec.fields[0].defaultValue == .list(["a", "c"]))
    #expect(spec.fields[2].defaultValue == .list(["q", "r"]))
  }

  @Test func anOptionGivenTwiceIsRefused() {
    let found = problems(#"{"fields": [{"key": "s", "kind": "select", "options": ["x", "y", "x", "y"]}]}"#)
    #expect(found == [#"$.fields[0].options[2]: "x" appears twice; keep one"#])
  }

  /// Titles, labels and descriptions show on one line: a line break or tab in them is a space
  /// (the words around it were run together on screen and read out as "\u{A}" in line mode).
  @Test func lineBreaksAndTabsInShownTextAreSpaces() throws {
    let spec = try parse(#"""
      {"title": "Line1\nLine2\tTabbed", "submit": "Go\r\nNow", "pages": [
        {"title": "One\n\ntwo", "fields": [
          {"key": "a", "kind": "text", "label": "Multi\nline label", "description": "desc\nline two"}]}]}
      """#)
    #expect(spec.title == "Line1 Line2 Tabbed")
    #expect(spec.submitTitle == "Go Now")
    #expect(spec.pages == ["One two"])
    #expect(spec.fields[0].label == "Multi line label")
    #expect(spec.fields[0].description == "desc line two")
    let separated = try parse(#"{"title": "x\u2028y", "fields": [{"key": "a", "kind": "text", "label": "S\u2029L"}]}"#)
    #expect(separated.title == "x y")
    #expect(separated.fields[0].label == "S L")
  }

  /// A field without a kind is text; a kind of `null` (a jq variable left unset) is refused,
  /// not taken for text.
  @Test func aNullKindIsRefusedAndAMissingOneIsText() throws {
    #expect(try parse(#"{"fields": [{"key": "a"}]}"#).fields[0].kind == .text)
    #expect(problems(#"{"fields": [{"key": "a", "kind": null}]}"#) == [
      "$.fields[0].kind: null is no kind (expected one of text, textarea, secret, toggle, confirm, select, multiselect, number, note; leave kind out for text)"
    ])
  }

  /// Esc or a bell in shown text is no text, and may be a terminal's command: refused where
  /// the text is, as in options and defaults, not turned into a space or shown escaped.
  @Test func controlCharactersOtherThanLineBreaksAndTabsInShownTextAreRefused() {
    let found = problems(#"""
      {"title": "T\u001b]0;x", "submit": "Go\u0007", "fields": [
        {"key": "a", "kind": "text", "label": "L\u001b[31m", "description": "d\u009b",
         "pattern": "x", "patternError": "bad\u001b[31m"},
        {"kind": "note", "text": "Host:\tweb01\r\nok\u001b[2J"},
        {"kind": "note", "text": "Host:\tweb01\r\nok"},
        {"key": "s", "kind": "select", "options": ["\u001b", "ok", "\u0007"]}]}
      """#)
    let refused = "control characters (such as Esc) cannot be part of it; line breaks and tabs can"
    let option = "an option must be one line of visible text (no line breaks, tabs, control or direction characters, not empty)"
    #expect(found == [
      "$.title: \(refused)", "$.submit: \(refused)",
      "$.fields[0].label: \(refused)", "$.fields[0].description: \(refused)", "$.fields[0].patternError: \(refused)",
      "$.fields[1].text: \(refused)",
      "$.fields[3].options[0]: \(option)", "$.fields[3].options[2]: \(option)",
    ], "\(found)")
  }

  /// An option is a value in the output as well as a row: one that cannot show on a row is
  /// refused rather than changed.
  @Test func anOptionThatIsNotOneVisibleLineIsRefused() {
    let options = [#"a\nb"#, "", #"\u0301"#, " ", #"a\u2028b"#, #"rtl\u202eevil"#]
    for bad in options.map({ "\"" + $0 + "\"" }) {
      let found = problems(#"{"fields": [{"key": "s", "kind": "select", "options": ["ok", "# + bad + "]}]}")
      #expect(found == [
        "$.fields[0].options[1]: an option must be one line of visible text (no line breaks, tabs, control or direction characters, not empty)"
      ], "\(bad)")
    }
  }

  /// An option with a space at either end could not be told from the one without, nor named
  /// by `--set` or line mode (which read answers without such spaces): refused.
  @Test func anOptionWithASpaceAtEitherEndIsRefused() {
    for bad in [" x", "x ", "\u{A0}x"] {
      let found = problems(#"{"fields": [{"key": "s", "kind": "select", "options": ["x", "# + "\"\(bad)\"" + "]}]}")
      #expect(found == [
        "$.fields[0].options[1]: an option cannot start or end with a space: it could not be told from the same option without one, nor typed"
      ], "\(bad)")
    }
    #expect(problems(#"{"fields": [{"key": "s", "kind": "select", "options": ["São Paulo", "New York"]}]}"#) == [])
  }

  /// Text that is not JSON says why: empty, not UTF-8, nested too deep, or where it breaks.
  @Test func textThatIsNotJSONSaysWhy() {
    func problem(_ bytes: [UInt8]) -> [String] {
      do throws(FormSpec.Problems) {
        _ = try FormSpec.parse(bytes)
        return []
      } catch {
        return error.messages
      }
    }
    #expect(problem(Array(" \n".utf8)) == [#"$: the spec is empty (expected a JSON object with "title" and "fields")"#])
    #expect(problem(Array(#"{"title": "a"#.utf8) + [0xFF] + Array(#""}"#.utf8)) == [
      "line 1, column 13: not valid UTF-8 (a spec is UTF-8 text)"
    ])
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    #expect(problem(Array(#"{"title": \#(deep)}"#.utf8)) == [
      "$: nested more than 512 levels deep, deeper than a JSON parser follows"
    ])
    #expect(problem(Array("{\"title\": }".utf8)) == ["line 1, column 11: not valid JSON"])
    // A file cut short says so, at its end.
    #expect(problem(Array("{\"fields\": [{\"key\": \"a\"}]".utf8)) == [
      "line 1, column 26: the JSON ends before it is complete (a bracket, brace or quote left open: a file cut short?)"
    ])
    // A bad \u escape (a Windows path) or a lone surrogate, at its backslash.
    let escape = "not valid JSON (\\u takes four hex digits, and a surrogate its pair; a backslash itself is \\\\)"
    #expect(problem(Array(#"{"title": "C:\users"}"#.utf8)) == ["line 1, column 14: " + escape])
    #expect(problem(Array(#"{"title": "a\ud800b"}"#.utf8)) == ["line 1, column 13: " + escape])
    #expect(problem(Array(#"{"title": "\ud83d\ude00", "fields": [{"key": "a"}]}"#.utf8)) == [], "a pair is fine")
    // A string that is not valid JSON is named as such with its place, not as a number.
    #expect(problem(Array(#"{"title": "C:\Users"}"#.utf8)) == ["line 1, column 14: not valid JSON"], "at the backslash")
    #expect(problem(Array("{\"title\": \"a\tb\"}".utf8)) == [
      #"line 1, column 13: not valid JSON (a tab or line break inside a string is written \t or \n)"#
    ])
  }

  @Test func theNearestNameIsSuggestedOnlyWhereItIsNear() {
    #expect(NearestName.to("lable", among: ["key", "kind", "label"]) == "label")
    #expect(NearestName.to("requred", among: ["required", "rows"]) == "required")
    #expect(NearestName.to("colour", among: ["key", "kind", "label"]) == nil)
    #expect(NearestName.to(String(repeating: "l", count: 200_000), among: ["label"]) == nil)
  }

  /// The usual mistakes of a hand-written spec are named where the parser stops.
  @Test func theUsualSyntaxMistakesAreNamed() {
    func problem(_ text: String) -> [String] {
      do {
        _ = try FormSpec.parse(Array(text.utf8))
        return []
      } catch {
        return error.messages
      }
    }
    #expect(problem(#"{"title": "x" "fields": []}"#) == ["line 1, column 15: not valid JSON (a comma is missing before this)"])
    #expect(problem(#"{"fields": [{"key": "a"} {"key": "b"}]}"#) == ["line 1, column 26: not valid JSON (a comma is missing before this)"])
    #expect(problem(#"{"title" "x"}"#) == ["line 1, column 10: not valid JSON (a colon is missing after the key)"])
    #expect(problem(#"{"a": 1, "title" "x"}"#) == ["line 1, column 18: not valid JSON (a colon is missing after the key)"])
    #expect(problem(#"{'title': 'x'}"#) == [#"line 1, column 2: not valid JSON (strings and keys take double quotes ("), not single ones)"#])
    #expect(problem(#"{"title": "x"} // the title"#) == ["line 1, column 16: not valid JSON (JSON has no comments: remove it)"])
    #expect(problem(#"{"title": Deploy}"#) == ["line 1, column 11: not valid JSON (a text value is written in double quotes)"])
    #expect(problem(#"{title: "x"}"#) == ["line 1, column 2: not valid JSON (a key is written in double quotes)"])
    #expect(problem(#"{"a": 1, b: 2}"#) == ["line 1, column 10: not valid JSON (a key is written in double quotes)"])
    #expect(problem(#"{"title": "x"} {"fields": []}"#) == [
      "line 1, column 16: not valid JSON (text after the end of the JSON object: a spec is one object)"
    ])
    #expect(problem(#"{"title": "x", "fields": [{"key": "a", "rows": 3"label": "b"}]}"#) == [
      "line 1, column 49: not valid JSON (a comma is missing before this)"
    ])
    #expect(problem(#"{"title": "x", "fields": [1, 2}"#) == ["line 1, column 31: not valid JSON"], "a brace where a bracket closes")
    // Where the text tells nothing certain, no guess: a word glued to a number.
    #expect(problem(#"{"title": "x", "fields": [{"key": "a", "rows": 10px}]}"#).first?.hasSuffix("not valid JSON") == true)
    // After a byte order mark, the place and the hint are the mistake's.
    #expect(problem("\u{FEFF}" + #"{"title" 1}"#) == ["line 1, column 10: not valid JSON (a colon is missing after the key)"])
  }

  @Test func rulesNoValueCanMeetAreRefused() {
    let found = problems("""
      {"fields": [
        {"key": "a", "kind": "text", "minLength": 5, "maxLength": 2},
        {"key": "b", "kind": "text", "maxLength": -1},
        {"key": "c", "kind": "text", "oneOf": []},
        {"key": "d", "kind": "multiselect", "options": ["x", "y"], "min": 3},
        {"key": "e", "kind": "multiselect", "options": ["x"], "max": -1},
        {"key": "f", "kind": "multiselect", "options": ["x"], "max": 0, "required": true},
        {"key": "g", "kind": "text", "maxLength": 0, "required": true},
        {"key": "h", "kind": "multiselect", "options": ["x", "y"], "default": ["x", "y", "x"]},
        {"key": "i", "kind": "text", "minLength": 1001},
        {"key": "j", "kind": "multiselect", "options": ["x"], "min": -1},
        {"key": "k", "kind": "multiselect", "options": ["x"], "max": 0}
      ]}
      """)
    #expect(found == [
      "$.fields[0].minLength: minLength (5) is larger than maxLength (2)",
      "$.fields[1].maxLength: expected 0 or more",
      "$.fields[2].oneOf: no value could be chosen: give at least one",
      "$.fields[3].min: min (3) is more than the 2 options",
      "$.fields[4].max: expected 1 or more: with -1, nothing could be chosen",
      "$.fields[5].max: expected 1 or more: with 0, nothing could be chosen",
      "$.fields[6].required: a required text needs room for a value: maxLength is 0",
      "$.fields[7].default: the default breaks its own rule: \"x\" is chosen twice",
      "$.fields[8].minLength: minLength (1001) is more than a text holds without maxLength (1000)",
      "$.fields[9].min: expected 0 or more",
      "$.fields[10].max: expected 1 or more: with 0, nothing could be chosen",
    ])
  }

  /// A key `--set key=value` could not name, and a form of notes alone, are refused.
  @Test func keysThatSetCannotNameAndFormsOfNotesAloneAreRefused() {
    #expect(problems(#"{"fields": [{"key": "a=b", "kind": "text"}]}"#) == [
      #"$.fields[0].key: a key must be a non-empty name without "=" or control characters"#
    ])
    #expect(problems(#"{"fields": [{"kind": "note", "text": "Hello"}]}"#) == [
      "$.fields: a form needs a field that takes input, not only notes"
    ])
  }

  @Test func aRuleTheKindDoesNotApplyIsRefusedNotIgnored() {
    // Ignored, it would leave the script's author believing the value checked.
    let found = problems("""
      {"fields": [
        {"key": "a", "kind": "select", "options": ["x", "y"], "oneOf": ["x"]},
        {"key": "b", "kind": "number", "pattern": "[0-9]+", "maxLength": 3},
        {"key": "c", "kind": "text", "min": 1, "options": ["x"]},
        {"kind": "note", "text": "Hi", "required": true},
        {"key": "d", "kind": "toggle", "echo": "none", "rows": 2, "text": "t"}
      ]}
      """)
    #expect(found == [
      "$.fields[0].oneOf: a select takes no oneOf (it applies to text, textarea or secret)",
      "$.fields[1].maxLength: a number takes no maxLength (it applies to text, textarea or secret)",
      "$.fields[1].pattern: a number takes no pattern (it applies to text, textarea or secret)",
      "$.fields[2].min: a text takes no min (it applies to number or multiselect)",
      "$.fields[2].options: a text takes no options (it applies to select or multiselect)",
      "$.fields[3].required: a note takes no required (it applies to text, textarea, secret, toggle, confirm, select, multiselect or number)",
      "$.fields[4].echo: a toggle takes no echo (it applies to secret)",
      "$.fields[4].rows: a toggle takes no rows (it applies to textarea, select or multiselect)",
      "$.fields[4].text: a toggle takes no text (it applies to note)",
    ])
    // Each key is taken where it applies.
    #expect(problems("""
      {"fields": [
        {"key": "a", "kind": "secret", "required": true, "minLength": 1, "maxLength": 9, "pattern": ".+", "oneOf": ["x"], "echo": "none"},
        {"key": "b", "kind": "multiselect", "options": ["x"], "min": 0, "max": 1, "rows": 2, "required": true},
        {"key": "c", "kind": "number", "min": -5, "max": 5, "default": -1, "required": true},
        {"kind": "note", "label": "L", "text": "T", "description": "D"}
      ]}
      """) == [])
  }

  @Test func aKeyGivenTwiceInOneObjectIsRefusedWithItsPlace() {
    // JSON parsers keep one of the two (Foundation the first, jq and Python the last): which
    // one was meant, only the author knows.
    #expect(problems(#"{"fields": [{"key": "a", "kind": "text", "key": "b"}]}"#) == [
      "$.fields[0].key: appears twice (again at line 1, column 42); keep one"
    ])
    #expect(problems("{\"fields\": [{\"key\": \"a\"}],\n \"fields\": [{\"key\": \"z\"}]}") == [
      "$.fields: appears twice (again at line 2, column 2); keep one"
    ])
    #expect(problems(#"{"pages": [{"fields": [{"key": "a"}]}, {"title": "2", "fields": [{"key": "b", "required": true, "required": false}]}]}"#) == [
      "$.pages[1].fields[0].required: appears twice (again at line 1, column 97); keep one"
    ])
    // The same key in different objects, or as a value, is no repeat.
    #expect(problems(#"{"fields": [{"key": "key", "label": "key"}, {"key": "b", "kind": "select", "options": ["key", "b"]}]}"#) == [])
  }

  @Test func textThatIsNotJSONOrNotAnObjectIsSaidSo() {
    let unfinished = problems("{\"fields\": [").first ?? ""
    #expect(unfinished.hasPrefix("line 1, column 13: the JSON ends before it is complete"), "\(unfinished)")
    // Where the text stops being JSON: the line and column (in characters) of the mistake.
    #expect(problems("{\"title\": \"Café\",\n \"fields\": [{\"key\": \"a\" \"kind\": \"text\"}]}") == [
      "line 2, column 25: not valid JSON (a comma is missing before this)"
    ])
    #expect(problems("[1, 2]") == ["$: expected an object with \"title\" and \"fields\" (or \"pages\"), found an array"])
    #expect(problems("{\"title\": \"x\"}") == ["$: expected \"fields\" (an array of fields) or \"pages\""])
    #expect(problems("{\"fields\": []}") == ["$: the form has no fields"])
  }

  /// A field of an unknown kind still names its duplicate key, in the same run and in the
  /// order of the fields: fixing the kind first showed the duplicate only on the next run.
  @Test func aDuplicateKeyIsNamedBesideAnUnknownKindInFieldOrder() {
    #expect(problems(#"{"fields": [{"key": "a"}, {"key": "a", "kind": "colour"}, {"key": "b", "kind": "number", "default": "x"}]}"#).map { String($0.prefix(30)) } == [
      "$.fields[1].key: duplicate key",
      "$.fields[1].kind: unknown kind",
      "$.fields[2].default: expected ",
    ])
  }

  @Test func aCommaAfterTheLastItemIsRefusedWhereItIs() {
    // Foundation's parser takes it; jq, Python and JSON itself do not.
    #expect(problems("{\"fields\": [{\"key\": \"a\", \"kind\": \"text\",\n }]}") == [
      "line 1, column 40: a comma after the last item, which JSON does not allow (jq and most parsers refuse it): remove it"
    ])
    #expect(problems(#"{"fields": [{"key": "a"}, ]}"#).first?.hasPrefix("line 1, column 25: a comma after the last item") == true)
    // Commas and brackets inside strings are text.
    #expect(problems(#"{"title": "a,]", "fields": [{"key": "b", "label": ",}"}]}"#) == [])
    #expect(TrailingJSONComma.first(in: Array(#"["\",]", 1]"#.utf8)) == nil)
  }

  @Test func pagesGiveTheirFieldsTheirTitle() throws {
    let spec = try parse("""
      {"title": "T", "pages": [
        {"title": "One", "fields": [{"key": "a", "kind": "text"}]},
        {"title": "Two", "fields": [{"key": "b", "kind": "toggle"}, {"key": "c", "kind": "number"}]}
      ]}
      """)
    #expect(spec.pages == ["One", "Two"])
    #expect(spec.fields.map(\.page) == [0, 1, 1])
    // One JSON object holds every page's values: keys are unique across pages.
    #expect(problems("""
      {"pages": [{"title": "One", "fields": [{"key": "a"}]}, {"fields": [{"key": "a"}]}]}
      """) == ["$.pages[1].fields[0].key: duplicate key \"a\" (first used at $.pages[0].fields[0])"])
    // A page of notes alone could never be shown: focus would pass it by.
    #expect(problems("""
      {"pages": [{"fields": [{"key": "a"}]}, {"fields": [{"kind": "note", "text": "Hi"}]}]}
      """) == ["$.pages[1].fields: a page needs a field that takes input, not only notes"])
    // Nor a page of no fields: the form opened on the page after it.
    #expect(problems("""
      {"pages": [{"title": "A", "fields": []}, {"title": "B", "fields": [{"key": "x"}]}]}
      """) == ["$.pages[0].fields: a page needs a field that takes input; this one has no fields"])
  }

  @Test func aSpecsPagesAreTheFormsPages() throws {
    SpecForm.install(try parse("""
      {"title": "T", "pages": [
        {"title": "One", "fields": [{"key": "a", "kind": "text", "required": true}]},
        {"title": "Two", "fields": [{"key": "b", "kind": "toggle"}]}
      ]}
      """))
    var view = FormViewState<SpecForm.Field>()
    let lines = SpecForm.layout().render(
      SpecForm.State(), size: Size(columns: 50, rows: 12), theme: .color, view: &view
    ).buffer.lines
    #expect(lines[0] == " T · One                              Page 1 of 2")
    #expect(lines[3].hasPrefix(" › a"))
    #expect(lines[5] == "      Next page: Two")
  }

  @Test func defaultsAndRulesOfEveryKind() throws {
    let spec = try parse(Self.everyKind)
    #expect(spec.title == "Every kind")
    #expect(spec.submitTitle == "Send")
    #expect(spec.fields.map(\.kind) == [.note, .text, .secret, .toggle, .confirm, .select, .multiselect, .number])
    #expect(spec.fields.map(\.defaultValue) == [.none, .text(""), .text(""), .flag(true), .flag(false), .text("M"), .list([]), .number(3)])
    let name = spec.fields[1]
    #expect(FormSpec.error(of: name, value: .text("")) == "Required")
    #expect(FormSpec.error(of: name, value: .text("  \t ")) == "Required", "spaces alone are no answer")
    #expect(FormSpec.error(of: name, value: .text("\u{200B}")) == "Required", "nor invisible characters alone")
    #expect(FormSpec.error(of: name, value: .text("Ada Lovelace!")) == "At most 10 characters")
    #expect(FormSpec.error(of: spec.fields[2], value: .text("12a4")) == "Must match [0-9]{4}")
    #expect(FormSpec.error(of: spec.fields[2], value: .text("1234")) == nil)
    #expect(FormSpec.error(of: spec.fields[4], value: .flag(false)) == "Please answer Yes")
    #expect(FormSpec.error(of: spec.fields[6], value: .list([])) == "Choose at least one")
    #expect(FormSpec.error(of: spec.fields[6], value: .list(["a", "b", "c"])) == "Choose at most 2")
    #expect(FormSpec.error(of: spec.fields[7], value: .number(10)) == "At most 9")
  }

  /// A pattern's error in the person's words, instead of the pattern read out; given without a
  /// pattern, it is a mistake of the spec.
  @Test func aPatternErrorSaysWhatTheAuthorWrote() throws {
    let spec = try parse(#"{"fields": [{"key": "pin", "pattern": "[0-9]{4}", "patternError": "Four digits"}]}"#)
    #expect(FormSpec.error(of: spec.fields[0], value: .text("12a4")) == "Four digits")
    #expect(problems(#"{"fields": [{"key": "pin", "patternError": "Four digits"}]}"#) == [
      "$.fields[0].patternError: says what a value that does not match pattern is told: give pattern too"
    ])
    #expect(problems(#"{"fields": [{"key": "n", "kind": "number", "patternError": "x"}]}"#) == [
      "$.fields[0].patternError: a number takes no patternError (it applies to text, textarea or secret)"
    ], "said once: not also 'give pattern too'")
    #expect(problems(#"{"fields": [{"key": "pin", "pattern": "[0-9]+", "patternError": ""}]}"#) == [
      "$.fields[0].patternError: an empty patternError says nothing: leave it out for \"Must match\" and the pattern"
    ])
  }

  /// An option called "none" is chosen by that word in line mode; a space then chooses none.
  @Test func aMultiselectOptionCalledNoneCanBeChosenByName() async throws {
    SpecForm.install(try parse(#"{"fields": [{"key": "m", "kind": "multiselect", "options": ["Lima", "none"]}, {"key": "n", "kind": "multiselect", "options": ["Lima"], "default": ["Lima"]}]}"#))
    let store = Store(initialState: SpecForm.State()) { SpecForm() }
    let channel = ScriptedLineChannel(["none", "none"])
    #expect(await SpecForm.layout().runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(store.state.lists[0].wrappedValue == ["none"])
    #expect(store.state.lists[1].wrappedValue == [], "without such an option, none is none")
    #expect(channel.transcript.contains("m (numbers separated by commas, or a space for none): none"), "\(channel.transcript)")
  }

  /// A value from --set is held to what typing allows: one line without characters that steer
  /// a terminal; a text area takes line breaks and tabs.
  @Test func controlCharactersAreRefusedWhereTypingCouldNotPutThem() throws {
    let spec = try parse(#"{"fields": [{"key": "t"}, {"key": "a", "kind": "textarea"}, {"key": "s", "kind": "secret"}]}"#)
    let line = "Control characters (line breaks, tabs, escapes) and text direction overrides cannot be part of this text"
    #expect(FormSpec.error(of: spec.fields[0], value: .text("x\ny")) == line)
    #expect(FormSpec.error(of: spec.fields[0], value: .text("x\u{1B}[2J")) == line)
    #expect(FormSpec.error(of: spec.fields[2], value: .text("a\rb")) == line)
    #expect(FormSpec.error(of: spec.fields[0], value: .text("a\u{202E}evil")) == line, "a right-to-left override")
    #expect(FormSpec.error(of: spec.fields[0], value: .text("Zoë 🙂")) == nil)
    #expect(FormSpec.error(of: spec.fields[1], value: .text("one\n\ttwo")) == nil)
    #expect(
      FormSpec.error(of: spec.fields[1], value: .text("bell\u{7}"))
        == "Control characters other than line breaks and tabs, and text direction overrides, cannot be part of this text")
  }

  @Test func aNumbersRangeIsOneFactForItsDefaultRuleAndStepperWhateverItsBounds() throws {
    let spec = try parse("""
      {"fields": [
        {"key": "free", "kind": "number"},
        {"key": "below", "kind": "number", "max": -10},
        {"key": "negative", "kind": "number", "min": -5, "max": -1},
        {"key": "huge", "kind": "number", "min": 3000000000}
      ]}
      """)
    #expect(spec.fields.map(\.numberRange) == [
      0...2_147_483_647, -2_147_483_648...(-10), -5...(-1), 3_000_000_000...Int.max,
    ])
    // NB: Each starts at zero or the end of its range nearest to it, which its own rule accepts.
    #expect(spec.fields.map(\.defaultValue) == [.number(0), .number(-10), .number(-1), .number(3_000_000_000)])
    #expect(spec.fields.allSatisfy { FormSpec.error(of: $0, value: $0.defaultValue) == nil })
    #expect(FormSpec.error(of: spec.fields[0], value: .number(-3)) == "At least 0")
    #expect(FormSpec.error(of: spec.fields[0], value: .number(9_999_999_999)) == "At most 2147483647")
    #expect(FormSpec.error(of: spec.fields[1], value: .number(-20)) == nil)
    // The stepper steps inside the same range, even at Int's end.
    SpecForm.install(spec)
    let layout = SpecForm.layout()
    var state = SpecForm.State()
    state.numbers[3].wrappedValue = Int.max
    state.form.focus = .field(SpecForm.Field(index: 3))
    var view = FormViewState<SpecForm.Field>()
    // NB: At the end nothing changes, so nothing is sent (adding 1 first trapped).
    #expect(layout.actions(for: .increment, state: state, view: &view).isEmpty)
    state.numbers[1].wrappedValue = Int(Int32.min)
    state.form.focus = .field(SpecForm.Field(index: 1))
    #expect(layout.actions(for: .decrement, state: state, view: &view).isEmpty)
    #expect(layout.actions(for: .increment, state: state, view: &view) == [.set(\.numbers[1], Int(Int32.min) + 1)])
  }

  /// Backspace over a stepper's last digit leaves 0, or the end of the range nearest to it; not
  /// the least number, which for a range from -5 was a jump to -5.
  @Test func backspaceOverAStepsLastDigitLeavesZeroOrTheNearestEnd() throws {
    let spec = try parse("""
      {"fields": [
        {"key": "around", "kind": "number", "min": -5, "max": 10, "default": 3},
        {"key": "above", "kind": "number", "min": 2, "max": 20, "default": 7}
      ]}
      """)
    SpecForm.install(spec)
    let layout = SpecForm.layout()
    var state = SpecForm.State()
    var view = FormViewState<SpecForm.Field>()
    state.form.focus = .field(SpecForm.Field(index: 0))
    #expect(layout.actions(for: .edit(.backspace), state: state, view: &view) == [.set(\.numbers[0], 0)])
    state.form.focus = .field(SpecForm.Field(index: 1))
    view = FormViewState<SpecForm.Field>()
    #expect(layout.actions(for: .edit(.backspace), state: state, view: &view) == [.set(\.numbers[1], 2)])
  }

  /// A spec's list filters case and accents aside, as the clients search does: `sao` finds
  /// São Paulo, and `ZUR` Zürich.
  @Test func aListsFilterIgnoresCaseAndAccents() async throws {
    SpecForm.install(try parse("""
      {"fields": [
        {"key": "city", "kind": "select", "rows": 2,
         "options": ["Lisboa", "São Paulo", "Zürich", "Oslo", "Łódź", "Ærøskøbing", "Straße"]}
      ]}
      """))
    let layout = SpecForm.layout()
    var state = SpecForm.State()
    state.form.focus = .field(SpecForm.Field(index: 0))
    // Letters with a stroke, or two in one, read as an ASCII keyboard types them.
    for (typed, found) in [("sao", "São Paulo"), ("ZUR", "Zürich"), ("lodz", "Łódź"), ("aero", "Ærøskøbing"),
      ("strasse", "Straße")]
    {
      var view = FormViewState<SpecForm.Field>()
      view.focusedField = SpecForm.Field(index: 0)
      view.input = ControlInput(typed: typed)
      let lines = layout.render(state, size: Size(columns: 60, rows: 12), theme: .color, view: &view).buffer.lines
      #expect(lines.contains { $0.contains(found) }, "\(typed): \(lines.joined(separator: "\n"))")
      #expect(!lines.contains { $0.contains("Oslo") }, "\(typed): \(lines.joined(separator: "\n"))")
    }
    // Line mode takes the same answer.
    let store = Store(initialState: SpecForm.State()) { SpecForm() }
    let channel = ScriptedLineChannel(["zurich"])
    #expect(await layout.runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(store.state.texts[0].wrappedValue == "Zürich")
    let polish = Store(initialState: SpecForm.State()) { SpecForm() }
    let answer = ScriptedLineChannel(["LODZ"])
    #expect(await layout.runLines(polish, channel: answer) == .submitted, "\(answer.transcript)")
    #expect(polish.state.texts[0].wrappedValue == "Łódź")
  }

  /// An answer that could be two options differing only in accents names both and is asked
  /// again, in a select and a multiselect.
  @Test func lineModeNamesTheOptionsAnAmbiguousAnswerCouldBe() async throws {
    SpecForm.install(try parse("""
      {"fields": [
        {"key": "city", "kind": "select", "options": ["São Paulo", "Sao Paulo", "Lima"]},
        {"key": "cities", "kind": "multiselect", "options": ["São Paulo", "Sao Paulo", "Lima"]}
      ]}
      """))
    let store = Store(initialState: SpecForm.State()) { SpecForm() }
    let channel = ScriptedLineChannel(["sao paulo", "Sao Paulo", "lima, sao paulo", "3, São Paulo"])
    #expect(await SpecForm.layout().runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(store.state.texts[0].wrappedValue == "Sao Paulo")
    #expect(store.state.lists[1].wrappedValue == ["São Paulo", "Lima"])
    let refusal = "sao paulo could be São Paulo or Sao Paulo, which differ only in case or accents: type its number, or one as it is written"
    #expect(channel.transcript.components(separatedBy: refusal).count == 3, "\(channel.transcript)")
  }

  /// Line mode's hint says what the rules take: at least one of a multiselect that needs one
  /// (not "or none"), the words a `oneOf` text takes.
  @Test func lineModeHintsFollowTheRules() async throws {
    SpecForm.install(try parse("""
      {"fields": [
        {"key": "mode", "kind": "text", "oneOf": ["fast", "slow"], "default": "fast"},
        {"key": "tags", "kind": "multiselect", "options": ["a", "b"], "min": 1},
        {"key": "more", "kind": "multiselect", "options": ["a", "b"]}
      ]}
      """))
    let store = Store(initialState: SpecForm.State()) { SpecForm() }
    let channel = ScriptedLineChannel(["", "1", ""])
    #expect(await SpecForm.layout().runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(channel.transcript.contains("mode (one of: fast, slow) [fast]: "), "\(channel.transcript)")
    #expect(channel.transcript.contains("tags (numbers separated by commas, at least 1): "), "\(channel.transcript)")
    #expect(channel.transcript.contains("more (numbers separated by commas, or none): "), "\(channel.transcript)")
  }

  /// In line mode the options are numbered and the question asks for a number, so a number is
  /// the option at that place, as in huh's accessible mode: "3" among the options 10, 20 and 30
  /// is the third (30). A number past the count, or any other answer, is an option as written.
  /// Options that are numbers at other places (1, 3, 5) are not numbered: "3" is the option 3,
  /// so a script piping in a value gets that value.
  @Test func lineModeTakesANumberAsAPlaceUnlessOptionsAreNumbersAtOtherPlaces() async throws {
    SpecForm.install(try parse("""
      {"fields": [
        {"key": "replicas", "kind": "select", "options": ["10", "20", "30"]},
        {"key": "zones", "kind": "multiselect", "options": ["2", "1", "eu"]},
        {"key": "size", "kind": "select", "options": ["S", "M", "L"]},
        {"key": "copies", "kind": "select", "options": ["1", "3", "5"]}
      ]}
      """))
    let store = Store(initialState: SpecForm.State()) { SpecForm() }
    let channel = ScriptedLineChannel(["3", "1, eu", "2", "3"])
    let outcome = await SpecForm.layout().runLines(store, channel: channel)
    #expect(outcome == .submitted, "\(channel.transcript)")
    #expect(store.state.texts[0].wrappedValue == "30", "the third option, as numbered")
    #expect(store.state.lists[1].wrappedValue == ["1", "eu"], "the option 1, and eu, as written")
    #expect(store.state.texts[2].wrappedValue == "M")
    #expect(store.state.texts[3].wrappedValue == "3", "the option 3 as written, not the third")
    #expect(channel.transcript.contains("  3) 30\n"), "\(channel.transcript)")
    #expect(channel.transcript.contains("  - 5\n"), "\(channel.transcript)")
    #expect(channel.transcript.contains("zones (options as written separated by commas, or none)"), "\(channel.transcript)")
    #expect(channel.transcript.contains("copies (an option as it is written)"), "\(channel.transcript)")
  }

  /// Digits typed into a stepper make a number in its range or are refused with a word why: a
  /// digit no number in the range starts with (2 in 100...199, a leading 0 in 1...20) changes
  /// nothing; a number on its way into the range (1 of 175) shows as typed and leaves the value
  /// as it was (so leaving the field keeps it), the status line saying what was typed; a range of
  /// negative numbers only takes the digits after the minus sign; in a range on both sides of
  /// zero, - (a step down) then digits types a negative number, and Backspace keeps its sign.
  @Test func digitsTypedIntoAStepperStayInItsRange() throws {
    SpecForm.install(try parse("""
      {"fields": [
        {"key": "d", "kind": "number", "min": 100, "max": 199, "default": 150},
        {"key": "n", "kind": "number", "min": -10, "max": -5},
        {"key": "z", "kind": "number", "min": -50, "max": 50},
        {"key": "p", "kind": "number", "min": 1, "max": 20}
      ]}
      """))
    let layout = SpecForm.layout()
    /// Digits, "-" and "+" (a step down and up) and "<" (Backspace), one key each.
    func typing(_ keys: String, into index: Int) -> (value: Int, notice: String?) {
      var state = SpecForm.State()
      state.form.focus = .field(SpecForm.Field(index: index))
      var view = FormViewState<SpecForm.Field>()
      view.follow(focus: state.form.focusedField)
      for key in keys {
        let command: FormCommand =
          switch key {
          case "-": .decrement
          case "+": .increment
          case "<": .edit(.backspace)
          default: .digit(key.wholeNumberValue ?? 0)
          }
        for action in layout.actions(for: command, state: state, view: &view) {
          if case let .binding(binding) = action { binding.apply(to: &state) }
        }
      }
      return (state.numbers[index].wrappedValue, view.notice)
    }
    #expect(typing("2", into: 0) == (150, "From 100 to 199"), "nothing typed yet to take back")
    // Digits on their way into the range leave the value as it was (150), shown as typed.
    #expect(typing("1", into: 0) == (150, "1 so far: more digits make a number from 100 to 199"))
    #expect(typing("17<", into: 0) == (150, "1 so far: more digits make a number from 100 to 199"))
    #expect(typing("175<", into: 0) == (175, "17 so far: more digits make a number from 100 to 199"))
    #expect(typing("1<", into: 0) == (150, nil), "taking back the only digit typed changes nothing")
    #expect(typing("1<", into: 1) == (-5, nil))
    #expect(typing("1+", into: 0) == (151, nil), "a step goes from the value, and drops the digits")
    // The field shows what was typed, not a number nobody typed.
    var state = SpecForm.State()
    state.form.focus = .field(SpecForm.Field(index: 0))
    var view = FormViewState<SpecForm.Field>()
    view.follow(focus: state.form.focusedField)
    #expect(layout.actions(for: .digit(1), state: state, view: &view).isEmpty)
    let lines = layout.render(state, size: Size(columns: 80, rows: 24), theme: .color, view: &view).buffer.lines
    #expect(lines.contains { $0.hasSuffix("‹ 1… ›") }, "\(lines.joined(separator: "\n"))")
    // In a range of negative numbers only, with the minus sign the digits stand for.
    state.form.focus = .field(SpecForm.Field(index: 1))
    view = FormViewState<SpecForm.Field>()
    view.follow(focus: state.form.focusedField)
    #expect(layout.actions(for: .digit(1), state: state, view: &view).isEmpty)
    let negative = layout.render(state, size: Size(columns: 80, rows: 24), theme: .color, view: &view).buffer.lines
    #expect(negative.contains { $0.contains("‹ -1…") }, "\(negative.joined(separator: "\n"))")
    #expect(typing("1", into: 1) == (-5, "-1 so far: more digits make a number from -10 to -5"))
    #expect(typing("175", into: 0) == (175, nil))
    #expect(typing("1753", into: 0) == (175, "At most 199: Backspace takes a digit back"))
    #expect(typing("7", into: 1) == (-7, nil))
    #expect(typing("10", into: 1) == (-10, nil))
    #expect(typing("3", into: 1) == (-5, "From -10 to -5"))
    #expect(typing("11", into: 1) == (-5, "At least -10: Backspace takes a digit back"))
    #expect(typing("-35", into: 2) == (-35, nil))
    #expect(typing("35", into: 2) == (35, nil))
    #expect(typing("-51", into: 2) == (-5, "At least -50: Backspace takes a digit back"))
    #expect(typing("-35<", into: 2) == (-3, nil))
    #expect(typing("-35<<7", into: 2) == (-7, nil))
    #expect(typing("-35+7", into: 2) == (7, nil), "a step up types a number from zero up again")
    #expect(typing("-<", into: 2) == (0, nil))
    #expect(typing("0", into: 3) == (1, "From 1 to 20"))
    #expect(typing("15", into: 3) == (15, nil))
  }

  /// In a long multi-select, Enter while the filter is typed chooses the highlighted option and
  /// stays for more (Space is typing then); after it, Space chooses again.
  @Test func enterChoosesInAMultiSelectsFilterAndStays() throws {
    let options = (1...30).map { "\"City \($0)\"" }.joined(separator: ", ")
    SpecForm.install(try parse(#"{"fields": [{"key": "m", "kind": "multiselect", "rows": 5, "options": [\#(options)]}, {"key": "t"}]}"#))
    let layout = SpecForm.layout()
    var state = SpecForm.State()
    var view = FormViewState<SpecForm.Field>()
    view.follow(focus: state.form.focusedField)
    func press(_ command: FormCommand) {
      for action in layout.actions(for: command, state: state, view: &view) {
        switch action {
        case let .binding(binding): binding.apply(to: &state)
        case .form(.focusNext): state.form.focus = .field(SpecForm.Field(index: 1))
        default: break
        }
      }
    }
    for character in "city 12" { press(.edit(.character(character))) }
    press(.activate)
    #expect(state.lists[0].wrappedValue == ["City 12"])
    #expect(state.form.focusedField == SpecForm.Field(index: 0), "stays for more")
    press(.toggle)
    #expect(state.lists[0].wrappedValue == [], "Space chooses (and unchooses) again")
    press(.activate)
    #expect(state.form.focusedField == SpecForm.Field(index: 1), "Enter, not typing, moves on")
  }

  /// At its limit, Enter on another option while the filter is typed chooses nothing, says why,
  /// and stays.
  @Test func enterAtAMultiSelectsLimitSaysWhyAndStays() throws {
    let options = (1...30).map { "\"City \($0)\"" }.joined(separator: ", ")
    SpecForm.install(try parse(#"{"fields": [{"key": "m", "kind": "multiselect", "max": 1, "rows": 5, "options": [\#(options)]}, {"key": "t"}]}"#))
    let layout = SpecForm.layout()
    var state = SpecForm.State()
    state.lists[0].wrappedValue = ["City 1"]
    var view = FormViewState<SpecForm.Field>()
    view.follow(focus: state.form.focusedField)
    for character in "city 12" { _ = layout.actions(for: .edit(.character(character)), state: state, view: &view) }
    #expect(layout.actions(for: .activate, state: state, view: &view).isEmpty, "nothing chosen, focus stays")
    #expect(view.notice == "At most 1 can be chosen: unchoose one to choose another")
  }

  /// A list taller than the screen scrolls to keep its highlighted option in view, so Space
  /// never chooses an option nobody can see.
  @Test func aListTallerThanTheScreenFollowsItsHighlight() throws {
    let options = (1...12).map { "\"o\($0)\"" }.joined(separator: ", ")
    SpecForm.install(try parse(#"{"fields": [{"key": "m", "kind": "multiselect", "rows": 12, "options": [\#(options)]}]}"#))
    let layout = SpecForm.layout()
    let state = SpecForm.State()
    var view = FormViewState<SpecForm.Field>()
    view.follow(focus: state.form.focusedField)
    view.input.highlight = 10
    let frame = layout.render(state, size: Size(columns: 40, rows: 10), theme: .color, view: &view)
    let lines = frame.buffer.lines
    let focus = try #require(view.focusPosition, "\(lines)")
    #expect(lines[focus.row].contains("o11"), "\(lines)")
    view.input.highlight = 0
    let top = layout.render(state, size: Size(columns: 40, rows: 10), theme: .color, view: &view).buffer.lines
    #expect(top.contains { $0.contains("o1 ") || $0.hasSuffix("o1") }, "back up to the first: \(top)")
  }

  /// A text area taller than the screen scrolls to keep its cursor in view.
  @Test func aTextAreaTallerThanTheScreenFollowsItsCursor() throws {
    SpecForm.install(try parse(#"{"fields": [{"key": "t", "kind": "textarea", "rows": 12}]}"#))
    let layout = SpecForm.layout()
    var state = SpecForm.State()
    state.texts[0].wrappedValue = (1...12).map { "line \($0)" }.joined(separator: "\n")
    var view = FormViewState<SpecForm.Field>()
    let size = Size(columns: 40, rows: 10)
    _ = layout.render(state, size: size, theme: .color, view: &view)
    view.editor?.moveCursor(to: state.texts[0].wrappedValue.count)
    let frame = layout.render(state, size: size, theme: .color, view: &view)
    let cursor = try #require(frame.cursor, "\(frame.buffer.lines)")
    #expect(frame.buffer.lines[cursor.row].contains("line 12"), "\(frame.buffer.lines)")
  }

  /// Without `maxLength` a text holds 1,000 characters and a text area 10,000: the control
  /// cuts a paste there, and the rule (what `--no-input` checks) refuses more.
  @Test func aTextsLengthLimitIsOneFactForItsRuleAndItsControl() throws {
    let spec = try parse("""
      {"fields": [
        {"key": "text", "kind": "text"}, {"key": "secret", "kind": "secret"},
        {"key": "area", "kind": "textarea"}, {"key": "short", "kind": "text", "maxLength": 5}
      ]}
      """)
    #expect(spec.fields.map(\.lengthLimit) == [1_000, 1_000, 10_000, 5])
    let long = String(repeating: "x", count: 1_001)
    #expect(FormSpec.error(of: spec.fields[0], value: .text(String(long.dropLast()))) == nil)
    #expect(FormSpec.error(of: spec.fields[0], value: .text(long)) == "At most 1000 characters")
    #expect(FormSpec.error(of: spec.fields[1], value: .text(long)) == "At most 1000 characters")
    #expect(FormSpec.error(of: spec.fields[2], value: .text(long)) == nil)
    #expect(FormSpec.error(of: spec.fields[3], value: .text("Ada L")) == nil)

    SpecForm.install(spec)
    let layout = SpecForm.layout()
    var state = SpecForm.State()
    var view = FormViewState<SpecForm.Field>()
    for (index, limit) in [(0, 1_000), (1, 1_000), (3, 5)] {
      state.form.focus = .field(SpecForm.Field(index: index))
      #expect(
        layout.actions(for: .edit(.paste(long)), state: state, view: &view)
          == [.set(\.texts[index], String(long.prefix(limit)))], "field \(index)")
    }
  }

  // MARK: - The form a spec makes

  @Test func theFormTakesItsDefaultsSkipsTheNoteAndValidatesEveryRuleOnSubmit() async throws {
    SpecForm.install(try parse(Self.everyKind))
    let store = TestStore(initialState: SpecForm.State()) { SpecForm() }
    #expect(store.state.form.focus == .field(SpecForm.Field(index: 1)))
    await store.send(.form(.submitTapped)) {
      $0.form.validated = Set((1...7).map(SpecForm.Field.init))
      $0.form.errors = [
        SpecForm.Field(index: 1): "Required", SpecForm.Field(index: 4): "Please answer Yes",
        SpecForm.Field(index: 6): "Choose at least one",
      ]
    }
    await store.send(.set(\.texts[1], "Ada")) {
      $0.texts[1].wrappedValue = "Ada"
      $0.form.hasEdits = true
      $0.form.errors[SpecForm.Field(index: 1)] = nil
    }
    #expect(store.state.values.map(\.key) == ["name", "pin", "news", "sure", "size", "tags", "count"])
    #expect(store.state.values.first?.value == .text("Ada"))
  }

  @Test func theFormDrawsEveryKindLikeTheBuiltInForms() throws {
    SpecForm.install(try parse(Self.everyKind))
    var view = FormViewState<SpecForm.Field>()
    let lines = SpecForm.layout().render(
      SpecForm.State(), size: Size(columns: 60, rows: 26), theme: .color, view: &view
    ).buffer.lines
    #expect(lines[0] == " Every kind")
    #expect(lines[3] == "   Hello  Fill this in.")
    #expect(lines[4] == " › Name")
    #expect(lines[6] == "   News   [x] On")
    #expect(lines[7] == "   Sure?  [ Yes ]  [ No ]")
    #expect(lines[9] == "          (•) M")
    #expect(lines[11] == "   Tags   [ ] a")
    #expect(lines[14] == "   Count  3")
    #expect(lines[15] == "          How many")
    #expect(lines[17] == "          [ Send ]  [ Cancel ]")
  }
}
