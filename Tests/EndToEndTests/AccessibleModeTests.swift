import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension EndToEnd {
  /// The accessible line mode: every form as plain questions, answered from a pipe or typed on
  /// a terminal that cannot move the cursor.
  @Suite struct AccessibleMode {
    func writeSpec(_ text: String, in session: TmuxSession) throws -> String {
      let url = session.folder.appendingPathComponent("spec.json")
      try Data(text.utf8).write(to: url)
      return url.path
    }

    static let pagedSpec = """
      {"title": "Sign up", "pages": [
        {"title": "Who", "fields": [
          {"key": "name", "kind": "text", "label": "Name", "required": true},
          {"key": "pin", "kind": "secret", "label": "PIN", "pattern": "[0-9]{4}"}
        ]},
        {"title": "What", "fields": [
          {"kind": "note", "label": "Topics", "text": "Pick two."},
          {"key": "topics", "kind": "multiselect", "label": "Topics", "options": ["Swift", "Go", "Rust"], "min": 2},
          {"key": "sure", "kind": "confirm", "label": "Sure?"}
        ]}
      ]}
      """

    @Test func aSpecFormAnsweredThroughAPipePrintsItsJSON() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let spec = try writeSpec(Self.pagedSpec, in: session)
      let result = try session.runDirectly(
        ["form", spec, "--accessible"], input: "Ada\n1234\n1,3\ny\n")
      #expect(result.status == 0, "\(result)")
      let values = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
      #expect(values["name"] as? String == "Ada")
      #expect(values["pin"] as? String == "1234")
      #expect(values["topics"] as? [String] == ["Swift", "Rust"])
      #expect(values["sure"] as? Bool == true)
      let transcript = result.stderr
      #expect(transcript.contains("Page 1 of 2: Who\nName: \nPIN: \n"), "\(result)")
      #expect(transcript.contains("Page 2 of 2: What\nTopics:\n  Pick two.\n"), "\(result)")
      #expect(!transcript.contains("1234"), "a secret is never written back")
    }

    /// Piped answers were written for the questions in order: a refused one ends the form
    /// (exit 1, nothing printed) instead of being asked again with the next line, which would
    /// shift every later answer into the wrong field.
    @Test func aRefusedAnswerFromAPipeEndsTheFormInsteadOfShiftingTheRest() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let spec = try writeSpec(
        #"{"fields": [{"key": "name", "kind": "text", "required": true, "maxLength": 12}, {"key": "city", "kind": "text", "required": true}, {"key": "note", "kind": "text"}]}"#,
        in: session)
      let result = try session.runDirectly(
        ["form", spec, "--accessible"], input: "Bartholomew Smith\nParis\nLeave at the door\n\n")
      #expect(result.status == 1, "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
      #expect(
        result.stderr.contains(
          "  Error: At most 12 characters\n"
            + "The answers come from a file or a pipe, so a refused one ends the form without submitting it.\n"),
        "\(result)")
      #expect(result.stderr.components(separatedBy: "City").count == 1, "city is never asked: \(result)")
      #expect(!result.stderr.contains("the input ended"), "\(result)")
    }

    @Test func theSettingsFormWithACCESSIBLEIsSavedFromAnswers() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let result = try session.runDirectly(
        [], input: "weekly\nBlob\n\ny\n", environment: ["ACCESSIBLE": "1"])
      #expect(result.status == 0, "\(result)")
      #expect(result.stderr.contains("  1) Daily (chosen)\n  2) Weekly\n  3) Off\n"), "\(result)")
      #expect(result.stderr.contains("Notifications (y or n) [Off]: \n"), "\(result)")
      #expect(!result.stderr.contains("Email notifications ("), "disabled while notifications are off")
      #expect(
        result.stderr.contains("Not asked with these answers: Email notifications, Mobile notifications.\n"),
        "a listener hears that they exist: \(result)")
      let saved = try String(contentsOf: session.settingsFile, encoding: .utf8)
      #expect(saved.contains("\"digest\" : \"weekly\""), "\(saved)")
      #expect(saved.contains("\"displayName\" : \"Blob\""), "\(saved)")
      #expect(saved.contains("\"protectMyPosts\" : true"), "\(saved)")
    }

    /// `ACCESSIBLE` set to a no (`0`, `false`, `no`, `off`, any case) leaves line mode off;
    /// any other value turns it on, as huh's does.
    @Test func accessibleSetToANoLeavesLineModeOff() throws {
      let session = try TmuxSession()
      defer { session.close() }
      for value in ["0", "false", "No", "off", "n", "  "] {
        let result = try session.runDirectly(["client"], input: "Ada\n", environment: ["ACCESSIBLE": value])
        #expect(result.status == 2, "\(value): \(result)")
        #expect(result.stderr.contains("a form needs an interactive terminal"), "\(value): \(result)")
      }
      for value in ["1", "yes", "true"] {
        let result = try session.runDirectly(["client"], input: "", environment: ["ACCESSIBLE": value])
        #expect(result.stderr.hasPrefix("New client\n"), "\(value): \(result)")
      }
    }

    /// No desktop notification service here: Notifications cannot be turned on. From a pipe,
    /// the refusal ends the form; the "n" after it, meant for the next question, is not taken
    /// as this one's answer.
    @Test func aRefusedAnswerIsNotPassedOver() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let result = try session.runDirectly(
        ["--accessible", "--json"], input: "\nBlob\ny\nn\ny\n", environment: [:])
      #expect(result.status == 1, "\(result)")
      let asked = result.stderr.components(separatedBy: "Notifications (y or n)").count - 1
      #expect(asked == 1, "\(result)")
      #expect(result.stderr.contains("a refused one ends the form without submitting it"), "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
      #expect(!FileManager.default.fileExists(atPath: session.settingsFile.path), "nothing saved")
    }

    @Test func aTakenEmailIsRefusedAndEndsAPipedForm() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let first = try session.runDirectly(
        ["client", "--no-input", "--set", "name=Ada", "--set", "email=ada@example.com", "--set", "age=36"])
      #expect(first.status == 0, "\(first)")
      let result = try session.runDirectly(
        ["client", "--accessible", "--json"], input: "Grace\nada@example.com\ngrace@example.com\n40\n")
      #expect(result.status == 1, "\(result)")
      #expect(result.stderr.contains("  Error: A client with this email already exists\n"), "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
    }

    /// An answer that is not UTF-8 (Latin-1 `é` from an old script) ends the form, with a
    /// word why, instead of being saved with U+FFFD in place of its bytes.
    @Test func anAnswerThatIsNotUTF8EndsTheFormAndChangesNothing() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let spec = try writeSpec(#"{"fields": [{"key": "t", "kind": "text"}, {"key": "u", "kind": "text"}]}"#, in: session)
      let shell = try #require(which("sh"))
      let result = try run(
        shell, ["-c", #"printf 'caf\351\nok\n' | "$0" form "$1" --accessible"#, session.binary, spec],
        environment: session.environment)
      #expect(result.status == 1, "\(result)")
      #expect(result.stderr.contains("settings-tui: the answer is not UTF-8 text, so the form ends here; nothing was saved"), "\(result)")
      #expect(!result.stderr.contains("the input ended"), "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
      let crlf = try run(
        shell, ["-c", #"printf 'caf\303\251\r\nok\r\n' | "$0" form "$1" --accessible"#, session.binary, spec],
        environment: session.environment)
      #expect(crlf.status == 0, "\(crlf)")
      #expect(crlf.stdout.contains(#""t" : "café""#), "\(crlf)")
      #expect(crlf.stdout.contains(#""u" : "ok""#), "\(crlf)")
    }

    /// Line mode reads no further than each answer: a script piping answers into two forms in
    /// turn, then reading on itself, finds the rest of its input there (from a pipe, which
    /// cannot be put back, and from a file).
    @Test func answersFromAPipeOrAFileAreLeftForWhatReadsNext() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let spec = try writeSpec(#"{"fields": [{"key": "t", "kind": "text"}]}"#, in: session)
      let shell = try #require(which("sh"))
      let script = #"{ "$0" form "$1" --accessible; "$0" form "$1" --accessible; read rest; echo "rest=$rest"; }"#
      let answers = session.folder.appendingPathComponent("answers.txt").path
      try Data("first\nsecond\nthird\n".utf8).write(to: URL(fileURLWithPath: answers))
      for (how, command) in [("a pipe", #"cat "$2" | "# + script), ("a file", script + #" < "$2""#)] {
        let result = try run(shell, ["-c", command, session.binary, spec, answers], environment: session.environment)
        #expect(result.status == 0, "\(how): \(result)")
        #expect(result.stdout.contains(#""t" : "first""#), "\(how): \(result)")
        #expect(result.stdout.contains(#""t" : "second""#), "\(how): \(result)")
        #expect(result.stdout.contains("rest=third"), "\(how): \(result)")
      }
    }

    @Test func theEndOfTheInputCancelsWithExit1() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let result = try session.runDirectly(["client", "--accessible"], input: "Grace\n")
      #expect(result.status == 1, "\(result)")
      #expect(result.stderr.contains("settings-tui: the input ended before the form was submitted"), "\(result)")
      #expect(result.stdout.isEmpty)
    }

    @Test func aDumbTerminalAsksLineByLineAndHidesASecret() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      let spec = try writeSpec(Self.pagedSpec, in: session)
      try session.start(["form", spec], environment: ["TERM": "dumb"])
      try await session.waitFor(text: "Name:")
      try session.type("Ada")
      try session.press("Enter")
      try await session.waitFor(text: "PIN:")
      try session.type("4321")
      try session.press("Enter")
      var screen = try await session.waitFor(text: "Topics (numbers")
      #expect(!screen.contains("4321"), "the secret is not echoed: \(screen)")
      try session.type("2,3")
      try session.press("Enter")
      try await session.waitFor(text: "Sure? (y or n)")
      try session.type("n")
      try session.press("Enter")
      #expect(try await session.waitForExit() == 0)
      screen = try await session.waitFor(text: "Sure?")
      let values = try #require(
        try JSONSerialization.jsonObject(with: Data(session.stdout.utf8)) as? [String: Any], "\(screen)")
      #expect(values["pin"] as? String == "4321")
      #expect(values["topics"] as? [String] == ["Go", "Rust"])
      let terminal = try session.terminalState()
      #expect(terminal.isRestored, "echo is back on: \(terminal)")
    }

    /// In the C locale the questions are ASCII, letters with accents in their plain spelling
    /// (as the screen draws them), while the values keep theirs.
    @Test func inTheCLocaleQuestionsAreWrittenInPlainLetters() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let spec = try writeSpec(
        #"{"fields": [{"key": "city", "kind": "select", "options": ["São Paulo", "Łódź", "Zürich"]}, "#
          + #"{"key": "name", "label": "Név", "default": "Ünïcode"}]}"#,
        in: session)
      let result = try session.runDirectly(
        ["form", spec, "--accessible"], input: "lodz\n\n", environment: ["LANG": "C", "LC_ALL": "C"])
      #expect(result.status == 0, "\(result)")
      #expect(result.stderr.contains("2) Lodz"), "\(result)")
      #expect(result.stderr.contains("Nev [Unicode]: "), "\(result)")
      #expect(result.stderr.utf8.allSatisfy { $0 < 0x80 }, "\(result)")
      let values = try parseJSONObject(result.stdout)
      #expect(values["city"] as? String == "Łódź")
      #expect(values["name"] as? String == "Ünïcode")
    }

    /// A terminal line holds 4,095 bytes: the rest of a longer paste is dropped by the kernel,
    /// so such an answer is not taken as it stands (it was saved cut, with exit 0).
    @Test func anAnswerTheTerminalMayHaveCutIsAskedAgain() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      let spec = try writeSpec(
        #"{"fields": [{"key": "name", "label": "Name"}, {"key": "bio", "kind": "textarea", "label": "Bio"}]}"#,
        in: session)
      try session.start(["form", spec, "--accessible"])
      try await session.waitFor(text: "Name")
      try session.type("Ada")
      try session.press("Enter")
      try await session.waitFor(text: "Bio")
      try session.type(String(repeating: "abcdefghij", count: 500))
      try session.press("Enter")
      let screen = try await session.waitFor(text: "Error: a terminal line holds at most 4095 bytes")
      // NB: The question alone, not the questions before it on one line ("Name: Bio …").
      #expect(screen.lines.last { !$0.isEmpty }?.hasPrefix("Bio") == true, "asked again: \(screen)")
      try session.type("Short")
      try session.press("Enter")
      #expect(try await session.waitForExit() == 0)
      let values = try parseJSONObject(session.stdout)
      #expect(values["bio"] as? String == "Short")
    }

    /// `form -` takes the spec from standard input, which it uses up: line mode asks on the
    /// terminal and reads the answers there; with no terminal, it says what to do instead.
    @Test func aSpecFromStandardInputIsAnsweredOnTheTerminal() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      let spec = try writeSpec(#"{"fields": [{"key": "name", "kind": "text", "label": "Name"}]}"#, in: session)
      try await session.startShell(running: #"cat '\#(spec)' | "$BIN" form - --accessible > "$DIR/out.json""#)
      try await session.waitFor(text: "Name:")
      try session.type("Ada")
      try session.press("Enter")
      try await session.waitFor(text: "exit=0")
      let output = try String(contentsOf: session.folder.appendingPathComponent("out.json"), encoding: .utf8)
      #expect(output.contains(#""name":"Ada""#) || output.contains(#""name" : "Ada""#), "\(output)")

      let detached = try run(
        "/usr/bin/setsid", ["-w", session.binary, "form", "-", "--accessible"],
        environment: session.environment, input: try String(contentsOfFile: spec, encoding: .utf8))
      #expect(detached.status == 2, "\(detached)")
      #expect(detached.stderr.contains("give the spec as a file"), "\(detached)")
      // Drawn, with no terminal either: the same advice, not "pass --accessible".
      let drawn = try run(
        "/usr/bin/setsid", ["-w", session.binary, "form", "-"],
        environment: session.environment, input: try String(contentsOfFile: spec, encoding: .utf8))
      #expect(drawn.status == 2, "\(drawn)")
      #expect(drawn.stderr.contains("give the spec as a file") && !drawn.stderr.contains("--accessible"), "\(drawn)")
    }

    /// Ctrl-D at a question ends the form; why it ended starts a line of its own, not the
    /// question's.
    @Test func ctrlDAtAQuestionSaysSoOnALineOfItsOwn() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      let spec = try writeSpec(Self.pagedSpec, in: session)
      try await session.startShell(running: #""$BIN" form '\#(spec)' --accessible"#)
      try await session.waitFor(text: "Name:")
      try session.press("C-d")
      let screen = try await session.waitFor(text: "exit=1")
      #expect(
        screen.lines.contains { $0.hasPrefix("settings-tui: the input ended before the form was submitted") },
        "\(screen)")
    }

    @Test func ctrlCWhileASecretIsTypedLeavesEchoOn() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      _ = try writeSpec(Self.pagedSpec, in: session)
      // NB: In a shell with job control, as a person runs it: Ctrl-C reaches the program alone.
      try await session.startShell(running: #""$BIN" form spec.json --accessible"#)
      try await session.waitFor(text: "Name:")
      try session.type("Ada")
      try session.press("Enter")
      try await session.waitFor(text: "PIN:")
      try session.type("12")
      try session.press("C-c")
      // NB: bash drops the rest of the command line (the `echo`) after a Ctrl-C; ask for $? again.
      try await session.waitFor("the shell's prompt") { $0.lines.contains("$") }
      try session.type(#"echo "code=$?""#)
      try session.press("Enter")
      try await session.waitFor(text: "code=130")
      // NB: "MODE:" and "echo" only meet in stty's answer, never in the typed command line.
      try session.type("stty -a | tr ' ' '\\n' | grep -x -e echo -e -echo | sed s/^/MODE:/")
      try session.press("Enter")
      let modes = try await session.waitFor("stty's answer") { $0.contains("MODE:echo") || $0.contains("MODE:-echo") }
      #expect(modes.contains("MODE:echo"), "echo is back on\n\(modes)")
    }

    @Test func aTerminationWhileASecretIsTypedLeavesEchoOn() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      let spec = try writeSpec(Self.pagedSpec, in: session)
      try session.start(["form", spec, "--accessible"])
      try await session.waitFor(text: "Name:")
      try session.type("Ada")
      try session.press("Enter")
      try await session.waitFor(text: "PIN:")
      try await Task.sleep(for: .milliseconds(100))
      kill(try await session.programPID(), SIGTERM)
      #expect(try await session.waitForExit() == 128 + SIGTERM)
      let terminal = try session.terminalState()
      #expect(terminal.saneModes, "echo is back on: \(terminal)")
    }

    /// What was typed of a secret is dropped when a signal ends the form: left queued, the
    /// shell took it as the start of its next command line, in plain sight.
    @Test func aTerminationWhileASecretIsTypedLeavesNothingOfItForTheShell() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      _ = try writeSpec(Self.pagedSpec, in: session)
      try await session.startShell(running: #""$BIN" form spec.json --accessible"#)
      try await session.waitFor(text: "Name:")
      try session.type("Ada")
      try session.press("Enter")
      try await session.waitFor(text: "PIN:")
      try session.type("12")
      try await Task.sleep(for: .milliseconds(200))
      let killed = try run("/usr/bin/pkill", ["-TERM", "-f", "\(session.binary) form"], environment: [:])
      #expect(killed.status == 0, "\(killed)")
      try await session.waitFor(text: "exit=143")
      try session.type(#"echo "next=$?""#)
      try session.press("Enter")
      let screen = try await session.waitFor("the echo's answer") { $0.contains("next=") || $0.contains("not found") }
      #expect(screen.contains("next=0"), "\(screen)")
      #expect(!screen.contains("12echo"), "\(screen)")
    }
  
    /// Ctrl-Z drops what was typed of an answer, and the shell turns echo back on while the
    /// form is stopped: after `fg` the question is asked again, a secret still unseen, and the
    /// answer is the one typed after it, not its tail.
    @Test func controlZAndFgAskTheQuestionAgainWithASecretStillHidden() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      _ = try writeSpec(
        #"{"title": "Sign in", "fields": [{"key": "name", "label": "Name"}, {"key": "pw", "kind": "secret", "label": "Password"}]}"#,
        in: session)
      try session.startShell()
      try await session.waitFor("the shell's prompt") { $0.lines.first == "$" }
      try session.type(#""$BIN" form spec.json --accessible > out.json"#)
      try session.press("Enter")
      try await session.waitFor(text: "Name:")
      try session.type("Ada")
      try session.press("Enter")
      try await session.waitFor(text: "Password:")
      try session.type("hun")
      try session.press("C-z")
      try await session.waitFor("the shell to report the stopped job") { $0.contains("Stopped") }
      try session.type("fg")
      try session.press("Enter")
      try await session.waitFor("the question asked again") { screen in
        screen.lines.last { !$0.isEmpty } == "Password:"
          && screen.lines.filter { $0.hasPrefix("Password:") }.count == 2
      }
      try session.type("hunter2")
      try session.press("Enter")
      try await session.waitFor("the shell's prompt after the form") { $0.lines.last { !$0.isEmpty } == "$" }
      try session.type(#"echo "exit=$?""#)
      try session.press("Enter")
      let screen = try await session.waitFor(text: "exit=0")
      #expect(!screen.contains("ter2"), "the secret was echoed after fg\n\(screen)")
      let output = try Data(contentsOf: session.folder.appendingPathComponent("out.json"))
      let values = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
      #expect(values["pw"] as? String == "hunter2", "\(values)")
      #expect(values["name"] as? String == "Ada", "\(values)")
    }
  }
}
