import Foundation
import SettingsFeatures

/// The draft of a form in progress: its values, kept in a private file so that a form cut off
/// (a hang-up, SIGTERM, a lost SSH link, kill -9) can be taken up again at the next start.
///
/// Written atomically (mode 0600, folders 0700); a draft that cannot be read is treated as
/// none. Secure fields must never be put in a draft.
///
/// ```swift
/// let drafts = DraftFile<UserSettings>(path: path)
/// try drafts.save(state.settings)
/// if let (settings, savedAt) = drafts.load() { ... }
/// drafts.remove()
/// ```
public struct DraftFile<Value: Codable & Sendable>: Sendable {
  public let path: String
  private let writer = AtomicFileWriter()

  public init(path: String) {
    self.path = path
  }

  /// The draft and when it was written; `nil` when there is none, or it cannot be read.
  public func load() -> (value: Value, savedAt: Date)? {
    guard let bytes = try? readFileIfPresent(path),
      let draft = try? JSONDecoder().decode(Stored.self, from: Data(bytes))
    else { return nil }
    return (draft.value, Date(timeIntervalSince1970: draft.savedAt))
  }

  /// Replaces the draft with `value`.
  public func save(_ value: Value) throws {
    let stored = Stored(value: value, savedAt: Date().timeIntervalSince1970)
    let data = try JSONEncoder().encode(stored)
    do {
      try writer.write(Array(data), to: path)
    } catch {
      throw StorageError("Cannot keep a draft at \(path): could not \(error.step) (\(error.reason)).")
    }
  }

  /// Removes the draft, if there is one.
  public func remove() {
    _ = unlink(path)
  }

  private struct Stored: Codable {
    var value: Value
    var savedAt: Double
  }
}
