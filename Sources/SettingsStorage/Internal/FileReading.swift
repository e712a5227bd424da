#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The largest file read whole (a settings file is a few hundred bytes).
let readLimit = 1 << 20

/// The contents of the regular file at `path`, or `nil` when there is no file there.
///
/// Anything else that stops the read (no permission, a folder, a FIFO or a device at the path,
/// a file larger than `limit`, an I/O error) throws ``SystemCallError``, so "nothing saved yet"
/// is never confused with "cannot read", and nothing can make the program wait on a FIFO or
/// read /dev/zero until memory runs out. With `prefixOnly`, the first `limit` bytes of a larger
/// file are read instead (a database header). With `pipes`, a FIFO is read to its end too,
/// still at most `limit` bytes: a file named on the command line may be another program's
/// output (`<(jq …)` in a shell).
func readFileIfPresent(
  _ path: String, limit: Int = readLimit, prefixOnly: Bool = false, pipes: Bool = false
) throws(SystemCallError) -> [UInt8]? {
  // NB: Non-blocking, so opening a FIFO returns at once instead of waiting for a writer;
  //     a FIFO that may be read is opened to wait for its writer, as FIFOs are meant to be.
  var named = stat()
  let waitsForWriter = pipes && stat(path, &named) == 0 && (named.st_mode & S_IFMT) == S_IFIFO
  let descriptor = retryingOnInterrupt {
    open(path, O_RDONLY | O_CLOEXEC | (waitsForWriter ? 0 : O_NONBLOCK))
  }
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
  let isPipe = waitsForWriter && (info.st_mode & S_IFMT) == S_IFIFO
  guard (info.st_mode & S_IFMT) == S_IFREG || isPipe else {
    throw SystemCallError(
      "read", code: EINVAL, explanation: pipes ? "it is not a regular file or a pipe" : "it is not a regular file")
  }
  let tooLarge = SystemCallError(
    "read", code: EFBIG, explanation: "it is larger than \(limit / 1024) KiB")
  if !prefixOnly, Int(info.st_size) > limit { throw tooLarge }

  var contents: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: min(64 * 1024, max(limit, 1)))
  // NB: One byte past the limit tells a file that grew while it was read.
  let wanted = prefixOnly ? limit : limit + 1
  while contents.count < wanted {
    let wanted = min(chunk.count, wanted - contents.count)
    let count = chunk.withUnsafeMutableBytes { buffer in
      retryingOnInterrupt { read(descriptor, buffer.baseAddress, wanted) }
    }
    if count < 0 { throw SystemCallError("read") }
    if count == 0 { break }
    contents.append(contentsOf: chunk[..<count])
  }
  if contents.count > limit { throw tooLarge }
  return contents
}
