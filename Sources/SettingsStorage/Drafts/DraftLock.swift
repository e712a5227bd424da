#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps other runs off one draft while a form edits it: an advisory lock (`flock`) on a file
/// beside the draft, held until this lock is released or the process ends, however it ends (kill
/// -9 too). So a second copy of a form neither offers nor removes the draft of one still
/// running, and a draft whose lock is free was left by a run that was cut off.
///
/// ```swift
/// if let lock = DraftLock(draftPath: path) { ... the draft at path is this run's ... }
/// ```
// NB: Beside the draft (`NAME.json.lock`), not on it: a draft is replaced by a rename, and a
//     lock stays with the file it was taken on. The holder removes the lock file before it lets
//     go, so no lock file is left per client ever edited; a run that opened the file just
//     before it went sees, once it holds the lock, that the path no longer names that file,
//     and tries again.
public final class DraftLock: Sendable {
  private let path: String
  private let descriptor: Int32

  /// Takes the lock of the draft at `draftPath`; `nil` when another run holds it, or when no
  /// lock file can be made there (then no draft can be written there either).
  public init?(draftPath: String) {
    let path = draftPath + ".lock"
    try? createFolderIfNeeded(parentFolder(of: path))
    for _ in 0..<3 {
      let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { return nil }
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
        close(descriptor)
        return nil
      }
      var held = stat()
      var named = stat()
      if fstat(descriptor, &held) == 0, stat(path, &named) == 0,
        held.st_dev == named.st_dev, held.st_ino == named.st_ino
      {
        self.path = path
        self.descriptor = descriptor
        return
      }
      close(descriptor)
    }
    return nil
  }

  /// Why no draft can be kept for `draftPath` (its folder cannot be made or written), as the
  /// end of a sentence ("could not create the folder /x (Read-only file system)"); `nil` when
  /// one can, where ``init(draftPath:)`` failing means another run holds the lock.
  public static func problem(draftPath: String) -> String? {
    let folder = parentFolder(of: draftPath)
    do throws(SystemCallError) {
      try createFolderIfNeeded(folder)
    } catch {
      return "could not \(error.step) (\(error.reason))"
    }
    guard access(folder, W_OK) == 0 else {
      return "the folder \(folder) cannot be written (\(String(cString: strerror(errno))))"
    }
    // NB: A writable folder may still refuse a new file (no free inodes, a quota). A lock file
    //     another run holds opens; one made here stays, as any run's may, for the next.
    let descriptor = open(draftPath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return "could not create \(draftPath).lock (\(String(cString: strerror(errno))))" }
    close(descriptor)
    return nil
  }

  deinit {
    unlink(path)
    close(descriptor)
  }
}
