import Foundation
import Testing

/// A fresh folder under the system's temporary folder, removed (with everything inside) when
/// the test is done.
///
/// ```swift
/// @Test func writes() throws {
///   try withTemporaryFolder { folder in
///     let path = folder.path("settings.json")
///     // ...
///   }
/// }
/// ```
struct TemporaryFolder: Sendable {
  let root: String

  /// The path of `relative` inside the folder.
  func path(_ relative: String) -> String { "\(root)/\(relative)" }

  /// The names in the folder `relative` (the root by default), sorted, hidden ones included.
  func contents(_ relative: String = "") throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? root : path(relative))
      .sorted()
  }

  /// Writes `text` to `relative`, creating folders on the way.
  func write(_ text: String, to relative: String) throws {
    let file = path(relative)
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
  }

  /// The bytes of `relative`.
  func bytes(_ relative: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path(relative))))
  }
}

/// Runs `body` with a new temporary folder and removes the folder afterwards, also on failure.
func withTemporaryFolder(_ body: (TemporaryFolder) async throws -> Void) async throws {
  let template = NSTemporaryDirectory() + "/settings-storage-tests.XXXXXX"
  var bytes = Array(template.utf8CString)
  let created = bytes.withUnsafeMutableBufferPointer { buffer in
    buffer.baseAddress.flatMap { mkdtemp($0) } != nil
  }
  guard created else { throw CocoaError(.fileWriteUnknown) }
  let root = bytes.withUnsafeBufferPointer { buffer in
    buffer.baseAddress.map { String(cString: $0) } ?? template
  }
  let folder = TemporaryFolder(root: (root as NSString).standardizingPath)
  defer { try? FileManager.default.removeItem(atPath: folder.root) }
  try await body(folder)
}
