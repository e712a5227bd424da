import Foundation
import Testing

extension EndToEnd {
  /// `settings-tui clients remove EMAIL`, for scripts and people.
  @Suite struct ClientCommands {
    func addAda(_ session: TmuxSession) throws {
      let added = try session.runDirectly(
        ["client", "--no-input", "--set", "name=Ada", "--set", "email=ada@example.com", "--set", "age=36"])
      #expect(added.status == 0, "\(added)")
    }

    @Test func aScriptRemovesAClientByEmailAndAMissingOneIsExit1() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try addAda(session)
      let removed = try session.runDirectly(["clients", "remove", "ADA@example.com", "--yes"])
      #expect(removed.status == 0, "\(removed)")
      #expect(removed.stdout.contains("Client ada@example.com removed"), "as saved: \(removed)")
      let listed = try session.runDirectly(["clients"])
      #expect(!listed.stdout.contains("ada@example.com"), "\(listed)")
      let again = try session.runDirectly(["clients", "remove", "ada@example.com", "--yes"])
      #expect(again.status == 1, "\(again)")
      #expect(again.stderr.contains("settings-tui: no client with email ada@example.com"), "\(again)")
    }

    /// A script is not asked, so without --yes it removes nothing: not with no input, and not
    /// with a "n" (or a "y") piped in, even where a terminal is there to see it.
    @Test func aScriptWithoutYesRemovesNothing() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try addAda(session)
      for input in [nil, "y\n"] {
        let kept = try session.runDirectly(["clients", "remove", "ada@example.com"], input: input)
        #expect(kept.status == 1, "\(kept)")
        #expect(
          kept.stderr == "settings-tui: kept the client ada@example.com: standard input is not a terminal to "
            + "ask on, so nothing was removed (pass --yes to remove without asking)\n", "\(kept)")
      }
      try await session.startShell(running: #"echo n | "$BIN" clients remove ada@example.com"#)
      let screen = try await session.waitFor(text: "exit=1")
      #expect(!screen.contains("[y/N]"), "\(screen)")
      #expect(try session.runDirectly(["clients"]).stdout.contains("ada@example.com"))
    }

    /// A job started with setsid reads a terminal but has none of its own to ask on: it is
    /// not asked, removes nothing, and the message says why.
    @Test func aJobWithoutAControllingTerminalRemovesNothingAndSaysWhy() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try addAda(session)
      try await session.startShell(running: #"setsid -w "$BIN" clients remove ada@example.com 2>"$DIR/said""#)
      let screen = try await session.waitFor(text: "exit=1")
      #expect(!screen.contains("[y/N]"), "\(screen)")
      let said = try String(contentsOf: session.folder.appendingPathComponent("said"), encoding: .utf8)
      #expect(
        said == "settings-tui: kept the client ada@example.com: there is no controlling terminal to ask on "
          + "(/dev/tty does not open), so nothing was removed (pass --yes to remove without asking)\n", "\(said)")
      #expect(try session.runDirectly(["clients"]).stdout.contains("ada@example.com"))
    }

    /// A database in a folder its user may not write to refuses writes ("readonly database",
    /// SQLite's words, though the file itself is writable): the message says it is the folder.
    /// Run as `nobody`, since root writes anywhere; skipped where the tests cannot switch user.
    @Test func aReadOnlyFolderIsNamedWhenSavingAClientFails() throws {
      guard TmuxSession.canRunAsNobody else { return }
      let session = try TmuxSession()
      defer { session.close() }
      let (folder, database) = try session.databaseOwnedByNobody()
      #expect(chmod(folder, 0o555) == 0)
      let result = try run(
        "/usr/bin/setpriv",
        ["--reuid=65534", "--regid=65534", "--clear-groups", session.binary, "client", "--no-input",
         "--set", "name=Bo", "--set", "email=bo@example.com", "--set", "age=40", "--database", database],
        environment: session.environment)
      #expect(chmod(folder, 0o755) == 0)
      #expect(result.status == 2, "\(result)")
      #expect(result.stderr.contains("its folder \(folder) is read-only, and SQLite writes its journal beside the file"), "\(result)")
    }

    /// Listing, removing and editing only read a database: at a path where there is none (a
    /// typo), they say so and create nothing there.
    /// `--database` names a file: SQLite's in-memory name and URIs are file names here, so a
    /// client reported saved is on disk, private, and no stray file or folder is left.
    @Test func aDatabasePathIsAFileEvenWhereSQLiteWouldReadItAsMemoryOrAURI() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let folder = session.home.appendingPathComponent("work")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (index, path) in [":memory:", "file:uri.sqlite?mode=memory"].enumerated() {
        let add = "client --no-input --set name=Ada --set email=ada\(index)@example.com --set age=36"
        for command in [add, "clients --json"] {
          let result = try run(
            "/bin/sh", ["-c", "cd '\(folder.path)' && '\(session.binary)' \(command) --database '\(path)'"],
            environment: session.environment)
          #expect(result.status == 0, "\(result)")
          #expect(result.stdout.contains("ada\(index)@example.com"), "kept on disk: \(result)")
        }
        let file = folder.appendingPathComponent(path).path
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.size] as? Int ?? 0) > 0, "\(path)")
        #expect(attributes[.posixPermissions] as? Int == 0o600, "\(path)")
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [":memory:", "file:uri.sqlite?mode=memory"])
    }

    @Test func commandsThatOnlyReadCreateNoDatabase() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let folder = session.home.appendingPathComponent("typo")
      let path = folder.appendingPathComponent("clients.sqlite").path
      let listed = try session.runDirectly(["clients", "--json", "--database", path])
      #expect(listed.status == 0 && listed.stdout == "[]\n", "\(listed)")
      #expect(listed.stderr == "settings-tui: there is no clients database at \(path), so there are no clients\n")
      let removed = try session.runDirectly(["clients", "remove", "ada@example.com", "--yes", "--database", path])
      #expect(removed.status == 1, "\(removed)")
      #expect(
        removed.stderr.contains("no client with email ada@example.com: there is no clients database at \(path)"),
        "\(removed)")
      let edited = try session.runDirectly(
        ["clients", "edit", "ada@example.com", "--no-input", "--set", "age=40", "--database", path])
      #expect(edited.status == 1, "\(edited)")
      #expect(edited.stderr.contains("there is no clients database at"), "\(edited)")
      #expect(!FileManager.default.fileExists(atPath: folder.path), "nothing was created")

      // An empty file holds no clients, and reading them writes nothing into it.
      let empty = session.home.appendingPathComponent("empty.sqlite").path
      #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
      let fromEmpty = try session.runDirectly(["clients", "--json", "--database", empty])
      #expect(fromEmpty.status == 0 && fromEmpty.stdout == "[]\n", "\(fromEmpty)")
      // NB: There is a file: "no database" would send the user looking for one.
      #expect(fromEmpty.stderr == "settings-tui: \(empty) is an empty file, not yet a clients database, so there are no clients\n")
      let removedFromEmpty = try session.runDirectly(["clients", "remove", "ada@example.com", "--yes", "--database", empty])
      #expect(removedFromEmpty.status == 1, "\(removedFromEmpty)")
      #expect(
        removedFromEmpty.stderr.contains("no client with email ada@example.com: \(empty) is an empty file"), "\(removedFromEmpty)")
      #expect(try FileManager.default.attributesOfItem(atPath: empty)[.size] as? Int == 0)

      // Once there is one, the same commands use it.
      let added = try session.runDirectly(
        ["client", "--no-input", "--set", "name=Ada", "--set", "email=ada@example.com", "--set", "age=36",
         "--database", path])
      #expect(added.status == 0, "\(added)")
      let again = try session.runDirectly(["clients", "--json", "--database", path])
      #expect(again.stdout.contains("ada@example.com"), "\(again)")
    }

    @Test func onATerminalItAsksFirstAndNoKeepsTheClient() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try addAda(session)
      try session.start(["clients", "remove", "ada@example.com"])
      try await session.waitFor(text: "remove the client Ada <ada@example.com>, 36? [y/N]")
      try session.type("n")
      try session.press("Enter")
      #expect(try await session.waitForExit() == 1)
      #expect(try session.runDirectly(["clients"]).stdout.contains("ada@example.com"))
      #expect(session.stderr.contains("kept the client ada@example.com: nothing was removed"), "\(session.stderr)")
    }

    @Test func onATerminalEscKeepsTheClient() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try addAda(session)
      try session.start(["clients", "remove", "ada@example.com"])
      try await session.waitFor(text: "[y/N]")
      try session.press("Escape")
      try session.press("Enter")
      #expect(try await session.waitForExit() == 1)
      #expect(!(try session.screen().contains("please answer")))
      #expect(try session.runDirectly(["clients"]).stdout.contains("ada@example.com"))
    }

    /// `y` ended by Ctrl-D instead of Enter: what comes next starts a line of its own.
    @Test func anAnswerEndedByCtrlDEndsItsLine() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try addAda(session)
      try await session.startShell(running: #""$BIN" clients remove ada@example.com"#)
      try await session.waitFor(text: "[y/N]")
      try session.type("y")
      try session.press("C-d")
      try session.press("C-d")
      let screen = try await session.waitFor(text: "exit=0")
      #expect(screen.lines.contains { $0.hasPrefix("Client ada@example.com removed") }, "\(screen)")
    }

    /// Another program changes the age while the question waits: the client is kept, and the
    /// message says what changed (it named the client as asked, which read as no change).
    @Test func aClientChangedWhileAskedIsKeptAndTheChangeShown() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try addAda(session)
      try session.start(["clients", "remove", "ada@example.com"])
      try await session.waitFor(text: "[y/N]")
      let edited = try session.runDirectly(["clients", "edit", "ada@example.com", "--no-input", "--set", "age=37"])
      #expect(edited.status == 0, "\(edited)")
      try session.type("y")
      try session.press("Enter")
      #expect(try await session.waitForExit() == 1)
      #expect(
        session.stderr.contains("another program changed the client meanwhile (now Ada <ada@example.com>, 37), so it was kept"),
        "\(session.stderr)")
      #expect(try session.runDirectly(["clients"]).stdout.contains("ada@example.com"))
    }

    @Test func onATerminalYesRemoves() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try addAda(session)
      try session.start(["clients", "remove", "ada@example.com"])
      try await session.waitFor(text: "[y/N]")
      try session.type("y")
      try session.press("Enter")
      #expect(try await session.waitForExit() == 0)
      #expect(!(try session.runDirectly(["clients"]).stdout.contains("ada@example.com")))
    }

    func addGrace(_ session: TmuxSession) throws {
      let added = try session.runDirectly(
        ["client", "--no-input", "--set", "name=Grace", "--set", "email=grace@example.com", "--set", "age=40"])
      #expect(added.status == 0, "\(added)")
    }

    @Test func aScriptEditsAClientAndAnotherClientsEmailIsRefused() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try addAda(session)
      try addGrace(session)
      let edited = try session.runDirectly(
        ["clients", "edit", "ADA@example.com", "--no-input", "--set", "age=37", "--json"])
      #expect(edited.status == 0, "\(edited)")
      #expect(edited.stdout.contains("\"age\" : 37"), "\(edited)")
      let taken = try session.runDirectly(
        ["clients", "edit", "ada@example.com", "--no-input", "--set", "email=grace@example.com"])
      #expect(taken.status == 1, "\(taken)")
      #expect(taken.stderr.contains("email: A client with this email already exists"), "\(taken)")
      let missing = try session.runDirectly(["clients", "edit", "nobody@example.com", "--no-input"])
      #expect(missing.status == 1, "\(missing)")
      #expect(missing.stderr.contains("no client with email nobody@example.com"), "\(missing)")
      let listed = try session.runDirectly(["clients"]).stdout
      // Ada keeps her place and her email; only her age changed.
      #expect(listed.range(of: "ada@example.com")?.lowerBound ?? listed.endIndex < (listed.range(of: "grace")?.lowerBound ?? listed.startIndex))
      #expect(listed.contains("\"age\" : 37"), "\(listed)")
    }

    /// While the form edits Ada, a script gives her another email and her age, and adds
    /// another client under her old email: the form's change of name goes to Ada, under her
    /// new email, with her new age; the other client is untouched.
    @Test func anOpenEditIsSavedToItsClientWhateverAnotherProgramChanged() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try addAda(session)
      try session.start(["clients", "edit", "ada@example.com"])
      try await session.waitForFocus(on: "Name")
      try session.press("End")
      try session.type(" King")
      try await session.waitFor(text: "Ada King")
      let moved = try session.runDirectly(
        ["clients", "edit", "ada@example.com", "--no-input", "--set", "email=ada.old@example.com", "--set", "age=70"])
      #expect(moved.status == 0, "\(moved)")
      let other = try session.runDirectly(
        ["client", "--no-input", "--set", "name=Other", "--set", "email=ada@example.com", "--set", "age=55"])
      #expect(other.status == 0, "\(other)")
      try session.press("Tab", "Tab", "Enter")
      #expect(try await session.waitForExit() == 0)
      let saved = try ClientFormTests.savedClients(session)
      #expect(saved == [
        SavedClient(name: "Ada King", email: "ada.old@example.com", age: 70),
        SavedClient(name: "Other", email: "ada@example.com", age: 55),
      ], "\(saved)")
      // What it says names the client as saved, not by the email another client has now.
      #expect(
        session.stdout.contains(
          "Client ada.old@example.com saved to \(session.databaseFile.path), keeping what was saved meanwhile for email, age"),
        "\(session.stdout)")
    }

    /// While the form changes Ada's age to 37, a script saves her aged 77: Enter asks, naming
    /// both ages, instead of saving over 77 unasked; Keep mine saves 37.
    @Test func anAgeAnotherProgramChangedMeanwhileIsAskedAboutBeforeItIsSavedOver() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try addAda(session)
      try session.start(["clients", "edit", "ada@example.com"])
      try await session.waitForFocus(on: "Name")
      try session.press("Tab", "Tab")
      try await session.waitForFocus(on: "Age")
      try session.press("Right")
      try await session.waitFor(text: "37")
      let script = try session.runDirectly(["clients", "edit", "ada@example.com", "--no-input", "--set", "age=77"])
      #expect(script.status == 0, "\(script)")
      try session.press("Enter")
      let screen = try await session.waitFor(text: "It saved age 77 (yours 37)")
      #expect(screen.contains("Keep mine"), "\(screen)")
      #expect(try ClientFormTests.savedClients(session).map(\.age) == [77], "nothing saved before the answer")
      try session.type("k")
      #expect(try await session.waitForExit() == 0)
      #expect(try ClientFormTests.savedClients(session).map(\.age) == [37])
    }

    @Test func theFormEditsAClientFilledInAndRefusesATakenEmail() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try addAda(session)
      try addGrace(session)
      try session.start(["clients", "edit", "ada@example.com"])
      var screen = try await session.waitFor(text: "Edit client")
      screen = try await session.waitForFocus(on: "Name")
      #expect(screen.contains("ada@example.com"), "filled in: \(screen)")
      try session.press("Tab")
      try await session.waitForFocus(on: "Email")
      try session.press("C-u")
      try session.type("grace@example.com")
      screen = try await session.waitFor(text: "A client with this email already exists")
      try session.press("C-u")
      try session.type("ada.l@example.com")
      try session.press("Tab")
      try await session.waitForFocus(on: "Age")
      try session.press("Right")
      try await session.waitFor(text: "37")
      try session.press("Enter")
      #expect(try await session.waitForExit() == 0, "\(screen)")
      let listed = try session.runDirectly(["clients"]).stdout
      #expect(listed.contains("ada.l@example.com"), "\(listed)")
      #expect(!listed.contains("\"ada@example.com\""), "\(listed)")
      #expect(listed.contains("\"age\" : 37"), "\(listed)")
    }
  }
}
