import Foundation
import SettingsFeatures
import SettingsStorage
import Testing

@Suite("Clients database opened in the background")
struct ClientDatabaseOpeningTests {
  let blob = Client(name: "Blob", email: "blob@example.com", age: 30)

  @Test func operationsWaitForTheOpeningAndWork() async throws {
    try await withTemporaryFolder { folder in
      let clients = try ClientStorageClient.opening(databaseAt: folder.path("data/clients.sqlite"))
      #expect(try await clients.emailExists(blob.email) == false)
      try await clients.add(blob)
      #expect(try await clients.emailExists("BLOB@example.com"))
      #expect(try await clients.all() == [blob])
      #expect(try await ClientStorageClient.live(databaseAt: folder.path("data/clients.sqlite")).all() == [blob])
    }
  }

  @Test func nothingIsCreatedBeforeTheFirstOperation() async throws {
    try await withTemporaryFolder { folder in
      let clients = try ClientStorageClient.opening(databaseAt: folder.path("data/clients.sqlite"))
      // Time enough for an opening started at once to have created the folder and the file.
      try await Task.sleep(for: .milliseconds(300))
      #expect(!FileManager.default.fileExists(atPath: folder.path("data")))
      // Reads of a database that is not there find nothing and create nothing.
      #expect(try await clients.all() == [])
      #expect(try await clients.matches("") == [])
      #expect(try await clients.emailExists("ada@example.com") == false)
      #expect(!FileManager.default.fileExists(atPath: folder.path("data")))
      try await clients.add(Client(name: "Ada", email: "ada@example.com", age: 36))
      #expect(FileManager.default.fileExists(atPath: folder.path("data/clients.sqlite")))
      #expect(try await clients.all().map(\.email) == ["ada@example.com"])
    }
  }

  @Test(arguments: [
    "This is a note, not a database. " + String(repeating: "Text ", count: 200),
    "SQLite format 3?",
    "short",
  ])
  func aFileThatIsNotADatabaseIsRefusedAtOnceAndLeftUnchanged(text: String) async throws {
    try await withTemporaryFolder { folder in
      try folder.write(text, to: "clients.sqlite")
      let path = folder.path("clients.sqlite")
      #expect(throws: StorageError(
        "Cannot open the clients database at \(path): the file is not an SQLite database. "
          + "It was left unchanged: move it away, or give another file with --database PATH."
      )) {
        try ClientStorageClient.opening(databaseAt: path)
      }
      #expect(try folder.bytes("clients.sqlite") == Array(text.utf8))
    }
  }

  @Test func anEmptyFileBecomesANewDatabase() async throws {
    try await withTemporaryFolder { folder in
      try folder.write("", to: "clients.sqlite")
      let clients = try ClientStorageClient.opening(databaseAt: folder.path("clients.sqlite"))
      try await clients.add(blob)
      #expect(try await clients.all() == [blob])
    }
  }

  /// A write that cannot open the database says why, each time; reads find no clients there,
  /// as at any path without a database.
  @Test func aFailedOpeningIsThrownByEachWrite() async throws {
    try await withTemporaryFolder { folder in
      try folder.write("x", to: "data")
      let clients = try ClientStorageClient.opening(databaseAt: folder.path("data/clients.sqlite"))
      let expected = "could not create the folder \(folder.path("data")) (Not a directory)"
      #expect(try await clients.all() == [])
      #expect(try await clients.emailExists("blob@example.com") == false)
      for operation in [
        { try await clients.add(blob) },
        { try await clients.add(blob) },
      ] as [@Sendable () async throws -> Void] {
        await #expect {
          try await operation()
        } throws: { error in
          ((error as? StorageError)?.message ?? "").contains(expected)
        }
      }
    }
  }

  @Test func afterAFailureTheNextOperationOpensAgain() async throws {
    try await withTemporaryFolder { folder in
      try folder.write("x", to: "data")
      let clients = try ClientStorageClient.opening(databaseAt: folder.path("data/clients.sqlite"))
      await #expect(throws: StorageError.self) { try await clients.add(blob) }
      // The person removes the file in the way while the form stays open, then saves again.
      try FileManager.default.removeItem(atPath: folder.path("data"))
      try await clients.add(blob)
      #expect(try await clients.all() == [blob])
    }
  }

  /// A backup put back with `mv` while the list is open: the next use reads and writes the
  /// file now at the path, not the one moved away (which the connection kept reading, and
  /// refused to write as "readonly").
  @Test func aFileReplacedAtThePathIsOpenedAnew() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      let clients = try ClientStorageClient.opening(databaseAt: path)
      try await clients.add(blob)
      let ada = Client(name: "Ada", email: "ada@example.com", age: 36)
      try await ClientStorageClient.live(databaseAt: folder.path("backup.sqlite")).add(ada)
      #expect(rename(folder.path("backup.sqlite"), path) == 0)
      #expect(try await clients.all() == [ada])
      let saved = try #require(try await clients.find(ada.email))
      _ = try await clients.remove(saved)
      #expect(try await clients.all() == [])
      #expect(try await ClientStorageClient.live(databaseAt: path).all() == [])
    }
  }

  /// The database removed while the list is open: reads find no clients and create nothing,
  /// and the next write makes a new database there (it said "the file is read-only").
  @Test func aRemovedFileReadsAsNoneAndTheNextWriteMakesANewOne() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      let clients = try ClientStorageClient.opening(databaseAt: path)
      try await clients.add(blob)
      try FileManager.default.removeItem(atPath: path)
      #expect(try await clients.all() == [])
      #expect(try await clients.emailExists(blob.email) == false)
      #expect(!FileManager.default.fileExists(atPath: path))
      // An empty file put in its place is read as none too, and left empty.
      try folder.write("", to: "clients.sqlite")
      #expect(try await clients.all() == [])
      #expect(try folder.bytes("clients.sqlite") == [])
      let ada = Client(name: "Ada", email: "ada@example.com", age: 36)
      try await clients.add(ada)
      #expect(try await ClientStorageClient.live(databaseAt: path).all() == [ada])
    }
  }

  /// A database emptied in place (`: > clients.sqlite`, the same file) while the list is open:
  /// reads find no clients, and the next write makes a database there again.
  @Test func aFileEmptiedInPlaceReadsAsNoneAndTheNextWriteMakesANewOne() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      let clients = try ClientStorageClient.opening(databaseAt: path)
      try await clients.add(blob)
      #expect(truncate(path, 0) == 0)
      #expect(try await clients.all() == [])
      let ada = Client(name: "Ada", email: "ada@example.com", age: 36)
      try await clients.add(ada)
      #expect(try await clients.all() == [ada])
    }
  }
}
