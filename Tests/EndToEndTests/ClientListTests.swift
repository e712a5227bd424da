import Foundation
import Testing

extension EndToEnd {
  /// `settings-tui clients` on a terminal: the list to search, edit, add and delete clients.
  @Suite struct ClientList {
    func add(_ session: TmuxSession, _ name: String, _ email: String, age: Int) throws {
      let added = try session.runDirectly(
        ["client", "--no-input", "--set", "name=\(name)", "--set", "email=\(email)", "--set", "age=\(age)"])
      #expect(added.status == 0, "\(added)")
    }

    /// Ada, Grace and Alan, in that order, and the list open on them.
    func openList(_ session: TmuxSession) async throws {
      try add(session, "Ada Lovelace", "ada@example.com", age: 36)
      try add(session, "Grace Hopper", "grace@navy.mil", age: 85)
      try add(session, "Alan Turing", "alan@bletchley.uk", age: 41)
      // NB: In a shell, so standard output is the terminal (piped, the command prints JSON).
      try await session.startShell(running: #""$BIN" clients"#)
      try await session.waitFor("the three clients, the newest selected") {
        $0.contains("3 of 3") && $0.contains("› Alan Turing") && $0.contains("Esc quit")
      }
    }

    @Test func listsNewestLastSearchesAndQuitsWithExit0() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await openList(session)
      let screen = try session.screen()
      let rows = ["Ada Lovelace", "Grace Hopper", "Alan Turing"].compactMap { screen.row(containing: $0) }
      #expect(rows.count == 3 && rows == rows.sorted(), "newest last: \(screen)")
      try session.type("/gra")
      var found = try await session.waitFor("one match") { $0.contains("1 of 1") && $0.contains("› Grace Hopper") }
      #expect(!found.contains("Ada Lovelace"), "\(found)")
      // Esc clears the search: everyone is back.
      try session.press("Escape")
      found = try await session.waitFor("the whole list again") { $0.contains("Ada Lovelace") && $0.contains("of 3") }
      try session.type("q")
      try await session.waitFor(text: "exit=0")
    }

    /// `?` shows every key in a box; the next key hides it and does nothing else (`q` here
    /// would quit).
    @Test func questionMarkShowsEveryKeyAndTheNextKeyHidesThem() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await openList(session)
      try session.type("?")
      let box = try await session.waitFor(text: "┌ Keys ")
      #expect(box.contains("PgUp/PgDn Space") && box.contains("Esc q") && box.contains("any key back"), "\(box)")
      try session.type("q")
      let list = try await session.waitFor("the list again") { !$0.contains("┌ Keys ") && $0.contains("? keys") }
      #expect(list.contains("› Alan Turing"), "\(list)")
      try session.type("q")
      try await session.waitFor(text: "exit=0")
    }

    /// A search and Enter typed together, as a script of keys or a fast typist sends them:
    /// the Enter that comes while the matches load edits the client they select.
    @Test func aSearchAndEnterTypedTogetherEditTheClientFound() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await openList(session)
      try session.type("/grace\r\r")
      let form = try await session.waitForFocus(on: "Name")
      #expect(form.contains("grace@navy.mil"), "Grace's form, not Alan's: \(form)")
      try session.press("Escape")
      try await session.waitFor("the list again") { $0.contains("› Grace Hopper") && $0.contains("1 of 1") }
      try session.type("q")
      try await session.waitFor(text: "exit=0")
    }

    @Test func enterEditsTheSelectedClientAndRefusesAnotherClientsEmail() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await openList(session)
      try session.press("Up")
      try await session.waitFor(text: "› Grace Hopper")
      try session.press("Enter")
      try await session.waitFor(text: "Edit client")
      try await session.waitForFocus(on: "Name")
      try session.press("Tab")
      try await session.waitForFocus(on: "Email")
      try session.press("C-u")
      try session.type("ADA@example.com")
      try await session.waitFor(text: "A client with this email already exists")
      try session.press("C-u")
      try session.type("grace@example.com")
      try session.press("Tab")
      try await session.waitForFocus(on: "Age")
      try session.press("Right")
      try await session.waitFor(text: "86")
      try session.press("Enter")
      try await session.waitFor("the list, back on the edited row") {
        $0.contains("Saved Grace Hopper <grace@example.com>") && $0.contains("› Grace Hopper") && $0.contains("86")
      }
      try session.press("Escape")
      try await session.waitFor(text: "exit=0")
      let listed = try session.runDirectly(["clients"]).stdout
      #expect(listed.contains("grace@example.com") && !listed.contains("grace@navy.mil"), "\(listed)")
    }

    @Test func dDeletesAfterTheQuestionAndNoKeeps() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await openList(session)
      try session.type("d")
      try await session.waitFor(text: "Delete the client Alan Turing <alan@bletchley.uk>?")
      try session.type("n")
      try await session.waitForQuestionGone("Delete the client", answer: "n keep")
      #expect(try session.screen().contains("Alan Turing"))
      try session.type("d")
      try await session.waitFor(text: "Delete the client Alan Turing")
      try session.type("y")
      try await session.waitFor("the list without Alan, Grace selected") {
        $0.contains("Deleted Alan Turing <alan@bletchley.uk>") && $0.contains("2 of 2") && $0.contains("› Grace Hopper")
      }
      try session.type("q")
      try await session.waitFor(text: "exit=0")
      let listed = try session.runDirectly(["clients"]).stdout
      #expect(!listed.contains("alan@bletchley.uk") && listed.contains("ada@example.com"), "\(listed)")
    }

    /// `d` typed in one write with the key that jumps to the top (`g`), before the rows there
    /// have loaded, asks about the client it landed on: it was lost, without a word.
    @Test func aDeleteTypedWithAJumpAsksAboutTheRowItLandsOn() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      for number in 1...150 { try add(session, "Client \(number)", "c\(number)@example.com", age: 30) }
      try await session.startShell(running: #""$BIN" clients"#)
      try await session.waitFor(text: "150 of 150")
      try session.type("gd")
      try await session.waitFor(text: "Delete the client Client 1 <c1@example.com>?")
      try session.type("n")
      try await session.waitForQuestionGone("Delete the client", answer: "n keep")
      try session.type("q")
      try await session.waitFor(text: "exit=0")
    }

    /// A database that was read-only when the list opened is written once its owner makes it
    /// writable: the list does not have to be closed (and an edit lost) first. Run as
    /// `nobody`, since root writes anywhere; skipped where the tests cannot switch user.
    @Test func aDatabaseMadeWritableWhileTheListIsOpenIsWrittenTo() async throws {
      guard TmuxSession.canRunAsNobody else { return }
      let session = try TmuxSession()
      defer { session.close() }
      let (_, database) = try session.databaseOwnedByNobody()
      #expect(chmod(database, 0o444) == 0)
      try await session.startShell(
        running: #"/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups "$BIN" clients --database "# + "'\(database)'")
      try await session.waitFor(text: "› Ada")
      try session.type("d")
      try await session.waitFor(text: "Delete the client Ada")
      try session.type("y")
      try await session.waitFor(text: "give yourself write permission")
      #expect(chmod(database, 0o644) == 0)
      try session.type("d")
      try await session.waitFor(text: "Delete the client Ada")
      try session.type("y")
      try await session.waitFor(text: "Deleted Ada <ada@example.com>")
      try session.type("q")
      try await session.waitFor(text: "exit=0")
    }

    /// With ACCESSIBLE=1 the list is asked line by line: numbered matches, one question.
    @Test func accessibleListsLineByLineAndDeletes() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try add(session, "Ada Lovelace", "ada@example.com", age: 36)
      try add(session, "Grace Hopper", "grace@navy.mil", age: 85)
      try await session.startShell(running: #"ACCESSIBLE=1 "$BIN" clients"#)
      try await session.waitFor(text: "2) Grace Hopper <grace@navy.mil>, 85")
      try session.type("1")
      try session.press("Enter")
      try await session.waitFor(text: "e to edit, d to delete")
      try session.type("d")
      try session.press("Enter")
      try await session.waitFor(text: "Delete the client Ada Lovelace <ada@example.com>? (y or n)")
      try session.type("y")
      try session.press("Enter")
      try await session.waitFor(text: "Deleted Ada Lovelace <ada@example.com>")
      try session.type("q")
      try session.press("Enter")
      try await session.waitFor(text: "exit=0")
      let screen = try session.screen()
      #expect(!screen.lines.joined().contains("\u{1B}"), "plain lines")
      let listed = try session.runDirectly(["clients"]).stdout
      #expect(!listed.contains("ada@example.com") && listed.contains("grace@navy.mil"), "\(listed)")
    }

    /// --accessible asks even when standard output goes to a file (a transcript); a refused
    /// answer from a pipe ends the list with exit 1, and the lines after it are not taken.
    @Test func accessibleAsksWithOutputRedirectedAndStopsAtARefusedPipedAnswer() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try add(session, "Ada Lovelace", "ada@example.com", age: 36)
      let result = try session.runDirectly(["clients", "--accessible"], input: "7\n1\nd\ny\n")
      #expect(result.status == 1, "\(result)")
      // The questions go to standard error: the answers come from a pipe.
      #expect(result.stderr.contains("1) Ada Lovelace <ada@example.com>, 36"), "asked, not JSON: \(result)")
      #expect(!result.stdout.contains("\"email\""), "\(result)")
      #expect(result.stderr.contains("Error: Choose a number from 1 to 1"), "\(result)")
      #expect(!result.stderr.contains("Delete the client"), "\(result)")
      let listed = try session.runDirectly(["clients"]).stdout
      #expect(listed.contains("ada@example.com"), "nothing deleted: \(listed)")
    }

    /// Browsing a database that is not there (a mistyped --database) and leaving creates
    /// nothing: no folder, no empty database at the typo.
    @Test func browsingAMissingDatabaseCreatesNothing() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      let typo = session.folder.appendingPathComponent("nonexist/typo.sqlite").path
      try await session.startShell(running: #""$BIN" clients --database "# + "'\(typo)'")
      try await session.waitFor(text: "No clients yet")
      try session.type("q")
      try await session.waitFor(text: "exit=0")
      #expect(!FileManager.default.fileExists(atPath: typo))
      #expect(!FileManager.default.fileExists(atPath: session.folder.appendingPathComponent("nonexist").path))
    }

    @Test func aAddsAClientAndEscOnTheChangedFormAsksBeforeDiscarding() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await openList(session)
      try session.type("a")
      try await session.waitFor(text: "New client")
      try session.type("Bob")
      try await session.waitFor(text: "Bob")
      try session.press("Escape")
      try await session.waitFor(text: "Discard changes?")
      try session.type("n")
      try await session.waitFor("the form again") { !$0.contains("Discard changes?") && $0.contains("New client") }
      try session.press("Tab")
      try session.type("bob@example.com")
      try session.press("Tab")
      try await session.waitForFocus(on: "Age")
      try session.press("Enter")
      try await session.waitFor("the new client, selected") {
        $0.contains("Saved Bob <bob@example.com>") && $0.contains("› Bob") && $0.contains("4 of 4")
      }
      try session.press("C-c")
      try await session.waitFor(text: "exit=130")
    }

    @Test func pipedOrWithJSONItPrintsTheClients() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try add(session, "Ada Lovelace", "ada@example.com", age: 36)
      for arguments in [["clients"], ["clients", "--json"], ["clients", "list"]] {
        let listed = try session.runDirectly(arguments)
        #expect(listed.status == 0, "\(listed)")
        let clients = try parseJSONArray(listed.stdout)
        #expect(clients.count == 1 && clients.first?["email"] as? String == "ada@example.com", "\(listed)")
      }
    }
  }
}
