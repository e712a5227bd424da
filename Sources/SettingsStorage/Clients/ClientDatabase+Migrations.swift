import Foundation
import GRDB
import SettingsFeatures

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
    migrator.registerMigration("v2-application-id") { db in
      // NB: Marks the file as ours, so a database of another program is never migrated.
      try db.execute(sql: "PRAGMA application_id = \(applicationID)")
    }
    migrator.registerMigration("v3-client-search") { db in
      // NB: The list's search index: every word of a name or an email (split at spaces, `@`
      //     and dots), so a search for word prefixes reads the index instead of every row. The
      //     triggers GRDB adds keep it in step with the table; existing clients are indexed now.
      try db.create(virtualTable: searchTableName, using: FTS5()) { table in
        table.synchronize(withTable: ClientRecord.databaseTableName)
        table.column("name")
        table.column("email")
      }
    }
    migrator.registerMigration("v4-composed-emails") { db in
      // NB: Emails are looked up composed (NFC, ``normalizedEmail(_:)``): one saved decomposed
      //     (`e` and an accent) by an earlier version or another program is composed now, so
      //     it can still be found. One whose composed form another client already has stays
      //     as it is, rather than failing the migration.
      let rows = try Row.fetchAll(db, sql: "SELECT id, email FROM \(ClientRecord.databaseTableName)")
      for row in rows {
        guard let id = Int64.fromDatabaseValue(row["id"]), let email = String.fromDatabaseValue(row["email"])
        else { continue }
        let composed = email.precomposedStringWithCanonicalMapping
        // NB: Bytes compared: String's == holds the two spellings equal.
        guard !composed.utf8.elementsEqual(email.utf8) else { continue }
        let taken = try Bool.fetchOne(
          db, sql: "SELECT EXISTS (SELECT 1 FROM \(ClientRecord.databaseTableName) WHERE email = ?)",
          arguments: [composed]) ?? false
        if !taken {
          try db.execute(
            sql: "UPDATE \(ClientRecord.databaseTableName) SET email = ? WHERE id = ?",
            arguments: [composed, id])
        }
      }
    }
    migrator.registerMigration("v5-email-keys") { db in
      // NB: NOCASE ignores the case of ASCII letters only, so `JOSÉ@` and `josé@` were two
      //     clients. Each email's key (``Client/emailKey(_:)``, case-folded) is kept beside it,
      //     unique; the emails saved so far get theirs (see `keyEmailsWithoutKeys`).
      try db.alter(table: ClientRecord.databaseTableName) { table in
        table.add(column: "emailKey", .text)
      }
      try db.create(index: "client_on_emailKey", on: ClientRecord.databaseTableName, columns: ["emailKey"], unique: true)
      try keyEmailsWithoutKeys(db)
    }
    migrator.registerMigration("v6-search-without-stacked-accents") { db in
      // NB: The index made by v3 took off one accent a letter carries, not two: "nguyen" did
      //     not find Nguyễn. It is made again with the tokenizer that takes off every one.
      try db.dropFTS5SynchronizationTriggers(forTable: searchTableName)
      try db.drop(table: searchTableName)
      try db.create(virtualTable: searchTableName, using: FTS5()) { table in
        table.tokenizer = searchTokenizer
        table.synchronize(withTable: ClientRecord.databaseTableName)
        table.column("name")
        table.column("email")
      }
    }
    migrator.registerMigration("v7-keys-follow-emails") { db in
      let table = ClientRecord.databaseTableName
      let search = searchTableName
      // NB: The index is made again only when what it holds changes (GRDB's trigger did it on
      //     every update, so giving an import's rows their keys indexed each anew: BENCHMARKS.md,
      //     part 6).
      try db.execute(
        sql: """
          DROP TRIGGER "__\(search)_au";
          CREATE TRIGGER "__\(search)_au" AFTER UPDATE OF "id", "name", "email" ON "\(table)" BEGIN
            INSERT INTO "\(search)"("\(search)", "rowid", "name", "email") VALUES('delete', old."id", old."name", old."email");
            INSERT INTO "\(search)"("rowid", "name", "email") VALUES (new."id", new."name", new."email");
          END;
          """)
      // NB: Another program that gives a client another email leaves its key as it was, and
      //     the old email then still found it: `clients remove OLD` removed this client. A
      //     changed email loses its key, which the next program to open the file makes anew
      //     (`keyEmailsWithoutKeys`); ours sets the new key after the email (`update`).
      try db.execute(
        sql: """
          CREATE TRIGGER "\(table)_email_key_follows_email" AFTER UPDATE OF "email" ON "\(table)"
          WHEN new."email" IS NOT old."email" COLLATE BINARY BEGIN
            UPDATE "\(table)" SET "emailKey" = NULL WHERE "id" = new."id";
          END;
          """)
      // NB: Keys another program left behind before this trigger existed are made anew.
      let rows = try Row.fetchAll(db, sql: "SELECT id, email, emailKey FROM \(table) WHERE emailKey IS NOT NULL")
      for row in rows {
        guard let id = Int64.fromDatabaseValue(row["id"]), let email = String.fromDatabaseValue(row["email"]),
          let key = String.fromDatabaseValue(row["emailKey"]), key != Client.emailKey(email)
        else { continue }
        try db.execute(sql: "UPDATE \(table) SET emailKey = NULL WHERE id = ?", arguments: [id])
      }
      try keyEmailsWithoutKeys(db)
    }
    migrator.registerMigration("v8-search-plain-spellings") { db in
      // NB: SQLite's tokenizer leaves ł, ø, æ, ß and full-width letters as they are, so
      //     `lodz` did not find Łódź. Each row keeps the plain spelling of its name and email
      //     where it differs (``ClientRecord/searchKey(name:email:)``), indexed beside them.
      let table = ClientRecord.databaseTableName
      let search = searchTableName
      try db.dropFTS5SynchronizationTriggers(forTable: search)
      try db.drop(table: search)
      try db.alter(table: table) { table in table.add(column: "searchKey", .text) }
      try fillSearchKeys(db)
      try db.create(virtualTable: search, using: FTS5()) { table in
        table.tokenizer = searchTokenizer
        table.synchronize(withTable: ClientRecord.databaseTableName)
        table.column("name")
        table.column("email")
        table.column("searchKey")
      }
      // NB: As in v7, the index is made again only when what it holds changes; a key made
      //     where there was none to make ("" for NULL) changes nothing it holds either. No
      //     column list (`UPDATE OF …`): SQLite matches it against the names a statement's SET
      //     writes, so `SET rowid = …` would change the id unseen.
      //     Another program that changes a name or an email leaves the key of the old ones:
      //     it is neither indexed nor kept, and the next program to open the file makes it
      //     anew (`fillSearchKeys`). One trigger does both, so the index always holds what the
      //     row holds (a second trigger's update would run between this one's two halves).
      //     Its own update does not fire it again unless triggers are recursive (a connection's
      //     `PRAGMA recursive_triggers`); then that second run takes the old key out, so the
      //     first indexes it.
      let textChanged = #"(new."name" IS NOT old."name" COLLATE BINARY OR new."email" IS NOT old."email" COLLATE BINARY)"#
      let keyLeft = #"new."searchKey" IS old."searchKey" COLLATE BINARY"#
      let notRecursive = "(SELECT recursive_triggers FROM pragma_recursive_triggers()) = 0"
      try db.execute(
        sql: """
          DROP TRIGGER "__\(search)_au";
          CREATE TRIGGER "__\(search)_au" AFTER UPDATE ON "\(table)"
          WHEN new."id" IS NOT old."id" OR \(textChanged)
            OR coalesce(new."searchKey", '') IS NOT coalesce(old."searchKey", '') COLLATE BINARY
          BEGIN
            INSERT INTO "\(search)"("\(search)", "rowid", "name", "email", "searchKey")
              VALUES('delete', old."id", old."name", old."email", old."searchKey");
            INSERT INTO "\(search)"("rowid", "name", "email", "searchKey")
              VALUES (
                new."id", new."name", new."email",
                CASE WHEN \(textChanged) AND \(keyLeft) AND \(notRecursive) THEN NULL ELSE new."searchKey" END);
            UPDATE "\(table)" SET "searchKey" = NULL WHERE "id" = new."id" AND \(textChanged) AND \(keyLeft);
          END;
          """)
      // NB: Each open asks whether a row lacks its key: without this index, a read of every row.
      try db.execute(sql: #"CREATE INDEX "\#(table)_without_searchKey" ON "\#(table)"("id") WHERE "searchKey" IS NULL"#)
    }
    return migrator
  }()

  /// Gives each row without a search key (written by another program) its key.
  static func fillSearchKeys(_ db: Database) throws {
    let table = ClientRecord.databaseTableName
    let rows = try Row.fetchAll(db, sql: "SELECT id, name, email FROM \(table) WHERE searchKey IS NULL")
    let setKey = try db.cachedStatement(sql: "UPDATE \(table) SET searchKey = ? WHERE id = ?")
    for row in rows {
      guard let id = Int64.fromDatabaseValue(row["id"]), let name = String.fromDatabaseValue(row["name"]),
        let email = String.fromDatabaseValue(row["email"])
      else { continue }
      try setKey.execute(arguments: [ClientRecord.searchKey(name: name, email: email), id])
    }
  }

  /// How the search index splits names and emails into words, and how a search's words are
  /// read: case and every accent aside (SQLite's `unicode61 remove_diacritics 2`).
  static let searchTokenizer = FTS5TokenizerDescriptor.unicode61(diacritics: .remove)

  /// Gives each email without a key (saved before emails had keys, or by another program) its
  /// key, oldest first, where no other client has that key yet. Two emails saved before keys
  /// that now have one key keep both rows, rather than failing: the older gets the key, and the
  /// other gets it once the older is gone.
  static func keyEmailsWithoutKeys(_ db: Database) throws {
    let table = ClientRecord.databaseTableName
    let rows = try Row.fetchAll(db, sql: "SELECT id, email FROM \(table) WHERE emailKey IS NULL ORDER BY id")
    // NB: Each statement is compiled once, not once a row: 100,000 rows another program added
    //     (an import) get their keys as the list opens.
    let isTaken = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE emailKey = ?)")
    let setKey = try db.cachedStatement(sql: "UPDATE \(table) SET emailKey = ? WHERE id = ?")
    for row in rows {
      guard let id = Int64.fromDatabaseValue(row["id"]), let email = String.fromDatabaseValue(row["email"])
      else { continue }
      let key = Client.emailKey(email)
      if try Bool.fetchOne(isTaken, arguments: [key]) != true { try setKey.execute(arguments: [key, id]) }
    }
  }

  /// Whether some row has no email key or no search key yet (see `keyEmailsWithoutKeys` and
  /// `fillSearchKeys`).
  static func hasRowsWithoutKeys(_ db: Database) throws -> Bool {
    // NB: Two questions, each answered by an index, where one with OR reads every row.
    let table = ClientRecord.databaseTableName
    return try Bool.fetchOne(
      db,
      sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE emailKey IS NULL) OR EXISTS (SELECT 1 FROM \(table) WHERE searchKey IS NULL)")
      ?? false
  }

  /// Gives the rows another program wrote their keys.
  static func fillKeys(_ db: Database) throws {
    try keyEmailsWithoutKeys(db)
    try fillSearchKeys(db)
  }

  /// The full-text index of the clients' names and emails.
  static let searchTableName = "client_search"

  /// `PRAGMA application_id` of our databases: "STUI".
  static let applicationID: Int32 = 0x5354_5549

  /// Whose database a file is, judged before anything is written to it.
  enum Ownership: Equatable {
    /// Empty: a new database, ours to set up.
    case new
    /// Ours: marked with our application id.
    case ours
    /// Ours by its tables alone, without the mark: made before the mark existed, or dumped and
    /// restored (`.dump` leaves the application id out). Marked again once migrated.
    case unmarked
    /// Another program's: it has other tables, or another application id.
    case foreign
  }

  /// Reads the application id and the tables, writing nothing.
  static func ownership(of db: Database) throws -> Ownership {
    let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
    if id == applicationID { return .ours }
    let tables = try String.fetchAll(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    if tables.isEmpty { return id == 0 ? .new : .foreign }
    // NB: A database loses its application id when it is dumped and restored (`.dump`), so
    //     our tables, the search index's included, also say it is ours.
    let searchTables = ["", "_data", "_idx", "_docsize", "_config"].map { searchTableName + $0 }
    let ourTables = Set([ClientRecord.databaseTableName, migrationsTableName] + searchTables)
    guard id == 0, Set(tables).isSubset(of: ourTables), tables.contains(migrationsTableName) else { return .foreign }
    // NB: A table named `client` alone is no sign: the record of our migrations is, and only
    //     when every migration it names is one of ours.
    let applied = try String.fetchAll(db, sql: "SELECT identifier FROM \(migrationsTableName)")
    return Set(applied).isSubset(of: migrator.migrations) ? .unmarked : .foreign
  }

  /// Where GRDB's migrator records the migrations it applied.
  static let migrationsTableName = "grdb_migrations"

  /// Marks an unmarked database of ours with our application id again (see ``Ownership``).
  static func mark(_ writer: some DatabaseWriter) throws {
    try writer.write { db in
      // NB: Read first: a database the migrations just marked needs no second write.
      if try Int32.fetchOne(db, sql: "PRAGMA application_id") != applicationID {
        try db.execute(sql: "PRAGMA application_id = \(applicationID)")
      }
    }
  }

  /// Brings the database at `writer` up to date.
  ///
  /// NB: The migrator reads which migrations ran, then applies the rest. Another program
  ///     opening a new database at the same moment can apply them in between, which makes
  ///     ours fail ("table client already exists"); that database is up to date, so it is fine.
  ///     Trying again reads the migrations anew and applies what is still missing. The check
  ///     for a newer version's migrations reads the same table, so it is tried again with them
  ///     ("no such table: grdb_migrations" while another program creates it); a database a
  ///     newer version changed throws `superseded()`. It is tried three times, and again as
  ///     long as the other program applies more migrations: each runs in its own transaction,
  ///     so two programs in step can each find the next one taken, once per migration.
  static func migrate(_ writer: some DatabaseWriter, superseded: () -> StorageError) throws {
    var attempts = 0
    var applied = (try? writer.read(migrator.appliedIdentifiers)) ?? []
    while true {
      do {
        if try writer.read(migrator.hasBeenSuperseded) { throw superseded() }
        try migrator.migrate(writer)
        return
      } catch let error as StorageError {
        throw error
      } catch {
        let migratedElsewhere = (try? writer.read { try migrator.hasCompletedMigrations($0) }) ?? false
        if migratedElsewhere { return }
        attempts += 1
        // NB: A read that fails (the other program holds the file) tells nothing either way.
        let now = try? writer.read(migrator.appliedIdentifiers)
        let gotOn = now.map { $0.count > applied.count } ?? false
        applied = now ?? applied
        if attempts >= 3 && !gotOn { throw error }
      }
    }
  }
}
