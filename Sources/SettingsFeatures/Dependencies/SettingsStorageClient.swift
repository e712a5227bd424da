import Dependencies

/// Loads and saves ``UserSettings``. The live value (module SettingsStorage) uses a JSON file
/// written atomically; tests inject their own.
public struct SettingsStorageClient: Sendable {
  /// The saved settings, or `nil` when nothing has been saved yet. What it answers is what a
  /// later save compares the file with.
  public var load: @Sendable () async throws -> UserSettings?
  /// Saves settings as `mode` says when the file changed since it was loaded; on failure the
  /// previous file is left whole.
  public var save: @Sendable (UserSettings, SaveMode) async throws -> Void

  public init(
    load: @escaping @Sendable () async throws -> UserSettings?,
    save: @escaping @Sendable (UserSettings, SaveMode) async throws -> Void
  ) {
    self.load = load
    self.save = save
  }

  /// What a save does when another program changed the file after this one loaded it.
  public enum SaveMode: Hashable, Sendable {
    /// Write nothing and throw ``FileChanged``, so the person can choose.
    case askIfChanged
    /// Keep the other program's changes to the fields this one did not change.
    case merge
    /// Write these settings as they are.
    case overwrite
  }

  /// The file changed after it was loaded (``SaveMode/askIfChanged``): nothing was written.
  public struct FileChanged: Error, Hashable, Sendable {
    /// The fields (as `--set` and the file spell them) the other program changed.
    public var fields: [String]
    /// Whether the other program removed the file (`fields` is then empty): nothing of its
    /// was saved, so there is nothing to merge.
    public var isRemoved: Bool

    public init(fields: [String], isRemoved: Bool = false) {
      self.fields = fields
      self.isRemoved = isRemoved
    }
  }
}

extension SettingsStorageClient: TestDependencyKey {
  public static let testValue = SettingsStorageClient(
    load: { try unimplementedStorage("SettingsStorageClient.load") },
    save: { _, _ in try unimplementedStorage("SettingsStorageClient.save") }
  )
}

extension DependencyValues {
  public var settingsStorage: SettingsStorageClient {
    get { self[SettingsStorageClient.self] }
    set { self[SettingsStorageClient.self] = newValue }
  }
}
