#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The path a chain of symbolic links at `path` ends at (the path itself when it is no link),
/// even where that file does not exist yet (a dangling link is followed, not replaced).
///
/// A save writes there and takes its lock beside it, so the same file reached through two
/// links is one file with one lock.
func followingSymbolicLinks(_ path: String) -> String {
  var current = path
  // NB: At most 40 links, as the kernel allows, so a loop of links ends.
  for _ in 0..<40 {
    var info = stat()
    guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink(current, &buffer, buffer.count - 1)
    guard length > 0 else { return current }
    let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    current = target.hasPrefix("/") ? target : "\(parentFolder(of: current))/\(target)"
  }
  return current
}
