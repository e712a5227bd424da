import Dependencies

/// Loads and saves ``UserSettings``. The live value (module SettingsStorage) uses a JSON file
/// written atomically; tests inject their own.
public struct SettingsStorageClient: Sendable {
  /// The saved settings, or `nil` when nothing has been saved yet.
  public var load: @Sendable () async throws -> UserSettings?
  /// Saves settings; on failure the previous file is left whole.
  public var save: @Sendable (UserSettings) async throws -> Void

  public init(
    load: @escaping @Sendable () async throws -> UserSettings?,
    save: @escaping @Sendable (UserSettings) async throws -> Void
  ) {
    self.load = load
    self.save = save
  }
}

extension SettingsStorageClient: TestDependencyKey {
  public static let testValue = SettingsStorageClient(
    load: { try unimplementedStorage("SettingsStorageClient.load") },
    save: { _ in try unimplementedStorage("SettingsStorageClient.save") }
  )
}

extension DependencyValues {
  public var settingsStorage: SettingsStorageClient {
    get { self[SettingsStorageClient.self] }
    set { self[SettingsStorageClient.self] = newValue }
  }
}
