#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds a program on a `PATH`, the way a shell would.
///
/// ```swift
/// let search = ExecutableSearch(path: "/usr/local/bin:/usr/bin")
/// search.find("notify-send") // "/usr/bin/notify-send", or nil
/// ```
struct ExecutableSearch {
  /// Searched when `PATH` is unset, like `execvp`.
  static let defaultPath = "/usr/local/bin:/usr/bin:/bin"

  /// The folders to search, in order.
  var folders: [String]
  var isExecutableFile: (String) -> Bool

  /// NB: Empty and relative entries are skipped: they mean "the current folder", and whether a
  ///     notification service exists should not depend on where the program was started.
  init(path: String?, isExecutableFile: @escaping (String) -> Bool = Self.isExecutableFile) {
    folders = (path ?? Self.defaultPath).split(separator: ":").map(String.init)
      .filter { $0.hasPrefix("/") }
    self.isExecutableFile = isExecutableFile
  }

  /// The full path of the first executable file called `name`, or `nil`.
  func find(_ name: String) -> String? {
    for folder in folders {
      let candidate = folder.hasSuffix("/") ? folder + name : "\(folder)/\(name)"
      if isExecutableFile(candidate) { return candidate }
    }
    return nil
  }

  /// Whether `path` is a regular file (after links) that this process may execute.
  static func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
    return access(path, X_OK) == 0
  }
}
