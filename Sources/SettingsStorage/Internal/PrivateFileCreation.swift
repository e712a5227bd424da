#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Creates an empty file at `path` that only its owner may read or write (0600), unless something
/// is already there, which is left exactly as it is.
///
/// For a database that SQLite would otherwise create with the umask's permissions (0644 on most
/// systems), readable by every user: SQLite gives its journal the database file's permissions,
/// and an empty file opens as a new, empty database.
///
/// Throws ``SystemCallError`` when the file can be neither created nor found.
func createPrivateFileIfMissing(_ path: String) throws(SystemCallError) {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
  if descriptor >= 0 {
    close(descriptor)
    return
  }
  // NB: EEXIST also covers another program creating it at the same moment.
  if errno == EEXIST { return }
  throw SystemCallError("create \(path)")
}
