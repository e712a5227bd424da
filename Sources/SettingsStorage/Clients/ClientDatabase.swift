import Foundation
import GRDB
import SettingsFeatures

extension ClientStorageClient {
  /// Clients kept in an SQLite database at `path`, with a unique email.
  ///
  /// Opening creates the folder (mode 0700) and the database (0600) if needed and brings its
  /// schema up to date; a file that is not an SQLite database is reported and never overwritten.
  /// Writers wait up to 5 seconds for one another, so two programs saving at once both succeed
  /// unless they save the same email: then exactly one does, and the other gets
  /// ``StorageError/emailTaken``. Emails are compared without
  /// case and without surrounding spaces, which are trimmed before saving.
  ///
  /// ```swift
  /// let clients = try ClientStorageClient.live(databaseAt: try StoragePaths.clientsDatabase())
  /// try await withDependencies {
  ///   $0.clientStorage = clients
  /// } operation: {
  ///   try await runClientForm()
  /// }
  /// ```
  public static func live(databaseAt path: String) throws(StorageError) -> Self {
    let database = try ClientDatabase(path: path)
    return Self(
      emailExists: { email in try await database.emailExists(email) },
      add: { client in try await database.add(client) },
      all: { try await database.all() },
      remove: { saved in try await database.remove(saved) },
      find: { email in try await database.find(email) },
      update: { id, original, edited, mode in try await database.update(id, from: original, to: edited, mode) },
      matches: { query in try await database.matches(query) },
      clients: { ids in try await database.clients(ids) }
    )
  }

  /// Like ``live(databaseAt:)``, for commands that only read or remove clients: `nil` when
  /// there is no file at `path`, or an empty one, and then nothing is created or written, so a
  /// mistyped `--database` path leaves no folders or database behind.
  ///
  /// ```swift
  /// let clients = try ClientStorageClient.existing(databaseAt: path)
  /// let all = try await clients?.all() ?? []
  /// ```
  public static func existing(databaseAt path: String) throws(StorageError) -> Self? {
    guard ClientDatabase.presence(at: path) == .mayHoldClients else { return nil }
    return try live(databaseAt: path)
  }

  /// Why ``existing(databaseAt:)`` returned `nil` for `path`, as a message says it: there is
  /// no database, or the file there is empty (a file exists, so "none" would send the user
  /// looking).
  public static func absence(at path: String) -> String {
    switch ClientDatabase.presence(at: path) {
    case .emptyFile: "\(path) is an empty file, not yet a clients database"
    // NB: `.mayHoldClients` only if a file appeared since `existing` looked.
    case .none, .mayHoldClients: "there is no clients database at \(path)"
    }
  }

  /// Like ``live(databaseAt:)``, but the database opens on a background thread at the first
  /// operation, while the caller goes on: an interactive form draws at once, and one cancelled
  /// before it needed the database leaves none behind. Reads of a database that is not there
  /// yet find no clients and create nothing; the first write creates it.
  ///
  /// A file that is not an SQLite database is refused at once, before anything is shown, with
  /// the same ``StorageError`` as ``live(databaseAt:)`` (checking its header is quick). Each
  /// operation waits for the opening; when that fails for another reason (a folder that cannot
  /// be created, say), the operation throws the error ``live(databaseAt:)`` would have, the file
  /// is left unchanged, and the next operation tries again.
  ///
  /// ```swift
  /// let clients = try ClientStorageClient.opening(databaseAt: path)   // returns at once, opens nothing
  /// try await clients.add(client)                                     // opens, then adds
  /// ```
  public static func opening(databaseAt path: String) throws(StorageError) -> Self {
    try ClientDatabase.refuseUnusablePath(path)
    try ClientDatabase.refuseIfNotADatabase(path)
    let opening = ClientDatabaseOpening(path: path)
    return Self(
      emailExists: { email in try await opening.databaseToRead()?.emailExists(email) ?? false },
      add: { client in try await opening.database().add(client) },
      all: { try await opening.databaseToRead()?.all() ?? [] },
      remove: { saved in try await opening.database().remove(saved) },
      find: { email in try await opening.databaseToRead()?.find(email) },
      update: { id, original, edited, mode in
        try await opening.database().update(id, from: original, to: edited, mode)
      },
      matches: { query in try await opening.databaseToRead()?.matches(query) ?? [] },
      clients: { ids in try await opening.databaseToRead()?.clients(ids) ?? [] }
    )
  }
}

/// The clients database at one path: one connection, serialized by GRDB's `DatabaseQueue`.
struct ClientDatabase: Sendable {
  /// How long a write waits for another program's write to finish before giving up.
  static let busyTimeout: TimeInterval = 5

  let path: String
  let queue: DatabaseQueue
  /// Whether the file could be written when it was opened: SQLite opens a file it may not
  /// write read-only, and the connection stays so after the file is made writable.
  let openedWritable: Bool
  /// The file that was opened (device and inode), to tell when another file took its path.
  let opened: FileIdentity?

  /// Opens (creating if needed) and migrates the database at `path`.
  init(path: String) throws(StorageError) {
    self.path = path
    try Self.refuseUnusablePath(path)
    do throws(SystemCallError) {
      // NB: A link to a file not made yet (a dotfiles repository's) is followed, as the
      //     settings file's is: SQLite cannot make that file's folder, nor its link.
      let target = followingSymbolicLinks(path)
      try createFolderIfNeeded(parentFolder(of: target))
      try createPrivateFileIfMissing(target)
    } catch {
      throw Self.cannotOpen(path, reason: "could not \(error.step) (\(error.reason))")
    }
    openedWritable = access(path, W_OK) == 0
    opened = FileIdentity(at: path)
    var configuration = Configuration()
    configuration.busyMode = .timeout(Self.busyTimeout)
    do {
      // NB: A path is a file's, always: SQLite reads ":memory:" as a database kept in memory
      //     (a save that keeps nothing) and "file:..." as a URI; "./" makes both file names.
      queue = try DatabaseQueue(path: path.hasPrefix("/") ? path : "./" + path, configuration: configuration)
      let ownership = try queue.read(Self.ownership(of:))
      guard ownership != .foreign else {
        throw StorageError(
          "Cannot open the clients database at \(path): it is another program's SQLite database. "
            + "It was left unchanged: move it away, or give another file with --database PATH.")
      }
      // NB: Written to by a newer version (a migration this one does not know): its rows may
      //     hold what this version would break, so it is left alone, as another program's is.
      try Self.migrate(queue) {
        StorageError(
          "Cannot open the clients database at \(path): a newer version of settings-tui has changed it "
            + "in ways this one does not know. It was left unchanged: use the newer version, or give another file with --database PATH.")
      }
      if ownership == .unmarked { try Self.mark(queue) }
      // NB: Rows another program saved without keys get theirs; read first, so opening a
      //     database that needs nothing writes nothing, and a read-only one still opens.
      if try queue.read(Self.hasRowsWithoutKeys) { try? queue.write(Self.fillKeys) }
    } catch let error as StorageError {
      throw error
    } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
      throw Self.notADatabase(path)
    } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
      // NB: Not "check that its folder is writable": the file itself is damaged (cut short).
      throw StorageError(
        "Cannot open the clients database at \(path): the file is damaged (\(Self.reason(error))). "
          + "It was left unchanged: restore it from a backup, move it away, or give another file with --database PATH.")
    } catch let error as DatabaseError
      where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    {
      throw StorageError(
        "Cannot open the clients database at \(path): another program kept it locked for "
          + "\(Int(Self.busyTimeout)) seconds. Try again when it is done, or give another file with --database PATH.")
    } catch {
      throw Self.cannotOpen(path, reason: Self.reason(error) + Self.readOnlyCause(error, path: path))
    }
  }

  /// Whether the file at the path is still the one opened: not moved away, removed, or
  /// replaced by another (a backup put back with `mv`), which the connection would go on
  /// reading, and refuse to write as "readonly".
  var isStillAtPath: Bool { opened != nil && FileIdentity(at: path) == opened }

  /// Whether a client with `email` (ignoring case and surrounding spaces) is saved.
  func emailExists(_ email: String) async throws -> Bool {
    let email = Self.normalizedEmail(email)
    do {
      return try await queue.read { db in
        try Self.saved(under: email).isEmpty(db) == false
      }
    } catch {
      throw mapped(error, doing: "read clients from")
    }
  }

  /// Saves `client` with its email trimmed; a taken email is the "already exists" error.
  func add(_ client: Client) async throws {
    var client = client
    client.email = Self.normalizedEmail(client.email)
    let record = ClientRecord(client, createdAt: Date())
    do {
      try await queue.writeWithoutTransaction { db in
        // NB: IMMEDIATE takes the write lock up front, so a busy database makes us wait
        //     (busy timeout) instead of failing halfway through a deferred transaction.
        try db.inTransaction(.immediate) {
          var record = record
          try record.insert(db)
          return .commit
        }
      }
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
      throw StorageError.emailTaken
    } catch {
      throw mapped(error, doing: "save the client to")
    }
  }

  /// Removes the client with `saved`'s id while it is still as `saved` shows it.
  func remove(_ saved: SavedClient) async throws -> ClientRemoval {
    do {
      return try await queue.write { db in
        // NB: By id, and only while the row is what the person confirmed: another program may
        //     have given this client another email, and a third client the old one.
        guard let record = try ClientRecord.fetchOne(db, key: saved.id) else { return .gone }
        guard record.client == saved.client else { return .changed(record.client) }
        try record.delete(db)
        // NB: A row saved before keys that shared this one's key takes it over now.
        try Self.keyEmailsWithoutKeys(db)
        return .removed
      }
    } catch {
      throw mapped(error, doing: "remove the client from")
    }
  }

  /// The client with `email` (ignoring case and surrounding spaces), with its id, or `nil`.
  func find(_ email: String) async throws -> SavedClient? {
    do {
      return try await queue.read { db in
        try Self.saved(under: email).fetchOne(db).flatMap { record in
          record.id.map { SavedClient(id: $0, client: record.client) }
        }
      }
    } catch {
      throw mapped(error, doing: "read clients from")
    }
  }

  /// Saves the changes an edit made to the client with `id`: `edited`'s changes from
  /// `original` (what the edit opened with), field by field; a taken email is the "already
  /// exists" error. A field another program saved meanwhile that the edit left alone keeps
  /// that program's value, the email too. A field both changed, to different values, throws
  /// ``ClientStorageClient/ClientChanged`` unless `mode` keeps this edit's. Returns the client
  /// as saved.
  @discardableResult
  func update(
    _ id: Int64, from original: Client, to edited: Client, _ mode: ClientStorageClient.UpdateMode
  ) async throws -> Client {
    do {
      return try await queue.write { db in
        // NB: By id, not by email: another program may have given the client another email,
        //     and a third client the old one, since the edit opened.
        guard var record = try ClientRecord.fetchOne(db, key: id) else {
          throw StorageError.deleted(original)
        }
        // NB: Checked in the write that saves, so no save slips in between.
        let conflicts = Client.conflicts(ours: edited, base: original, theirs: record.client)
        if mode == .askIfBothChanged, !conflicts.isEmpty {
          throw ClientStorageClient.ClientChanged(fields: conflicts, saved: record.client)
        }
        var merged = Client.merging(ours: edited, base: original, theirs: record.client)
        merged.email = Self.normalizedEmail(merged.email)
        // NB: Compared by their bytes, as the schema's triggers compare them: String's ==
        //     holds a decomposed é (another program's) equal to the composed one saved now.
        let emailChanged = !merged.email.utf8.elementsEqual(record.email.utf8)
        record.name = merged.name
        record.email = merged.email
        record.age = merged.age
        // NB: Only the fields an edit changes: a `createdAt` the record could not read as a
        //     date (another program wrote it) is kept as it was.
        try record.update(db, columns: ["name", "email", "age"])
        // NB: The keys are set after the name and email, whose change takes the old ones away
        //     (the schema's triggers, for other programs). An email key is made only for a
        //     changed email: a row saved before emails had keys (whose key another row has)
        //     is still saved as it was. The search key is set every time: set as it was, the
        //     index is not made again.
        let table = ClientRecord.databaseTableName
        if emailChanged {
          try db.execute(
            sql: "UPDATE \(table) SET emailKey = ? WHERE id = ?", arguments: [Client.emailKey(merged.email), id])
        }
        try db.execute(
          sql: "UPDATE \(table) SET searchKey = ? WHERE id = ?",
          arguments: [ClientRecord.searchKey(name: merged.name, email: merged.email), id])
        return merged
      }
    } catch let error as StorageError {
      throw error
    } catch let changed as ClientStorageClient.ClientChanged {
      throw changed
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
      throw StorageError.emailTaken
    } catch {
      throw mapped(error, doing: "save the client to")
    }
  }

  /// Every saved client, oldest first.
  func all() async throws -> [Client] {
    do {
      return try await queue.read { db in
        // NB: AUTOINCREMENT ids only grow, so id order is insertion order even when two
        //     clients share a `createdAt` timestamp.
        try ClientRecord.order(Column("id")).fetchAll(db).map(\.client)
      }
    } catch {
      throw mapped(error, doing: "read clients from")
    }
  }

  /// The client saved under `email`: found by its key (``Client/emailKey(_:)``), or by the
  /// email as written (`NOCASE`) where another program saved a row without a key. Should two
  /// match (saved before emails had keys), the one with this very email comes first, else the
  /// oldest.
  static func saved(under email: String) -> QueryInterfaceRequest<ClientRecord> {
    let email = normalizedEmail(email)
    return ClientRecord
      .filter(Column("emailKey") == Client.emailKey(email) || Column("email") == email)
      .order(sql: "email = ? COLLATE BINARY DESC, id", arguments: [email])
  }

  /// Emails are stored and compared without surrounding spaces or newlines.
  static func normalizedEmail(_ email: String) -> String {
    // NB: Composed (NFC), so `é` typed as one character or as `e` and an accent is one email:
    //     SQLite compares bytes, and the two would print the same and both be saved.
    email.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
  }

  /// A ``StorageError`` for `error`, except cancellation, which passes through unchanged.
  func mapped(_ error: any Error, doing action: String) -> any Error {
    if error is CancellationError { return error }
    let reason = Self.reason(error) + Self.readOnlyCause(error, path: path)
    return StorageError("Cannot \(action) the clients database at \(path): \(reason).")
  }

  /// What makes a write fail as "readonly database", in words a person can act on: SQLite
  /// writes a journal beside the file, so a folder without write permission refuses writes to
  /// a writable file too; empty when the error is another one.
  static func readOnlyCause(_ error: any Error, path: String) -> String {
    guard let error = error as? DatabaseError, error.resultCode == .SQLITE_READONLY else { return "" }
    let folder = parentFolder(of: path)
    // NB: SQLite says "readonly" too for a file moved or removed while it was open.
    if FileIdentity(at: path) == nil { return " (the file was moved or removed while it was open)" }
    if access(path, W_OK) != 0 { return " (the file is read-only: give yourself write permission)" }
    if access(folder, W_OK) != 0 {
      return " (its folder \(folder) is read-only, and SQLite writes its journal beside the file: "
        + "give yourself write permission there, or give another file with --database PATH)"
    }
    return ""
  }

  /// What is at a database's path, as far as reading clients goes.
  enum Presence {
    /// No file (nor folder on the way).
    case none
    /// An empty file: SQLite would start a database there, which reading must not do.
    case emptyFile
    /// Something else: for the opening to judge (a database, or a file it refuses).
    case mayHoldClients
  }

  /// What is at `path`: where there is nothing or an empty file, a read finds no clients and
  /// creates nothing.
  static func presence(at path: String) -> Presence {
    var info = stat()
    if stat(path, &info) != 0 { return errno == ENOENT || errno == ENOTDIR ? .none : .mayHoldClients }
    return (info.st_mode & S_IFMT) == S_IFREG && info.st_size == 0 ? .emptyFile : .mayHoldClients
  }

  /// Throws where no database can be, before anything is made there: a folder, a path that
  /// names one (ending in `/`, `.` or `..`: its folder was made, then the opening failed), or
  /// what is not a regular file (a device, a FIFO, a socket: SQLite says "disk I/O error",
  /// which sends one looking at disks).
  static func refuseUnusablePath(_ path: String) throws(StorageError) {
    var info = stat()
    let exists = stat(path, &info) == 0
    // NB: And where a link leads, which is where the file would be made.
    let namesAFolder = [path, followingSymbolicLinks(path)].contains { path in
      path.hasSuffix("/") || [".", ".."].contains(fileName(of: path))
    }
    if (exists && (info.st_mode & S_IFMT) == S_IFDIR) || namesAFolder {
      throw StorageError(
        "Cannot open the clients database at \(path): \(exists ? "it is a folder" : "it names a folder"). "
          + "Pass the database file's path (such as \(path.hasSuffix("/") ? path : path + "/")clients.sqlite) to --database.")
    }
    if exists, (info.st_mode & S_IFMT) != S_IFREG {
      throw StorageError(
        "Cannot open the clients database at \(path): it is not a regular file (a device, a FIFO or a socket). "
          + "It was left unchanged: pass a file's path to --database.")
    }
  }

  /// Throws when a file at `path` is not an SQLite database, judged by its 16-byte header
  /// ("SQLite format 3" and a zero byte). No file, or an empty one, is fine: SQLite starts a
  /// new database there. Reading errors are left for the real opening to report.
  static func refuseIfNotADatabase(_ path: String) throws(StorageError) {
    let header = Array("SQLite format 3\0".utf8)
    let start: [UInt8]?
    do {
      start = try readFileIfPresent(path, limit: header.count, prefixOnly: true)
    } catch where error.explanation != nil {
      // NB: A FIFO or a device made there since `refuseUnusablePath` looked.
      throw StorageError(
        "Cannot open the clients database at \(path): \(error.reason). "
          + "It was left unchanged: move it away, or give another file with --database PATH.")
    } catch {
      return  // NB: Left for the real opening to report.
    }
    guard let start, !start.isEmpty else { return }
    if start != header { throw notADatabase(path) }
  }

  private static func notADatabase(_ path: String) -> StorageError {
    StorageError(
      "Cannot open the clients database at \(path): the file is not an SQLite database. "
        + "It was left unchanged: move it away, or give another file with --database PATH."
    )
  }

  private static func cannotOpen(_ path: String, reason: String) -> StorageError {
    StorageError(
      "Cannot open the clients database at \(path): \(reason). "
        + "Check that its folder is writable and the file is an SQLite database, "
        + "or give another file with --database PATH."
    )
  }

  /// The short SQLite message ("database is locked"), without the SQL that was running.
  private static func reason(_ error: any Error) -> String {
    if let error = error as? DatabaseError {
      if error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
        return "another program keeps it locked (try again when it is done)"
      }
      // NB: The search index reads its settings as it opens; under another program's lock
      //     that fails with SQLite's "vtable constructor failed: client_search".
      if error.message?.hasPrefix("vtable constructor failed") == true {
        return "its search index could not be read, most likely because another program keeps it locked (try again when it is done)"
      }
      return error.message ?? "\(error.resultCode)"
    }
    // NB: GRDB's own text repeats the whole row and the SQL: a client's data and our query.
    if error is RowDecodingError { return "a client's row holds a value its column cannot hold (written by another program)" }
    return "\(error)"
  }
}

/// A file's device and inode: the same at a path as long as no other file took it.
struct FileIdentity: Equatable, Sendable {
  let device: UInt64
  let inode: UInt64

  /// The identity of the file at `path` (a link followed), or `nil` where there is none.
  init?(at path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}
