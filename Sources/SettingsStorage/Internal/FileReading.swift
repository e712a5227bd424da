#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The whole contents of the file at `path`, or `nil` when there is no file there.
///
/// Anything else that stops the read (no permission, a folder at the path, an I/O error) throws
/// ``SystemCallError``, so "nothing saved yet" is never confused with "cannot read".
func readFileIfPresent(_ path: String) throws(SystemCallError) -> [UInt8]? {
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
  var chunk = [UInt8](repeating: 0, count: 64 * 1024)
  while true {
    let count = chunk.withUnsafeMutableBytes { buffer in
      retryingOnInterrupt { read(descriptor, buffer.baseAddress, buffer.count) }
    }
    if count < 0 { throw SystemCallError("read") }
    if count == 0 { return contents }
    contents.append(contentsOf: chunk[..<count])
  }
}
