import GRDB

extension ClientDatabase {
  /// The schema's history, one registered migration per change. Never edit a migration that
  /// has shipped: add a new one, so existing databases are brought up to date in order.
  static let migrator: DatabaseMigrator = {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1-create-client") { db in
      try db.create(table: ClientRecord.databaseTableName) { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("name", .text).notNull()
        // NB: The column's NOCASE collation makes both the UNIQUE index and `email = ?`
        //     comparisons ignore (ASCII) case, so `emailExists` and `add` always agree.
        table.column("email", .text).notNull().unique().collate(.nocase)
        table.column("age", .integer).notNull()
        table.column("createdAt", Database.ColumnType(rawValue: "TIMESTAMP"))
      }
    }
    return migrator
  }()

  /// Brings the database at `writer` up to date.
  ///
  /// NB: The migrator reads which migrations ran, then applies the rest. Another program
  ///     opening a new database at the same moment can apply them in between, which makes
  ///     ours fail ("table client already exists"); that database is up to date, so it is fine.
  static func migrate(_ writer: some DatabaseWriter) throws {
    do {
      try migrator.migrate(writer)
    } catch {
      let migratedElsewhere = (try? writer.read { try migrator.hasCompletedMigrations($0) }) ?? false
      if !migratedElsewhere { throw error }
    }
  }
}
