import Foundation
import SettingsFeatures
import SettingsStorage
import Testing

/// Two programs saving clients at the same moment, each with its own connection.
@Suite("Clients database shared by two programs")
struct ClientDatabaseConcurrencyTests {
  @Test func sameEmailAtOnceFromTwoConnectionsSavesExactlyOne() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      // NB: Two `live` values are two independent GRDB queues, as two processes would have.
      let first = try ClientStorageClient.live(databaseAt: path)
      let second = try ClientStorageClient.live(databaseAt: path)
      for round in 0..<25 {
        let email = "client\(round)@example.com"
        async let a = outcome { try await first.add(Client(name: "A", email: email, age: 20)) }
        async let b = outcome { try await second.add(Client(name: "B", email: email.uppercased(), age: 30)) }
        let outcomes = await [a, b]
        #expect(outcomes.filter { $0 == nil }.count == 1, "round \(round): \(outcomes)")
        #expect(outcomes.contains(StorageError("A client with this email already exists")))
      }
      let saved = try await first.all()
      #expect(saved.count == 25)
      #expect(Set(saved.map { $0.email.lowercased() }).count == 25)
    }
  }

  @Test func twoConnectionsOpeningANewDatabaseAtOnceBothSucceed() async throws {
    try await withTemporaryFolder { folder in
      for round in 0..<10 {
        let path = folder.path("new\(round).sqlite")
        async let a = Task { try ClientStorageClient.live(databaseAt: path) }.value
        async let b = Task { try ClientStorageClient.live(databaseAt: path) }.value
        let (first, second) = try await (a, b)
        try await first.add(Client(name: "A", email: "a@example.com", age: 20))
        #expect(try await second.all().count == 1)
      }
    }
  }

  /// A separate `sqlite3` process holds the write lock; our save waits for it instead of failing
  /// with "database is locked", then sees the email the other process committed.
  @Test(.enabled(if: SQLiteShell.isInstalled), .timeLimit(.minutes(1)))
  func aSaveWaitsForAnotherProcessAndSeesItsEmail() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      let clients = try ClientStorageClient.live(databaseAt: path)
      let marker = folder.path("locked")
      let shell = try SQLiteShell.start(on: path)
      defer { if shell.process.isRunning { shell.process.terminate() } }
      shell.input.write(Data("""
        BEGIN IMMEDIATE;
        INSERT INTO client (name, email, age, createdAt) VALUES ('Other', 'blob@example.com', 40, CURRENT_TIMESTAMP);
        .shell touch '\(marker)'

        """.utf8))
      while !FileManager.default.fileExists(atPath: marker) {
        try await Task.sleep(for: .milliseconds(10))
      }

      let save = Task { try await clients.add(Client(name: "Blob", email: "Blob@example.com", age: 30)) }
      try await Task.sleep(for: .milliseconds(300))
      shell.input.write(Data("COMMIT;\n".utf8))
      try shell.input.close()

      await #expect(throws: StorageError("A client with this email already exists")) {
        try await save.value
      }
      shell.process.waitUntilExit()
      #expect(shell.process.terminationStatus == 0)
      #expect(try await clients.all() == [Client(name: "Other", email: "blob@example.com", age: 40)])
    }
  }

  /// Another process holds an exclusive lock past the busy timeout: a search says the
  /// database is locked, in words, not SQLite's "vtable constructor failed".
  @Test(.enabled(if: SQLiteShell.isInstalled), .timeLimit(.minutes(1)))
  func aSearchUnderAnotherProcesssLockSaysItIsLocked() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      let clients = try ClientStorageClient.live(databaseAt: path)
      try await clients.add(Client(name: "Ada", email: "ada@example.com", age: 36))
      let searching = try ClientStorageClient.live(databaseAt: path)
      let marker = folder.path("locked")
      let shell = try SQLiteShell.start(on: path)
      defer { if shell.process.isRunning { shell.process.terminate() } }
      shell.input.write(Data("BEGIN EXCLUSIVE;\nUPDATE client SET age = 37;\n.shell touch '\(marker)'\n".utf8))
      while !FileManager.default.fileExists(atPath: marker) {
        try await Task.sleep(for: .milliseconds(10))
      }
      do {
        _ = try await searching.matches("ada")
        Issue.record("the search went through a lock")
      } catch let error as StorageError {
        #expect(error.message.contains("because another program keeps it locked (try again when it is done)")
          || error.message.contains(": another program keeps it locked (try again when it is done)"), "\(error)")
        #expect(!error.message.contains("vtable"), "\(error)")
      }
      shell.input.write(Data("ROLLBACK;\n".utf8))
      try shell.input.close()
      shell.process.waitUntilExit()
      #expect(try await searching.matches("ada").count == 1, "once the lock is gone")
    }
  }

  private func outcome(_ body: () async throws -> Void) async -> StorageError? {
    do {
      try await body()
      return nil
    } catch let error as StorageError {
      return error
    } catch {
      return StorageError("unexpected \(error)")
    }
  }
}
