#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The contents of the file at `path` (its first `limit` bytes at most), or `nil` when there is
/// no file there.
///
/// Anything else that stops the read (no permission, a folder at the path, an I/O error) throws
/// ``SystemCallError``, so "nothing saved yet" is never confused with "cannot read".
func readFileIfPresent(_ path: String, limit: Int = .max) throws(SystemCallError) -> [UInt8]? {
  let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
  guard descriptor >= 0 else {
    let code = errno
    if code == ENOENT { return nil }
    throw SystemCallError("open", code: code)
  }
  defer { _ = close(descriptor) }

  var info = stat()
  guard fstat(descriptor, &info) == 0 else { throw SystemCallError("inspect") }
  // NB: Opening a folder read-only succeeds on Linux; say so plainly instead of a later EISDIR.
  guard (info.st_mode & S_IFMT) != S_IFDIR else { throw SystemCallError("read", code: EISDIR) }

  var contents: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: min(64 * 1024, max(limit, 1)))
  while contents.count < limit {
    let wanted = min(chunk.count, limit - contents.count)
    let count = chunk.withUnsafeMutableBytes { buffer in
      retryingOnInterrupt { read(descriptor, buffer.baseAddress, wanted) }
    }
    if count < 0 { throw SystemCallError("read") }
    if count == 0 { break }
    contents.append(contentsOf: chunk[..<count])
  }
  return contents
}
