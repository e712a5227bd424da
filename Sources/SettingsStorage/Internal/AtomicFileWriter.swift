#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a file's contents all at once: readers (and a crash) see either the old file or the
/// new one, never a half-written mix.
///
/// The bytes go to a fresh temporary file beside the target (`mkstemp`), are flushed to disk
/// (`fsync`), and the temporary file is renamed over the target, which is atomic within one file
/// system; the folder is flushed last so the rename itself survives a power cut. On any failure
/// the temporary file is removed and the target is untouched.
///
/// ```swift
/// try AtomicFileWriter().write(Array("{}\n".utf8), to: "/home/blob/.config/app/settings.json")
/// ```
struct AtomicFileWriter: Sendable {
  /// Where the temporary file is created; `nil` (the default) means the target's own folder.
  ///
  /// NB: Only tests set this, to cause a failure on purpose: a rename across folders on
  ///     different file systems fails, and a missing folder makes `mkstemp` fail.
  var temporaryFolder: String?

  /// Writes `bytes` to `path`, keeping the permission bits, owner and group of the file it
  /// replaces (as far as this user may give them: the group where they belong to it, the owner
  /// as root), or giving a new file `newFileMode`. Missing folders are created with mode 0700.
  func write(_ bytes: [UInt8], to path: String, newFileMode: mode_t = 0o600)
    throws(SystemCallError)
  {
    // NB: A settings file kept elsewhere (a dotfiles repository) stays a link, and its target
    //     gets the new contents, even when it does not exist yet (a dangling link is followed).
    let target = followingSymbolicLinks(path)
    let folder = parentFolder(of: target)
    try createFolderIfNeeded(folder)
    let existing = existingFile(at: target)
    let mode = existing?.mode ?? newFileMode
    // NB: A file made read-only (chmod 444) is left alone: renaming over it would get round
    //     its own permission, since only the folder's counts for a rename.
    if existing != nil, access(target, W_OK) != 0, errno == EACCES {
      var info = stat()
      let isOurs = stat(target, &info) == 0 && info.st_uid == geteuid()
      throw SystemCallError(
        "replace \(target)", code: EACCES,
        explanation: isOurs
          ? "it is read-only, mode \(String(mode, radix: 8))"
          : "it belongs to another user (uid \(info.st_uid)) who has not let you write to it",
        remedy: isOurs ? "Make it writable (chmod u+w)" : "Ask its owner")
    }

    let temporary = try TemporaryFile(in: temporaryFolder ?? folder, namedAfter: fileName(of: target))
    do throws(SystemCallError) {
      // NB: A renamed file is a new one, with this process's owner and group: a config shared
      //     with a group (640 root:users) would shut the group out.
      if let existing { temporary.takeOwner(existing.owner, group: existing.group) }
      try temporary.writeAll(bytes, mode: mode)
      try temporary.finish()
      guard rename(temporary.path, target) == 0 else {
        throw SystemCallError("replace \(target)")
      }
    } catch {
      temporary.discard()
      throw error
    }
    flushFolder(folder)
    removeStaleTemporaries(in: temporaryFolder ?? folder, namedAfter: fileName(of: target))
  }

  /// How old a temporary file must be before it counts as left behind by a save that was
  /// killed: far longer than any save takes, so another program's save in progress is spared.
  static let staleAge: Int = 10 * 60

  /// Removes temporary files of `name` (`.name.XXXXXX`, as ``TemporaryFile`` makes them) that a
  /// killed save left behind: regular files of ours, untouched for ``staleAge`` seconds.
  func removeStaleTemporaries(in folder: String, namedAfter name: String) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    let prefix = ".\(name)."
    let now = time(nil)
    while let entry = readdir(directory) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard entryName.hasPrefix(prefix), entryName.count == prefix.count + 6 else { continue }
      let path = "\(folder)/\(entryName)"
      var info = stat()
      guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == getuid()
      else { continue }
      #if os(Linux)
        let modified = info.st_mtim.tv_sec
      #else
        let modified = info.st_mtimespec.tv_sec
      #endif
      guard now - modified >= Self.staleAge else { continue }
      _ = unlink(path)
    }
  }

  /// The permission bits, owner and group of an existing regular file at `path`, or `nil`.
  private func existingFile(at path: String) -> (mode: mode_t, owner: uid_t, group: gid_t)? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return (info.st_mode & 0o7777, info.st_uid, info.st_gid)
  }

  /// Flushes a folder's entries (the rename) to disk.
  ///
  /// NB: Best effort: the new contents are already in place when this runs, and some file
  ///     systems refuse `fsync` on a folder (EINVAL); reporting "not saved" then would be false.
  private func flushFolder(_ folder: String) {
    let descriptor = retryingOnInterrupt { open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    _ = close(descriptor)
  }
}

/// A temporary file made by `mkstemp`, open for writing until closed or discarded.
private final class TemporaryFile {
  let path: String
  private var descriptor: Int32

  init(in folder: String, namedAfter name: String) throws(SystemCallError) {
    // NB: A leading dot keeps a leftover (after a crash) out of plain `ls` listings.
    var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else {
      throw SystemCallError("create a temporary file in \(folder)")
    }
    self.descriptor = descriptor
    self.path = template.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { String(cString: $0) } ?? ""
    }
  }

  /// Gives the file `owner` and `group`, or the group alone where only root may give a file
  /// away, or neither where this user is not in the group either (best effort: the save goes on).
  func takeOwner(_ owner: uid_t, group: gid_t) {
    if fchown(descriptor, owner, group) == 0 { return }
    _ = fchown(descriptor, uid_t.max, group)
  }

  /// Sets the permission bits, writes every byte and flushes them to disk.
  func writeAll(_ bytes: [UInt8], mode: mode_t) throws(SystemCallError) {
    guard fchmod(descriptor, mode) == 0 else {
      throw SystemCallError("set the permissions of \(path)")
    }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        retryingOnInterrupt {
          write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
        }
      }
      guard count > 0 else { throw SystemCallError("write \(path)") }
      written += count
    }
    guard retryingOnInterrupt({ fsync(descriptor) }) == 0 else {
      throw SystemCallError("flush \(path) to disk")
    }
  }

  /// Closes the file; a failure here can mean the data never reached the disk.
  func finish() throws(SystemCallError) {
    let result = close(descriptor)
    descriptor = -1
    guard result == 0 else { throw SystemCallError("close \(path)") }
  }

  /// Closes (if still open) and deletes the temporary file.
  func discard() {
    if descriptor >= 0 {
      _ = close(descriptor)
      descriptor = -1
    }
    _ = unlink(path)
  }
}
