import Foundation
import SettingsFeatures
import Testing

@testable import SettingsStorage

/// A database is migrated only when it is ours: new, marked with our application id, or made
/// by an earlier version with our tables alone. Another program's is refused untouched.
@Suite("Whose database")
struct ClientDatabaseOwnershipTests {
  @Test func anotherProgramsDatabaseIsRefusedAndLeftByteForByte() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("other.sqlite")
      _ = try SQLiteShell.run("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep');", on: path)
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      do {
        _ = try ClientStorageClient.live(databaseAt: path)
        Issue.record("another program's database was opened")
      } catch let error as StorageError {
        #expect(error.message.contains("another program's SQLite database"), "\(error.message)")
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
      #expect(try SQLiteShell.run(".tables", on: path).trimmingCharacters(in: .whitespacesAndNewlines) == "notes")
    }
  }

  /// A database a newer version migrated further is refused untouched: this version's writes
  /// could break what the newer one keeps there.
  @Test func aDatabaseANewerVersionChangedIsRefusedAndLeftByteForByte() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      try await ClientStorageClient.live(databaseAt: path).add(Client(name: "Ada", email: "ada@example.com", age: 36))
      _ = try SQLiteShell.run("INSERT INTO grdb_migrations VALUES ('v99-future');", on: path)
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      do {
        _ = try ClientStorageClient.live(databaseAt: path)
        Issue.record("a newer version's database was opened")
      } catch let error as StorageError {
        #expect(error.message.contains("a newer version of settings-tui has changed it"), "\(error.message)")
        #expect(error.message.contains("It was left unchanged"), "\(error.message)")
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
  }

  @Test(arguments: [
    // A table of the same name as ours, and nothing else.
    "CREATE TABLE client (id INTEGER PRIMARY KEY, foo TEXT); INSERT INTO client (foo) VALUES ('bar');",
    // Another program's GRDB migrations beside a table of that name.
    """
    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
    INSERT INTO grdb_migrations VALUES ('createInvoices');
    CREATE TABLE client (id INTEGER PRIMARY KEY, foo TEXT);
    """,
  ])
  func ourTableNamesAloneDoNotMakeADatabaseOurs(schema: String) async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("other.sqlite")
      _ = try SQLiteShell.run(schema, on: path)
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect {
        _ = try ClientStorageClient.live(databaseAt: path)
      } throws: { error in
        (error as? StorageError)?.message.contains("another program's SQLite database") == true
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
  }

  @Test func aDatabaseOfAnEarlierVersionIsMarkedAsOurs() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("old.sqlite")
      // The first version's database: our tables, no application id.
      _ = try SQLiteShell.run(
        """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1-create-client');
        CREATE TABLE client (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL,
          email TEXT NOT NULL UNIQUE COLLATE NOCASE, age INTEGER NOT NULL, createdAt TIMESTAMP);
        INSERT INTO client (name, email, age) VALUES ('Ada', 'ada@example.com', 36);
        """, on: path)
      let clients = try ClientStorageClient.live(databaseAt: path)
      #expect(try await clients.all().map(\.email) == ["ada@example.com"])
      #expect(try SQLiteShell.run("PRAGMA application_id;", on: path) == "\(0x5354_5549)\n")
    }
  }

  @Test(.enabled(if: SQLiteShell.isInstalled))
  func aDumpedAndRestoredDatabaseIsStillOursAndMarkedAgain() async throws {
    try await withTemporaryFolder { folder in
      let original = folder.path("clients.sqlite")
      try await ClientStorageClient.live(databaseAt: original)
        .add(Client(name: "Ada Lovelace", email: "ada@example.com", age: 36))
      // `.dump` leaves the application id out: the tables, the search index's included, say whose it is.
      let dump = try SQLiteShell.run(".dump", on: original)
      let restored = folder.path("restored.sqlite")
      _ = try SQLiteShell.run(dump, on: restored)
      #expect(try SQLiteShell.run("PRAGMA application_id;", on: restored) == "0\n")
      let clients = try ClientStorageClient.live(databaseAt: restored)
      #expect(try await clients.all().map(\.email) == ["ada@example.com"])
      #expect(try await clients.matches("lovelace").count == 1)
      // Marked again, so the next open knows it by its id, whatever tables come later.
      #expect(try SQLiteShell.run("PRAGMA application_id;", on: restored) == "\(0x5354_5549)\n")
    }
  }
}
