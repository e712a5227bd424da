import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The clients database, opened on a background thread at its first use, so a form draws at
/// once and a form left without a use (cancelled with only a name typed) creates no database
/// and runs none of SQLite (BENCHMARKS.md, "Start-up"). Every use waits for the opening.
///
/// A failed opening is thrown to the uses that waited for it and tried again by the next use:
/// the person may have moved a broken file away while the form stayed open.
final class ClientDatabaseOpening: Sendable {
  private let path: String
  private let attempt = Mutex<Task<ClientDatabase, any Error>?>(nil)

  /// Opens nothing yet: the first use starts the opening.
  init(path: String) {
    self.path = path
  }

  /// The open database, once the opening (this one or a new one after a failure) succeeds.
  /// It is opened again where the file at the path is no longer the one opened (moved away,
  /// removed, or replaced by a backup), and where it was opened read-only and may now be
  /// written: the person gave themselves permission after a save failed, with the list open.
  func database() async throws -> ClientDatabase {
    let task = currentAttempt()
    do {
      let database = try await task.value
      // NB: Emptied in place (`: > clients.sqlite`), the file keeps its inode, and the open
      //     connection would find no tables: opened anew, the empty file becomes a database.
      let stale = !database.isStillAtPath || ClientDatabase.presence(at: path) == .emptyFile
      guard stale || (!database.openedWritable && access(path, W_OK) == 0) else {
        return database
      }
      attempt.withLock { current in
        if current == task { current = nil }
      }
      return try await currentAttempt().value
    } catch {
      attempt.withLock { current in
        if current == task { current = nil }
      }
      throw error
    }
  }

  /// The open database for a read, or `nil` while there is none to read: no file at the path,
  /// or an empty one, even where a database was opened there before (since removed or
  /// emptied). A read then finds no clients and creates nothing, so a mistyped `--database`
  /// path browsed and left leaves no database behind; the next write opens anew.
  func databaseToRead() async throws -> ClientDatabase? {
    guard ClientDatabase.presence(at: path) == .mayHoldClients else { return nil }
    return try await database()
  }

  private func currentAttempt() -> Task<ClientDatabase, any Error> {
    attempt.withLock { current in
      if let current { return current }
      let path = path
      let task = Task.detached(priority: .userInitiated) { () throws -> ClientDatabase in
        try ClientDatabase(path: path)
      }
      current = task
      return task
    }
  }
}
