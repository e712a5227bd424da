import Foundation
import SettingsFeatures
import SettingsStorage
import Testing

/// An email's key (``Client/emailKey(_:)``) is what commands find a client by: it must follow
/// the email, whoever changes it.
@Suite("Email keys follow emails", .enabled(if: SQLiteShell.isInstalled))
struct ClientEmailKeyTests {
  let bob = Client(name: "Bob", email: "bob@x.com", age: 30)

  /// Another program fixing a typo in an email (sqlite3, a script) leaves no trace of the old
  /// one: before, the old email still found the client, and `clients remove OLD` removed it.
  @Test func anEmailAnotherProgramChangedIsFoundOnlyByItsNewSpelling() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      let clients = try ClientStorageClient.live(databaseAt: path)
      try await clients.add(bob)
      _ = try SQLiteShell.run("UPDATE client SET email = 'robert@x.com' WHERE email = 'bob@x.com';", on: path)
      // The program that was open when it changed, and one that opens after.
      for clients in [clients, try ClientStorageClient.live(databaseAt: path)] {
        #expect(try await clients.find("bob@x.com") == nil)
        #expect(try await clients.find("ROBERT@x.com")?.client.name == "Bob")
      }
      try await clients.add(Client(name: "New Bob", email: "BOB@x.com", age: 25))
      // The next program to open the file gives the changed email its key again.
      let reopened = try ClientStorageClient.live(databaseAt: path)
      await #expect(throws: StorageError("A client with this email already exists")) {
        try await reopened.add(Client(name: "Other", email: "Robert@X.com", age: 40))
      }
      #expect(try SQLiteShell.run("SELECT email, emailKey FROM client ORDER BY id;", on: path)
        == "robert@x.com|robert@x.com\nBOB@x.com|bob@x.com\n")
    }
  }

  /// Our own edit of an email keeps the new key (the schema's trigger takes the old one away
  /// first), and one that keeps the email keeps its key.
  @Test func anEditKeepsTheKeyOfTheEmailItSaves() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      let clients = try ClientStorageClient.live(databaseAt: path)
      try await clients.add(bob)
      let saved = try #require(try await clients.find("bob@x.com"))
      var renamed = bob
      renamed.email = "Rob@x.com"
      _ = try await clients.update(saved.id, bob, renamed, .askIfBothChanged)
      var older = renamed
      older.age = 31
      _ = try await clients.update(saved.id, renamed, older, .askIfBothChanged)
      #expect(try SQLiteShell.run("SELECT email, emailKey, age FROM client;", on: path) == "Rob@x.com|rob@x.com|31\n")
      #expect(try await clients.find("bob@x.com") == nil)
      await #expect(throws: StorageError("A client with this email already exists")) {
        try await clients.add(Client(name: "Other", email: "ROB@x.com", age: 40))
      }
    }
  }

  /// An email another program saved decomposed (`e` and an accent) is saved composed by an
  /// edit of ours, which must not leave the row without its keys: String's == holds the two
  /// spellings equal, while the schema's triggers see a change.
  @Test func anEditOfAnEmailSavedDecomposedKeepsItsKeys() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      _ = try ClientStorageClient.live(databaseAt: path)
      _ = try SQLiteShell.run("INSERT INTO client (name, email, age) VALUES ('Łukasz', 'jose\u{301}@x.com', 40);", on: path)
      let clients = try ClientStorageClient.live(databaseAt: path)
      let saved = try #require(try await clients.find("josé@x.com"))
      var older = saved.client
      older.age = 41
      _ = try await clients.update(saved.id, saved.client, older, .askIfBothChanged)
      #expect(try SQLiteShell.run("SELECT emailKey, searchKey FROM client;", on: path) == "josé@x.com|lukasz jose@x.com\n")
      await #expect(throws: StorageError("A client with this email already exists")) {
        try await clients.add(Client(name: "Other", email: "JOSÉ@x.com", age: 40))
      }
    }
  }

  /// A database whose keys another program left stale before the schema kept them in step:
  /// opening it makes them anew.
  @Test func keysLeftStaleBeforeAreMadeAnew() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      try await ClientStorageClient.live(databaseAt: path).add(bob)
      // As the schema was before: no trigger, and the migration not yet applied.
      _ = try SQLiteShell.run(
        """
        DROP TRIGGER client_email_key_follows_email;
        DELETE FROM grdb_migrations WHERE identifier = 'v7-keys-follow-emails';
        UPDATE client SET email = 'robert@x.com';
        """, on: path)
      #expect(try SQLiteShell.run("SELECT emailKey FROM client;", on: path) == "bob@x.com\n")
      let clients = try ClientStorageClient.live(databaseAt: path)
      #expect(try await clients.find("bob@x.com") == nil)
      #expect(try SQLiteShell.run("SELECT emailKey FROM client;", on: path) == "robert@x.com\n")
    }
  }

  /// Giving keys to rows another program added re-indexes nothing: only a name or an email
  /// changes what the search index holds.
  @Test func aChangeOfAgeOrKeyLeavesTheSearchIndexAlone() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      let clients = try ClientStorageClient.live(databaseAt: path)
      try await clients.add(bob)
      let counts = try SQLiteShell.run(
        """
        SELECT total_changes();
        UPDATE client SET age = 31, emailKey = 'bob@x.com';
        SELECT total_changes();
        """, on: path)
      #expect(counts == "0\n1\n", "only the row itself changed")
      #expect(try await clients.matches("bob").count == 1)
      _ = try SQLiteShell.run("UPDATE client SET name = 'Zed';", on: path)
      #expect(try await clients.matches("bob").count == 1, "found by the email still")
      #expect(try await clients.matches("zed").count == 1)
    }
  }
}
