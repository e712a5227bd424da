#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call: which step failed and the `errno` it left.
struct SystemCallError: Error, Equatable, Sendable {
  /// The step that failed, in words, e.g. "create a temporary file".
  var step: String
  var code: Int32
  /// Why, when it is ours rather than the system's (e.g. "it is not a regular file").
  var explanation: String?
  /// What to do about it, when the code alone would advise wrongly.
  var remedy: String?

  init(_ step: String, code: Int32 = errno, explanation: String? = nil, remedy: String? = nil) {
    self.step = step
    self.code = code
    self.explanation = explanation
    self.remedy = remedy
  }

  /// Why the step failed: ours, or the system's description of `code` ("Permission denied").
  var reason: String { explanation ?? systemErrorDescription(code) }

  /// A short hint for the most common codes, or `nil` when there is nothing better than the reason.
  func advice(folder: String) -> String? {
    if let remedy { return remedy }
    return switch code {
    case EACCES, EPERM:
      "Check that you may write to \(folder)"
    case EROFS:
      "\(folder) is on a read-only file system"
    case ENOSPC, EDQUOT:
      "Free some disk space"
    case ENOTDIR:
      "A part of \(folder) is a file, not a folder"
    case EISDIR:
      "Move the folder that is in the way"
    default:
      nil
    }
  }
}

/// The system's description of an `errno` value, e.g. "No such file or directory".
func systemErrorDescription(_ code: Int32) -> String {
  guard let text = strerror(code) else { return "error \(code)" }
  return String(cString: text)
}

/// Calls `body` again while it fails with `EINTR` (a signal arrived mid-call).
func retryingOnInterrupt<T: BinaryInteger>(_ body: () -> T) -> T {
  while true {
    let result = body()
    if result == -1 && errno == EINTR { continue }
    return result
  }
}

/// The folder part of a path: `"/a/b/c.json"` -> `"/a/b"`, `"c.json"` -> `"."`, `"/c"` -> `"/"`.
func parentFolder(of path: String) -> String {
  guard let slash = path.lastIndex(of: "/") else { return "." }
  let folder = String(path[..<slash])
  return folder.isEmpty ? "/" : folder
}

/// The last component of a path: `"/a/b/c.json"` -> `"c.json"`.
func fileName(of path: String) -> String {
  guard let slash = path.lastIndex(of: "/") else { return path }
  return String(path[path.index(after: slash)...])
}
