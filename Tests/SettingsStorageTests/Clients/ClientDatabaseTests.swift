import Foundation
import SettingsFeatures
import SettingsStorage
import Testing

@Suite("Clients database")
struct ClientDatabaseTests {
  let blob = Client(name: "Blob", email: "blob@example.com", age: 30)

  @Test func createsFoldersAndAnEmptyTable() async throws {
    try await withTemporaryFolder { folder in
      let clients = try ClientStorageClient.live(databaseAt: folder.path("data/settings-tui/clients.sqlite"))
      #expect(try await clients.all() == [])
      #expect(try folder.contents("data/settings-tui") == ["clients.sqlite"])
    }
  }

  @Test func aNewDatabaseIsReadableByItsOwnerOnly() async throws {
    try await withTemporaryFolder { folder in
      let clients = try ClientStorageClient.live(databaseAt: folder.path("clients.sqlite"))
      try await clients.add(blob)
      #expect(try permissions(folder.path("clients.sqlite")) == 0o600)
      #expect(try await clients.all().map(\.email) == ["blob@example.com"])
    }
  }

  @Test func anExistingDatabaseKeepsItsPermissions() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      _ = try ClientStorageClient.live(databaseAt: path)
      try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
      try await ClientStorageClient.live(databaseAt: path).add(blob)
      #expect(try permissions(path) == 0o640)
    }
  }

  private func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int) ?? -1
  }

  @Test(.enabled(if: SQLiteShell.isInstalled))
  func migrationCreatesTheClientTable() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      _ = try ClientStorageClient.live(databaseAt: path)
      let columns = try SQLiteShell.run("SELECT name, type, \"notnull\", pk FROM pragma_table_info('client');", on: path)
      #expect(
        columns == """
          id|INTEGER|0|1
          name|TEXT|1|0
          email|TEXT|1|0
          age|INTEGER|1|0
          createdAt|TIMESTAMP|0|0
          emailKey|TEXT|0|0
          searchKey|TEXT|0|0

          """)
      let schema = try SQLiteShell.run(".schema client", on: path)
      #expect(schema.contains("AUTOINCREMENT"))
      #expect(schema.contains("UNIQUE"))
      #expect(schema.contains("COLLATE NOCASE"))
      #expect(schema.contains("CREATE UNIQUE INDEX \"client_on_emailKey\""), "\(schema)")
      let migrations = try SQLiteShell.run("SELECT identifier FROM grdb_migrations;", on: path)
      #expect(migrations == "v1-create-client\nv2-application-id\nv3-client-search\nv4-composed-emails\nv5-email-keys\nv6-search-without-stacked-accents\nv7-keys-follow-emails\nv8-search-plain-spellings\n")
      #expect(try SQLiteShell.run("PRAGMA application_id;", on: path) == "\(0x5354_5549)\n")
    }
  }

  @Test func addsAndListsOldestFirst() async throws {
    try await withTemporaryFolder { folder in
      let clients = try ClientStorageClient.live(databaseAt: folder.path("c.sqlite"))
      let expected = [
        blob, Client(name: "Blob Jr", email: "jr@example.com", age: 19),
        Client(name: "Blob Sr", email: "sr@example.com", age: 150),
      ]
      for client in expected { try await clients.add(client) }
      #expect(try await clients.all() == expected)
    }
  }

  /// A `createdAt` another program wrote that is no date does not stop every client being read.
  @Test(.enabled(if: SQLiteShell.isInstalled))
  func aCreationTimeThatIsNoDateDoesNotFailTheList() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      let clients = try ClientStorageClient.live(databaseAt: path)
      try await clients.add(blob)
      _ = try SQLiteShell.run("UPDATE client SET createdAt = 'last tuesday';", on: path)
      let reopened = try ClientStorageClient.live(databaseAt: path)
      #expect(try await reopened.all() == [blob])
      let id = try #require(try await reopened.find(blob.email)?.id)
      _ = try await reopened.update(id, blob, Client(name: "Blob", email: blob.email, age: 31), .askIfBothChanged)
      #expect(try SQLiteShell.run("SELECT createdAt, age FROM client;", on: path) == "last tuesday|31\n", "an edit keeps it")
    }
  }

  /// Two connections to one database in `folder` (as two programs have), Blob saved through
  /// the first, and Blob as found there.
  func twoProgramsWithBlob(
    in folder: TemporaryFolder
  ) async throws -> (ClientStorageClient, ClientStorageClient, SavedClient) {
    let path = folder.path("clients.sqlite")
    let first = try ClientStorageClient.live(databaseAt: path)
    let second = try ClientStorageClient.live(databaseAt: path)
    try await first.add(blob)
    return (first, second, try #require(try await first.find(blob.email)))
  }

  /// Two programs edit one client at once: each save writes only the fields its own edit
  /// changed, so neither undoes the other's change to another field.
  @Test func anEditKeepsWhatAnotherProgramSavedInTheFieldsItLeftAlone() async throws {
    try await withTemporaryFolder { folder in
      let (first, second, found) = try await twoProgramsWithBlob(in: folder)
      // Both open the client as it is; the second saves a new age while the first is open.
      let opened = found.client
      _ = try await second.update(found.id, opened, Client(name: blob.name, email: blob.email, age: 70), .askIfBothChanged)
      // The first changes only the name and saves.
      var renamed = opened
      renamed.name = "Blob Junior"
      let saved = try await first.update(found.id, opened, renamed, .askIfBothChanged)
      #expect(saved == Client(name: "Blob Junior", email: blob.email, age: 70))
      #expect(try await first.all() == [saved])
      // An edit opened on what is saved now changes it unasked.
      _ = try await second.update(found.id, saved, Client(name: "Blob Senior", email: blob.email, age: 70), .askIfBothChanged)
      #expect(try await first.find(blob.email)?.client.name == "Blob Senior")
    }
  }

  /// Two programs change the same field of one client at once: the later save asks (throws
  /// what the other saved) and writes nothing, unless told to keep its own value; a field both
  /// set to the same value, or only one changed, is no question.
  @Test func anEditOfAFieldAnotherProgramChangedMeanwhileAsksFirst() async throws {
    try await withTemporaryFolder { folder in
      let (first, second, found) = try await twoProgramsWithBlob(in: folder)
      let theirs = Client(name: "Blob Senior", email: blob.email, age: 77)
      _ = try await second.update(found.id, blob, theirs, .askIfBothChanged)
      let mine = Client(name: "Blob Junior", email: blob.email, age: 77)
      await #expect(throws: ClientStorageClient.ClientChanged(fields: ["name"], saved: theirs)) {
        try await first.update(found.id, blob, mine, .askIfBothChanged)
      }
      #expect(try await first.all() == [theirs], "nothing written")
      // Both gave the age 77: no question about it; the name is this edit's, as told.
      #expect(try await first.update(found.id, blob, mine, .keepMine) == mine)
      #expect(try await second.all() == [mine])
    }
  }

  /// While an edit is open, another program gives the client another email and a third
  /// client takes the old one: the edit is still saved to its own client, under its new email.
  @Test func anEditIsSavedToItsClientWhateverEmailItHasNow() async throws {
    try await withTemporaryFolder { folder in
      let clients = try ClientStorageClient.live(databaseAt: folder.path("clients.sqlite"))
      try await clients.add(blob)
      let found = try #require(try await clients.find(blob.email))
      _ = try await clients.update(found.id, blob, Client(name: blob.name, email: "blob.old@example.com", age: 30), .askIfBothChanged)
      try await clients.add(Client(name: "Other", email: blob.email, age: 55))
      var edited = blob
      edited.name = "Blob Edited"
      let saved = try await clients.update(found.id, blob, edited, .askIfBothChanged)
      #expect(saved == Client(name: "Blob Edited", email: "blob.old@example.com", age: 30))
      #expect(try await clients.all() == [saved, Client(name: "Other", email: blob.email, age: 55)])
      #expect(try await clients.remove(try #require(try await clients.find("blob.old@example.com"))) == .removed)
      await #expect(throws: StorageError.deleted(blob)) {
        try await clients.update(found.id, blob, edited, .askIfBothChanged)
      }
    }
  }

  /// A removal names the client by id and as the person saw it: a client changed meanwhile is
  /// kept, and whoever took its old email is not touched.
  @Test func aRemovalTakesOnlyTheClientAsShown() async throws {
    try await withTemporaryFolder { folder in
      let clients = try ClientStorageClient.live(databaseAt: folder.path("clients.sqlite"))
      let alice = Client(name: "Alice", email: "shared@example.com", age: 30)
      try await clients.add(alice)
      let shown = try #require(try await clients.find(alice.email))
      let moved = try await clients.update(shown.id, alice, Client(name: "Alice", email: "alice@example.com", age: 30), .askIfBothChanged)
      let bob = Client(name: "Bob", email: "shared@example.com", age: 50)
      try await clients.add(bob)
      #expect(try await clients.remove(shown) == .changed(moved))
      #expect(try await clients.all() == [moved, bob], "nobody removed")
      let current = try #require(try await clients.find(moved.email))
      #expect(try await clients.remove(current) == .removed)
      #expect(try await clients.remove(current) == .gone)
      #expect(try await clients.all() == [bob])
    }
  }

  /// Emails an earlier version saved decomposed (`e` and an accent) are composed when the
  /// database is opened, so they are found by either spelling; one whose composed form is
  /// taken stays as it was rather than failing the migration.
  @Test(.enabled(if: SQLiteShell.isInstalled))
  func emailsSavedDecomposedAreComposedOnOpening() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      _ = try ClientStorageClient.live(databaseAt: path)
      _ = try SQLiteShell.run(
        """
        DELETE FROM grdb_migrations WHERE identifier = 'v4-composed-emails';
        INSERT INTO client (name, email, age) VALUES
          ('Rene', 'rene' || char(769) || '@x.io', 30), ('Ana', 'a' || char(769) || 'na@x.io', 31),
          ('Ána', char(225) || 'na@x.io', 32);
        """, on: path)
      let clients = try ClientStorageClient.live(databaseAt: path)
      #expect(try await clients.find("ren\u{E9}@x.io")?.client.name == "Rene")
      #expect(try await clients.find("rene\u{301}@x.io")?.client.name == "Rene", "either spelling")
      #expect(try await clients.all().map(\.name) == ["Rene", "Ana", "Ána"], "the taken one kept")
      #expect(try SQLiteShell.run("SELECT hex(email) FROM client WHERE name = 'Ana';", on: path) == "61CC816E6140782E696F\n")
    }
  }

  @Test func reopeningKeepsClients() async throws {
    try await withTemporaryFolder { folder in
      try await ClientStorageClient.live(databaseAt: folder.path("c.sqlite")).add(blob)
      #expect(try await ClientStorageClient.live(databaseAt: folder.path("c.sqlite")).all() == [blob])
    }
  }

  @Test func emailExistsIgnoresCaseAndSurroundingSpaces() async throws {
    try await withTemporaryFolder { folder in
      let clients = try ClientStorageClient.live(databaseAt: folder.path("c.sqlite"))
      #expect(try await clients.emailExists("blob@example.com") == false)
      try await clients.add(Client(name: "Blob", email: "  Blob@Example.com\n", age: 30))
      #expect(try await clients.all() == [Client(name: "Blob", email: "Blob@Example.com", age: 30)])
      for email in ["blob@example.com", "BLOB@EXAMPLE.COM", " blob@example.com  ", "\tBlob@Example.com"] {
        #expect(try await clients.emailExists(email), "\(email)")
      }
      #expect(try await clients.emailExists("blob@example.org") == false)
      #expect(try await clients.emailExists("blob") == false)
    }
  }

  /// The database and `Client.emailsMatch` (which the form asks) agree on which emails are one:
  /// case is ignored for every letter, `É` too.
  @Test func theDatabaseAndTheFormAgreeWhichEmailsAreOne() async throws {
    try await withTemporaryFolder { folder in
      let clients = try ClientStorageClient.live(databaseAt: folder.path("c.sqlite"))
      try await clients.add(Client(name: "Élan", email: "élan@Example.com", age: 30))
      let decomposed = "e\u{301}lan@example.com"
      for email in ["élan@example.com", "ÉLAN@example.com", "Élan@example.com", " élan@EXAMPLE.COM ", decomposed] {
        let exists = try await clients.emailExists(email)
        #expect(exists == Client.emailsMatch("élan@Example.com", email), "\(email)")
      }
      #expect(try await clients.emailExists(decomposed), "é typed as e and an accent is the same email")
      await #expect(throws: StorageError("A client with this email already exists")) {
        try await clients.add(Client(name: "Same", email: decomposed, age: 40))
      }
      await #expect(throws: StorageError("A client with this email already exists")) {
        try await clients.add(Client(name: "Other", email: "ÉLAN@example.com", age: 40))
      }
      #expect(try await clients.find("ÉLAN@EXAMPLE.COM")?.client.name == "Élan")
      #expect(try await clients.all().count == 1)
    }
  }

  /// A database from before emails had keys: two emails that differ only in the case of a
  /// letter beyond ASCII were two clients. The migration keys the older; the newer is still
  /// found by its email as written, and a new client cannot take either.
  @Test(.enabled(if: SQLiteShell.isInstalled))
  func emailsSavedBeforeKeysStayFoundAndTheirKeysTaken() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      _ = try SQLiteShell.run(
        """
        CREATE TABLE client (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL,
          email TEXT NOT NULL UNIQUE COLLATE NOCASE, age INTEGER NOT NULL, createdAt TIMESTAMP);
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1-create-client');
        INSERT INTO client (name, email, age) VALUES ('José', 'josé@example.com', 30), ('JOSÉ', 'JOSÉ@example.com', 31);
        """, on: path)
      let clients = try ClientStorageClient.live(databaseAt: path)
      #expect(try await clients.all().map(\.name) == ["José", "JOSÉ"], "nothing lost")
      #expect(try await clients.find("josé@EXAMPLE.com")?.client.name == "José")
      let upper = try #require(try await clients.find("JOSÉ@example.com"))
      #expect(upper.client.name == "JOSÉ", "the very email first")
      // Its age can still be changed: its email, and so its missing key, stays as it is.
      var older = upper.client
      older.age = 41
      #expect(try await clients.update(upper.id, upper.client, older, .askIfBothChanged) == older)
      await #expect(throws: StorageError("A client with this email already exists")) {
        try await clients.add(Client(name: "Third", email: "José@example.com", age: 32))
      }
      #expect(try SQLiteShell.run("SELECT emailKey FROM client ORDER BY id;", on: path) == "josé@example.com\n\n")
      // Once the older is gone, the other guards the email.
      #expect(try await clients.remove(try #require(try await clients.find("josé@example.com"))) == .removed)
      await #expect(throws: StorageError("A client with this email already exists")) {
        try await clients.add(Client(name: "Third", email: "José@example.com", age: 32))
      }
      // A row another program saves without a key gets its key when the database opens next.
      _ = try SQLiteShell.run("INSERT INTO client (name, email, age) VALUES ('Zoë', 'ZOË@example.com', 20);", on: path)
      let reopened = try ClientStorageClient.live(databaseAt: path)
      await #expect(throws: StorageError("A client with this email already exists")) {
        try await reopened.add(Client(name: "Zoe", email: "zoë@example.com", age: 21))
      }
    }
  }

  /// Case is folded, not only lowered: a final sigma is a sigma, and ẞ or ß is ss.
  @Test(arguments: [("ΣΟΦΟΣ@x.gr", "σοφος@x.gr"), ("STRASSE@x.de", "straße@x.de"), ("STRAẞE@x.de", "strasse@x.de")])
  func emailsEqualOnceCaseIsFoldedAreOne(_ saved: String, _ other: String) async throws {
    try await withTemporaryFolder { folder in
      let clients = try ClientStorageClient.live(databaseAt: folder.path("c.sqlite"))
      try await clients.add(Client(name: "One", email: saved, age: 30))
      #expect(Client.emailsMatch(saved, other))
      await #expect(throws: StorageError("A client with this email already exists")) {
        try await clients.add(Client(name: "Two", email: other, age: 30))
      }
    }
  }

  @Test(arguments: ["blob@example.com", "BLOB@example.COM", "  blob@example.com "])
  func duplicateEmailIsExactlyTheAlreadyExistsError(email: String) async throws {
    try await withTemporaryFolder { folder in
      let clients = try ClientStorageClient.live(databaseAt: folder.path("c.sqlite"))
      try await clients.add(blob)
      await #expect(throws: StorageError("A client with this email already exists")) {
        try await clients.add(Client(name: "Other", email: email, age: 40))
      }
      #expect(try await clients.all() == [blob])
    }
  }

  @Test(arguments: [
    "This is a note, not a database. " + String(repeating: "Text ", count: 200),
    "SQLite format 3?",
  ])
  func aFileThatIsNotADatabaseIsReportedAndLeftUnchanged(text: String) async throws {
    try await withTemporaryFolder { folder in
      try folder.write(text, to: "clients.sqlite")
      let path = folder.path("clients.sqlite")
      #expect(throws: StorageError(
        "Cannot open the clients database at \(path): the file is not an SQLite database. "
          + "It was left unchanged: move it away, or give another file with --database PATH."
      )) {
        try ClientStorageClient.live(databaseAt: path)
      }
      #expect(try folder.bytes("clients.sqlite") == Array(text.utf8))
      #expect(try folder.contents() == ["clients.sqlite"])
    }
  }

  @Test func aFolderAtThePathIsReported() async throws {
    try await withTemporaryFolder { folder in
      try folder.write("", to: "clients.sqlite/keep")
      #expect {
        try ClientStorageClient.live(databaseAt: folder.path("clients.sqlite"))
      } throws: { error in
        let message = (error as? StorageError)?.message ?? ""
        return message.hasPrefix("Cannot open the clients database at \(folder.path("clients.sqlite")): it is a folder.")
          && message.contains("(such as \(folder.path("clients.sqlite"))/clients.sqlite) to --database")
      }
      // NB: A folder given with its slash gets no second one.
      #expect {
        try ClientStorageClient.live(databaseAt: folder.path("clients.sqlite") + "/")
      } throws: { error in
        ((error as? StorageError)?.message ?? "").contains("(such as \(folder.path("clients.sqlite"))/clients.sqlite) to")
      }
    }
  }

  /// A path ending in "/", "." or ".." names a folder: refused before anything is made, where
  /// the folder was made and then the database's opening failed.
  @Test func aPathEndingInASlashIsRefusedAndMakesNothing() async throws {
    try await withTemporaryFolder { folder in
      // NB: A link to such a path is one too: the file would be made where it leads.
      #expect(symlink(folder.path("new3") + "/", folder.path("link.sqlite")) == 0)
      for path in [
        folder.path("new.sqlite") + "/", folder.path("new") + "/.", folder.path("new2") + "/..", folder.path("link.sqlite"),
      ] {
        expectBothOpeningsRefuse(path, saying: "it names a folder")
      }
      let contents = try folder.contents()
      #expect(contents == ["link.sqlite"], "nothing made")
    }
  }

  /// A database cut short (a copy that stopped half-way) is named as damaged and left as it
  /// is, not sent to check its folder's permissions.
  @Test func aDatabaseCutShortIsNamedAsDamagedAndLeftUnchanged() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      let clients = try ClientStorageClient.live(databaseAt: path)
      for number in 0..<200 {
        try await clients.add(Client(name: "Client \(number)", email: "c\(number)@example.com", age: 30))
      }
      let whole = try folder.bytes("clients.sqlite")
      let cut = Array(whole.prefix(whole.count / 2))
      try Data(cut).write(to: URL(fileURLWithPath: path))
      #expect {
        try ClientStorageClient.live(databaseAt: path)
      } throws: { error in
        let message = (error as? StorageError)?.message ?? ""
        return message.contains("the file is damaged") && message.contains("It was left unchanged")
      }
      let after = try folder.bytes("clients.sqlite")
      #expect(after == cut)
    }
  }

  /// A link to a database not made yet is followed: the file is made where it points, in a
  /// folder made for it, and the link stays a link.
  @Test func aLinkToADatabaseNotMadeYetIsFollowed() async throws {
    try await withTemporaryFolder { folder in
      #expect(symlink(folder.path("dotfiles/data/clients.sqlite"), folder.path("clients.sqlite")) == 0)
      let clients = try ClientStorageClient.live(databaseAt: folder.path("clients.sqlite"))
      try await clients.add(Client(name: "Ada", email: "ada@example.com", age: 36))
      let reopened = try ClientStorageClient.live(databaseAt: folder.path("dotfiles/data/clients.sqlite"))
      #expect(try await reopened.all().map(\.email) == ["ada@example.com"])
      let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("clients.sqlite"))
      #expect(link == folder.path("dotfiles/data/clients.sqlite"))
    }
  }

  /// A FIFO or a device is said to be one, not an SQLite "disk I/O error".
  @Test func aFIFOOrADeviceIsSaidToBeNoRegularFile() async throws {
    try await withTemporaryFolder { folder in
      #expect(mkfifo(folder.path("fifo"), 0o600) == 0)
      for path in [folder.path("fifo"), "/dev/null"] {
        expectBothOpeningsRefuse(path, saying: "it is not a regular file (a device, a FIFO or a socket)")
      }
    }
  }

  /// Opening at once (`live`) and at the first use (`opening`) refuse `path` alike.
  func expectBothOpeningsRefuse(_ path: String, saying text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let openings: [(String) throws -> ClientStorageClient] = [
      { try ClientStorageClient.live(databaseAt: $0) }, { try ClientStorageClient.opening(databaseAt: $0) },
    ]
    for open in openings {
      #expect(sourceLocation: sourceLocation) {
        try open(path)
      } throws: { error in
        let message = (error as? StorageError)?.message ?? ""
        return message.contains(text)
      }
    }
  }

  @Test func aFileWhereTheFolderShouldBeIsReported() async throws {
    try await withTemporaryFolder { folder in
      try folder.write("x", to: "data")
      #expect {
        try ClientStorageClient.live(databaseAt: folder.path("data/clients.sqlite"))
      } throws: { error in
        ((error as? StorageError)?.message ?? "").contains(
          "could not create the folder \(folder.path("data")) (Not a directory)")
      }
    }
  }
}
