import GRDB
import SettingsFeatures
import Testing

@testable import SettingsStorage

/// Two programs migrating one new database in step: each migration runs in a transaction of
/// its own, after the migrator has read which ran, so the other program can take every one.
@Suite("Migrating while another program migrates")
struct ClientDatabaseMigrationRaceTests {
  /// Before each of our migrations begins, the other program applies that very migration: ours
  /// fails once per migration, more often than a fixed number of tries, and still ends with an
  /// up-to-date database rather than an error.
  @Test func everyMigrationTakenByAnotherProgramFirstStillOpens() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      let other = try DatabaseQueue(path: path)
      let migrator = ClientDatabase.migrator
      var configuration = Configuration()
      configuration.prepareDatabase { db in
        db.trace(options: .statement) { event in
          guard case let .statement(statement) = event, statement.sql.hasPrefix("BEGIN IMMEDIATE") else { return }
          let applied = (try? other.read(migrator.appliedIdentifiers)) ?? []
          guard let next = migrator.migrations.first(where: { !applied.contains($0) }) else { return }
          try? migrator.migrate(other, upTo: next)
        }
      }
      let ours = try DatabaseQueue(path: path, configuration: configuration)
      try ClientDatabase.migrate(ours) { StorageError("superseded") }
      #expect(try ours.read(migrator.hasCompletedMigrations))
    }
  }
}
