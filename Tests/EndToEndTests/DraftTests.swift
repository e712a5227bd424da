import Foundation
import Testing

extension EndToEnd {
  /// Nothing typed is lost: a form cut off by kill -9 or SIGTERM leaves a draft that the next
  /// start offers to restore; a submit or an explicit cancel removes it.
  @Suite struct DraftTests {
    func draftFile(_ session: TmuxSession, _ name: String) -> URL {
      session.home.appendingPathComponent(".local/state/settings-tui/drafts/\(name).json")
    }

    /// The client draft an add-client run cut off would have left ("Ada", "ada@exa"); its file.
    static let clientDraft = #"{"savedAt":1795500000,"value":{"name":"Ada","email":"ada@exa","age":18}}"#
    func writeClientDraft(_ session: TmuxSession) throws -> URL {
      let file = draftFile(session, "client")
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(Self.clientDraft.utf8).write(to: file)
      return file
    }

    @Test func aFormKilledWithKill9IsOfferedBackAndRestored() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await session.startShell(running: #""$BIN" client"#)
      try await session.waitForFocus(on: "Name")
      try session.type("Ada")
      try session.press("Tab")
      try session.type("ada@exa")
      try await session.waitFor(text: " › Email  ada@exa")
      try await Task.sleep(for: .milliseconds(800))  // the draft is written 300 ms after a change
      let killed = try run("/usr/bin/pkill", ["-KILL", "-f", "\(session.binary) client"], environment: [:])
      #expect(killed.status == 0, "\(killed)")
      try await session.waitFor(text: "exit=137")
      let draft = try String(contentsOf: draftFile(session, "client"), encoding: .utf8)
      #expect(draft.contains("ada@exa"), "\(draft)")

      try session.runInShell(#"clear; "$BIN" client"#)
      let question = try await session.waitFor(text: "restore the client you were adding at")
      // NB: The time's format puts U+202F before AM/PM; a C locale's terminal would show garbage.
      #expect(
        question.lines.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII || !$0.properties.isWhitespace } },
        "\(question)")
      try session.type("y")
      try session.press("Enter")
      let restored = try await session.waitFor(text: "ada@exa")
      #expect(restored.contains("Name   Ada"), "\(restored)")
      try await session.discardChanges()
      try await session.waitFor(text: "exit=1")
      #expect(!FileManager.default.fileExists(atPath: draftFile(session, "client").path), "Esc removes it")

      try session.runInShell(#"clear; "$BIN" client"#)
      let fresh = try await session.waitForFocus(on: "Name")
      #expect(!fresh.contains("restore"), "no draft, no question")
      try session.press("Escape")
      try await session.waitFor(text: "exit=1")
    }

    @Test func aRestoredDraftKeepsWhatAnotherProgramSavedMeanwhile() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.writeSettings(#"{"displayName": "Blob"}"# + "\n")
      try await session.startShell(running: #""$BIN""#)
      try await session.waitForFocus(on: "Digest")
      try session.press("BTab", "BTab", "BTab")
      try await session.waitForFocus(on: "Protect my posts")
      try session.press("Space")
      try await session.waitFor(text: " › Protect my posts      [x] On")
      try await Task.sleep(for: .milliseconds(800))  // the draft is written 300 ms after a change
      _ = try run("/usr/bin/pkill", ["-KILL", "-f", "\(session.binary)$"], environment: [:])
      try await session.waitFor(text: "exit=137")

      // Another program saves a new digest and display name before the form is taken up again.
      let other = try session.runDirectly(["--no-input", "--set", "digest=off", "--set", "displayName=Lin"])
      #expect(other.status == 0, "\(other)")
      try session.runInShell(#"clear; "$BIN""#)
      let question = try await session.waitFor(text: "restore the settings you were editing at")
      #expect(!question.contains("saved again since"), "no field of the draft was saved again: \(question)")
      try session.type("y")
      try session.press("Enter")
      let restored = try await session.waitForFocus(on: "Digest")
      #expect(restored.contains("Lin") && restored.contains("[x] On"), "\(restored)")
      try session.press("BTab")
      try await session.waitForButton("Cancel")
      try session.press("BTab")
      try await session.waitForButton("Save")
      try session.press("Enter")
      try await session.waitFor(text: "exit=0")
      let text = try String(contentsOf: session.settingsFile, encoding: .utf8)
      #expect(
        try SavedSettings.parse(text)
          == SavedSettings(digest: "off", displayName: "Lin", protectMyPosts: true))
    }

    /// A draft that changes a field another program saved again since says so in its question:
    /// taking it up puts the draft's value back over that save.
    @Test func aDraftThatUndoesALaterSaveSaysSo() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.writeSettings(#"{"displayName": "Blob"}"# + "\n")
      try await session.startShell(running: #""$BIN""#)
      try await session.waitForFocus(on: "Digest")
      try session.press("Tab")
      try session.type("Draft")
      try await session.waitFor(text: "BlobDraft")
      try await Task.sleep(for: .milliseconds(800))  // the draft is written 300 ms after a change
      _ = try run("/usr/bin/pkill", ["-KILL", "-f", "\(session.binary)$"], environment: [:])
      try await session.waitFor(text: "exit=137")
      let other = try session.runDirectly(["--no-input", "--set", "displayName=Other"])
      #expect(other.status == 0, "\(other)")
      try session.runInShell(#"clear; "$BIN""#)
      let question = try await session.waitFor(text: "restore the settings you were editing at")
      #expect(
        question.lines.joined().contains("(it changes values saved again since it was written, back to yours)?"),
        "\(question)")
      try session.type("n")
      try session.press("Enter")
      try await session.waitForFocus(on: "Digest")
      try session.press("Escape")
      try await session.waitFor(text: "exit=1")
    }

    /// Ada, 36, saved; her edit (age 37) cut off by kill -9, in the shell the session runs.
    func leaveADraftOfAnEdit(_ session: TmuxSession) async throws {
      try ClientFormTests.seedClient(session, name: "Ada", email: "ada@example.com", age: 36)
      try await session.startShell(running: #""$BIN" clients edit ada@example.com"#)
      try await session.waitForFocus(on: "Name")
      try session.press("Tab", "Tab")
      try session.press("Right")
      try await session.waitFor(text: " › Age    ‹ 37 ›")
      try await Task.sleep(for: .milliseconds(800))  // the draft is written 300 ms after a change
      _ = try run("/usr/bin/pkill", ["-KILL", "-f", "\(session.binary) clients edit"], environment: [:])
      try await session.waitFor(text: "exit=137")
    }

    @Test func changesToASavedClientCutOffByKill9AreOfferedBackOverWhatWasSavedSince() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await leaveADraftOfAnEdit(session)

      // Another program renames the client before the edit is taken up again.
      let other = try session.runDirectly(["clients", "edit", "ada@example.com", "--no-input", "--set", "name=Ada King"])
      #expect(other.status == 0, "\(other)")
      #expect(
        other.stderr.contains("; run settings-tui clients edit ada@example.com in a terminal to take it up"),
        "the command that offers this draft: \(other)")
      // And gives her another email: the draft is hers, found under the new one.
      let moved = try session.runDirectly(["clients", "edit", "ada@example.com", "--no-input", "--set", "email=ada.king@example.com"])
      #expect(moved.status == 0, "\(moved)")
      #expect(
        moved.stderr.contains("; run settings-tui clients edit ada.king@example.com in a terminal to take it up"),
        "the command that offers the draft now: \(moved)")
      try session.runInShell(#"clear; "$BIN" clients edit ada.king@example.com"#)
      try await session.waitFor(text: "restore your changes to the client ada.king@example.com at")
      try session.type("y")
      try session.press("Enter")
      let restored = try await session.waitForFocus(on: "Name")
      #expect(restored.contains("Ada King") && restored.contains("Age    37"), "\(restored)")
      try session.press("Tab", "Tab", "Enter")
      try await session.waitFor(text: "exit=0")
      #expect(try ClientFormTests.savedClients(session) == [SavedClient(name: "Ada King", email: "ada.king@example.com", age: 37)])
      let drafts = draftFile(session, "any").deletingLastPathComponent()
      #expect(try FileManager.default.contentsOfDirectory(atPath: drafts.path) == [], "a save removes the draft")
    }

    /// Removing a client takes the drafts of its edits with it: no command would offer them
    /// any more (`clients edit` finds no such client), and they stayed for good.
    @Test func removingAClientRemovesTheDraftOfItsEdit() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await leaveADraftOfAnEdit(session)
      let drafts = draftFile(session, "any").deletingLastPathComponent()
      #expect(try FileManager.default.contentsOfDirectory(atPath: drafts.path).contains { $0.hasPrefix("client-edit-") })

      let removed = try session.runDirectly(["clients", "remove", "ada@example.com", "--yes"])
      #expect(removed.status == 0, "\(removed)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: drafts.path) == [], "the draft went with the client")
      #expect(
        removed.stderr.contains("the unsaved edit of ada@example.com kept from an interrupted run was discarded"),
        "the loss is said: \(removed)")
    }

    @Test func hangUpsThatKeepComingWhileTheFormEndsDoNotCutOffTheDraft() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await session.startShell(running: #""$BIN""#)
      try await session.waitForFocus(on: "Digest")
      try session.press("Tab")
      try session.type("Hup")
      try await session.waitFor(text: "Hup")
      // NB: Within the 300 ms before the draft is written on its own: only the write on the
      //     way out keeps it. A shell that hangs up sends SIGHUP again; here they keep coming.
      let found = try run("/usr/bin/pgrep", ["-f", "\(session.binary)$"], environment: [:])
      let pid = found.stdout.split(separator: "\n").first.map(String.init) ?? ""
      #expect(Int(pid) != nil, "\(found)")
      _ = try run(
        "/bin/sh", ["-c", "for i in $(seq 200); do kill -HUP \(pid) 2>/dev/null || break; sleep 0.001; done"],
        environment: ["PATH": "/usr/bin:/bin"])
      try await session.waitFor(text: "exit=129")
      let draft = try String(contentsOf: draftFile(session, "settings"), encoding: .utf8)
      #expect(draft.contains("Hup"), "\(draft)")
    }

    @Test func withNoTerminalToAskOnTheDraftIsKeptNotThrownAway() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      let file = try writeClientDraft(session)

      // A script answers in line mode, without a controlling terminal (setsid): nobody can be
      // asked about the draft, so it stays for a run that can ask.
      let result = try run(
        "/usr/bin/setsid", ["-w", session.binary, "client", "--accessible"],
        environment: session.environment, input: "Lin\nlin@example.com\n30\n")
      #expect(result.status == 0, "\(result)")
      #expect(
        result.stderr.contains("a draft from an earlier run is kept at \(file.path); run settings-tui client in a terminal"),
        "\(result)")
      #expect(try String(contentsOf: file, encoding: .utf8) == Self.clientDraft)
      #expect(try ClientFormTests.savedClients(session).map(\.email) == ["lin@example.com"])

      // --no-input keeps it too, and says so.
      let script = try session.runDirectly([
        "client", "--no-input", "--set", "name=Kim", "--set", "email=kim@example.com", "--set", "age=40",
      ])
      #expect(script.status == 0, "\(script)")
      #expect(script.stderr.contains("a draft from an earlier run is kept at \(file.path)"), "\(script)")
      #expect(try String(contentsOf: file, encoding: .utf8) == Self.clientDraft)
    }

    /// A draft taken up where curses cannot drive the terminal (a TERM this machine has no
    /// terminfo for, as over ssh) stays for a run that can show the form.
    @Test func aDraftTakenUpWhereTheFormCannotStartIsKept() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      // NB: Without a draft, --set values nobody typed make none.
      try await session.startShell(running: #"TERM=xterm-nosuch "$BIN" client --set name=Bob"#)
      try await session.waitFor(text: "exit=2")
      #expect(!FileManager.default.fileExists(atPath: draftFile(session, "client").path))

      let file = try writeClientDraft(session)
      try session.runInShell(#"clear; TERM=xterm-nosuch "$BIN" client"#)
      try await session.waitFor(text: "restore the client you were adding at")
      try session.type("y")
      try session.press("Enter")
      let screen = try await session.waitFor(text: "exit=2")
      #expect(screen.contains(#"curses cannot drive the terminal type "xterm-nosuch""#), "\(screen)")
      let kept = try String(contentsOf: file, encoding: .utf8)
      #expect(kept.contains("ada@exa"), "\(kept)")

      try session.runInShell(#"clear; "$BIN" client"#)
      try await session.waitFor(text: "restore the client you were adding at")
      try session.type("y")
      try session.press("Enter")
      try await session.waitFor(text: "ada@exa")
      try await session.discardChanges()
      try await session.waitFor(text: "exit=1")
    }

    /// `--set` values go over a restored draft's: the question names the fields they give, so
    /// "yes" does not quietly restore less than the draft holds.
    @Test func theDraftQuestionNamesTheFieldsSetGives() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      _ = try writeClientDraft(session)
      try await session.startShell(running: #""$BIN" client --set name=Grace --set Age=40 --set name=Grace"#)
      let question = try await session.waitFor(text: "restore the client you were adding at")
      // NB: Rows joined: the question wraps at 80 columns.
      #expect(question.lines.joined().contains(", with name and Age from --set? [Y/n]"), "\(question)")
      try session.type("y")
      try session.press("Enter")
      let restored = try await session.waitFor(text: "ada@exa")
      #expect(restored.contains("Name   Grace"), "\(restored)")
      #expect(restored.contains("Age    40"), "\(restored)")
      try await session.discardChanges()
      try await session.waitFor(text: "exit=1")
    }

    /// A mistyped `--set` is said before anything is asked: the question about a draft came
    /// first, then the mistake, and the answer was for nothing.
    @Test func aMistypedSetIsSaidBeforeTheDraftIsOffered() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      let file = try writeClientDraft(session)
      try await session.startShell(running: #""$BIN" client --set age=abc"#)
      let screen = try await session.waitFor(text: "exit=2")
      #expect(screen.contains("--set age=abc: expected a whole number"), "\(screen)")
      #expect(!screen.contains("restore"), "\(screen)")
      #expect(try String(contentsOf: file, encoding: .utf8) == Self.clientDraft)
    }

    @Test func anAnswerThatIsNeitherYesNorNoAsksAgain() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      let file = try writeClientDraft(session)
      try await session.startShell(running: #""$BIN" client"#)
      try await session.waitFor(text: "restore the client you were adding at")
      // A typo, then Esc (the terminal echoes it as ^[): neither is taken for an answer.
      try session.type("nope")
      try session.press("Enter")
      try await session.waitFor("one reminder") { $0.lines.filter { $0.contains("please answer y or n") }.count == 1 }
      try session.press("Escape")
      try session.press("Enter")
      try await session.waitFor("two reminders") { $0.lines.filter { $0.contains("please answer y or n") }.count == 2 }
      #expect(FileManager.default.fileExists(atPath: file.path), "nothing answered yet")
      try session.type("n")
      try session.press("Enter")
      let screen = try await session.waitForFocus(on: "Name")
      #expect(screen.focused == "Name   e.g. Ada Lovelace", "empty, its hint shown, not the draft's Ada: \(screen)")
      #expect(!FileManager.default.fileExists(atPath: file.path), "no removes it")
      try session.press("Escape")
      try await session.waitFor(text: "exit=1")
    }

    /// Where no draft can be written (the state folder cannot be made: a read-only or full
    /// disk), a form cut off with edits says that they were not kept; one without edits says
    /// nothing.
    @Test func editsThatCannotBeKeptAsADraftAreSaidLostOnCtrlC() async throws {
      let blocker = try TmuxSession()
      defer { blocker.close() }
      let file = blocker.folder.appendingPathComponent("not-a-folder")
      try Data("x".utf8).write(to: file)
      let stateHome = file.appendingPathComponent("state").path
      for typed in ["", "Ada"] {
        let session = try TmuxSession()
        defer { session.close() }
        try session.start(["client"], environment: ["XDG_STATE_HOME": stateHome])
        try await session.waitForFocus(on: "Name")
        if !typed.isEmpty {
          try session.type(typed)
          try await session.waitFor(text: " › Name   \(typed)")
        }
        try session.press("C-c")
        #expect(try await session.waitForExit() == 130)
        if typed.isEmpty {
          #expect(session.stderr == "", "nothing typed, nothing lost")
        } else {
          #expect(
            session.stderr == """
              settings-tui: Cannot keep a draft at \(stateHome)/settings-tui/drafts/client.json: could not create the \
              folder \(file.path) (Not a directory). The edits were not kept.

              """, "\(session.stderr)")
        }
      }
    }

    @Test func sigtermKeepsTheDraftAndNoDiscardsIt() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await session.startShell(running: #""$BIN""#)
      try await session.waitForFocus(on: "Digest")
      try session.press("Tab")
      try session.type("Blob")
      try await session.waitFor(text: "Blob")
      _ = try run("/usr/bin/pkill", ["-TERM", "-f", session.binary], environment: [:])
      try await session.waitFor(text: "exit=143")
      let draft = try String(contentsOf: draftFile(session, "settings"), encoding: .utf8)
      #expect(draft.contains("Blob"), "\(draft)")

      try session.runInShell(#"clear; "$BIN""#)
      try await session.waitFor(text: "restore the settings you were editing at")
      try session.type("n")
      try session.press("Enter")
      let screen = try await session.waitForFocus(on: "Digest")
      #expect(!screen.contains("Blob"), "\(screen)")
      #expect(!FileManager.default.fileExists(atPath: draftFile(session, "settings").path), "no removes it")
      try session.press("Escape")
      try await session.waitFor(text: "exit=1")
    }

    /// Two copies of one form at once keep a draft each: the second is not offered the first's
    /// live draft, and neither a script nor the second's Esc touches it; once the first is cut
    /// off, its draft is offered.
    @Test func twoCopiesOfAFormAtOnceKeepADraftEach() async throws {
      let first = try TmuxSession()
      defer { first.close() }
      try await first.startShell(running: #""$BIN" client"#)
      try await first.waitForFocus(on: "Name")
      try first.type("Ada")
      try await first.waitFor(text: " › Name   Ada")
      try await Task.sleep(for: .milliseconds(800))  // the draft is written 300 ms after a change
      let firstDraft = draftFile(first, "client")
      #expect(try String(contentsOf: firstDraft, encoding: .utf8).contains("Ada"))

      let script = try first.runDirectly([
        "client", "--no-input", "--set", "name=Kim", "--set", "email=kim@example.com", "--set", "age=40",
      ])
      #expect(script.status == 0, "\(script)")
      #expect(!script.stderr.contains("draft"), "a running form's draft is not an earlier run's: \(script)")

      // A second copy in another terminal, with the same drafts folder.
      let second = try TmuxSession()
      defer { second.close() }
      let sameHome = "HOME='\(first.home.path)'"
      try await second.startShell(running: sameHome + #" "$BIN" client"#)
      var screen = try await second.waitForFocus(on: "Name")
      #expect(!screen.contains("restore"), "\(screen)")
      try second.type("Bob")
      try await second.waitFor(text: " › Name   Bob")
      try await Task.sleep(for: .milliseconds(800))
      let secondDraft = draftFile(first, "client-2")
      #expect(try String(contentsOf: secondDraft, encoding: .utf8).contains("Bob"))
      try await second.discardChanges()
      try await second.waitFor(text: "exit=1")
      #expect(!FileManager.default.fileExists(atPath: secondDraft.path), "Esc removes its own draft")
      #expect(try String(contentsOf: firstDraft, encoding: .utf8).contains("Ada"), "and not the first's")

      _ = try run("/usr/bin/pkill", ["-KILL", "-f", "\(first.binary) client"], environment: [:])
      try await first.waitFor(text: "exit=137")
      try second.runInShell("clear; " + sameHome + #" "$BIN" client"#)
      try await second.waitFor(text: "restore the client you were adding at")
      try second.type("y")
      try second.press("Enter")
      screen = try await second.waitForFocus(on: "Name")
      #expect(screen.contains("Name   Ada"), "\(screen)")
      try await second.discardChanges()
      try await second.waitFor(text: "exit=1")
    }

    /// A draft belongs to the file it was written for: the usual settings file is not offered
    /// a draft of another one (`--config`), nor can turning it down there throw that one away.
    @Test func aDraftIsOfferedOnlyForTheFileItWasWrittenFor() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      let work = session.folder.appendingPathComponent("work.json").path
      try await session.startShell(running: #""$BIN" --config "$DIR/work.json""#)
      try await session.waitForFocus(on: "Digest")
      try session.press("Tab")
      try session.type("WorkEdit")
      try await session.waitFor(text: "WorkEdit")
      _ = try run("/usr/bin/pkill", ["-TERM", "-f", session.binary], environment: [:])
      try await session.waitFor(text: "exit=143")
      #expect(!FileManager.default.fileExists(atPath: draftFile(session, "settings").path), "not the usual file's")

      // The usual file: no question, no draft in the form.
      try session.runInShell(#"clear; "$BIN""#)
      var screen = try await session.waitForFocus(on: "Digest")
      #expect(!screen.contains("restore") && !screen.contains("WorkEdit"), "\(screen)")
      try session.press("Escape")
      try await session.waitFor(text: "exit=1")

      // The same file again: offered, naming the file.
      try session.runInShell(#"clear; "$BIN" --config "$DIR/work.json""#)
      // NB: The question wraps at the screen's edge; joined, its lines read as one.
      try await session.waitFor("the offer, naming the file") {
        $0.lines.joined().contains("restore the settings you were editing for \(work) at")
      }
      try session.type("y")
      try session.press("Enter")
      screen = try await session.waitFor(text: "WorkEdit")
      try await session.discardChanges()
      try await session.waitFor(text: "exit=1")
    }
  }
}
