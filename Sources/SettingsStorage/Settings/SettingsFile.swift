import Foundation
import SettingsFeatures

extension SettingsStorageClient {
  /// Settings kept in a JSON file at `path`, replaced atomically on every save.
  ///
  /// `load` answers `nil` while no file exists (nothing saved yet) and never writes; a file that
  /// cannot be read or understood is a ``StorageError`` that names it and says what to do, and the
  /// file is left as it is. Missing keys take their defaults and unknown keys are ignored.
  ///
  /// `save` writes pretty-printed JSON with sorted keys to a temporary file in the same folder,
  /// flushes it and renames it over the old file, creating the folder (mode 0700) if needed. The
  /// file keeps its permission bits (a new one gets 0600). If anything fails, the old file is
  /// left byte for byte as it was.
  ///
  /// ```swift
  /// let path = try StoragePaths.settingsFile()
  /// try await withDependencies {
  ///   $0.settingsStorage = .live(fileAt: path)
  /// } operation: {
  ///   try await runSettingsForm()
  /// }
  /// ```
  public static func live(fileAt path: String) -> Self {
    let file = SettingsFile(path: path)
    return Self(
      load: { try file.load() },
      save: { settings in try file.save(settings) }
    )
  }
}

/// The settings file at one path: reading it forgivingly, replacing it atomically.
struct SettingsFile: Sendable {
  var path: String
  /// Only tests change this, to make a save fail on purpose (see ``AtomicFileWriter``).
  var writer = AtomicFileWriter()

  /// The saved settings, or `nil` when there is no file yet.
  func load() throws(StorageError) -> UserSettings? {
    let bytes: [UInt8]
    do {
      guard let contents = try readFileIfPresent(path) else { return nil }
      bytes = contents
    } catch {
      throw StorageError(
        "Cannot read the settings file \(path): \(error.reason). "
          + "Make it a readable file, remove it, or pass --config PATH."
      )
    }
    return try SettingsFileDecoding.decode(bytes, path: path)
  }

  /// Replaces the file with `settings`; on failure the old file is left whole.
  func save(_ settings: UserSettings) throws(StorageError) {
    let bytes = try Self.encode(settings)
    do {
      try writer.write(bytes, to: path)
    } catch {
      let advice = error.advice(folder: parentFolder(of: path)) ?? "Check the folder"
      throw StorageError(
        "Cannot save settings to \(path): could not \(error.step) (\(error.reason)). "
          + "\(advice), or pass --config PATH. The previous settings file was left unchanged."
      )
    }
  }

  /// The file's bytes: pretty-printed JSON, keys sorted, ending in a newline.
  static func encode(_ settings: UserSettings) throws(StorageError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return Array(try encoder.encode(settings)) + [UInt8(ascii: "\n")]
    } catch {
      throw StorageError("Cannot encode the settings as JSON: \(error)")
    }
  }
}
