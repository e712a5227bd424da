import Foundation
import SettingsFeatures

/// The draft of a form in progress: its values and the values the form opened with, kept in a
/// private file so that a form cut off (a hang-up, SIGTERM, a lost SSH link, kill -9) can be
/// taken up again at the next start, and merged onto what was saved meanwhile.
///
/// Written atomically (mode 0600, folders 0700); a draft that cannot be read is treated as
/// none. Secure fields must never be put in a draft.
///
/// ```swift
/// let drafts = DraftFile<UserSettings>(path: path)
/// try drafts.save(state.settings, base: opened)
/// if let draft = drafts.load() { ... draft.value, draft.base, draft.savedAt ... }
/// drafts.remove()
/// ```
public struct DraftFile<Value: Codable & Sendable>: Sendable {
  public let path: String
  private let writer = AtomicFileWriter()

  public init(path: String) {
    self.path = path
  }

  /// A draft as it was kept.
  public struct Draft: Sendable {
    /// The values being edited.
    public var value: Value
    /// The values the form opened with; `nil` in a draft from a version that did not keep them.
    public var base: Value?
    /// When it was written.
    public var savedAt: Date
  }

  /// The draft; `nil` when there is none, or it cannot be read.
  public func load() -> Draft? {
    guard let bytes = try? readFileIfPresent(path),
      let draft = try? JSONDecoder().decode(Stored.self, from: Data(bytes))
    else { return nil }
    return Draft(value: draft.value, base: draft.base, savedAt: Date(timeIntervalSince1970: draft.savedAt))
  }

  /// Replaces the draft with `value`, edited from `base` (what the form opened with).
  public func save(_ value: Value, base: Value) throws {
    let stored = Stored(value: value, base: base, savedAt: Date().timeIntervalSince1970)
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
    var base: Value?
    var savedAt: Double
  }
}
