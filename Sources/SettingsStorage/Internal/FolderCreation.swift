#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Creates `folder` and any missing parents with `mode` (0700 by default: only the owner may look
/// inside). Existing folders are left as they are.
///
/// Throws ``SystemCallError`` naming the folder that could not be created, or the part of the
/// path that is a file rather than a folder.
func createFolderIfNeeded(_ folder: String, mode: mode_t = 0o700) throws(SystemCallError) {
  if isFolder(folder) { return }
  let parent = parentFolder(of: folder)
  if parent != folder && parent != "." {
    try createFolderIfNeeded(parent, mode: mode)
  }
  if mkdir(folder, mode) == 0 { return }
  let code = errno
  // NB: Another program may create the same folder at the same moment; that is success.
  if code == EEXIST && isFolder(folder) { return }
  throw SystemCallError("create the folder \(folder)", code: code == EEXIST ? ENOTDIR : code)
}

/// Whether `path` exists and is a folder (following symbolic links).
func isFolder(_ path: String) -> Bool {
  var info = stat()
  guard stat(path, &info) == 0 else { return false }
  return (info.st_mode & S_IFMT) == S_IFDIR
}
