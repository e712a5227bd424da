import Foundation
import SettingsFeatures
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SettingsStorageClient {
  /// Settings kept in a JSON file at `path`, replaced atomically on every save.
  ///
  /// `load` answers `nil` while no file exists (nothing saved yet) and never writes; a file that
  /// cannot be read or understood is a ``StorageError`` that names it and says what to do, and the
  /// file is left as it is. Missing keys take their defaults; keys that are not settings (a newer
  /// version's, another tool's) are read past and written back by every save.
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
  ///
  /// Saves of one file are serialised with a lock (`.settings.json.lock` beside it), and a save
  /// never overwrites unasked a change another program made after this one loaded the file:
  /// under the lock it reads the file again; if it changed, ``SettingsStorageClient/SaveMode``
  /// decides: refuse with ``SettingsStorageClient/FileChanged`` (the form then asks), write only
  /// the fields this program changed (``UserSettings/merging(ours:base:theirs:)``), or write
  /// these settings whole because the person said so.
  ///
  /// `merges`, when given, hears the fields whose values came from another program's save made
  /// meanwhile, so the program can say so.
  public static func live(
    fileAt path: String, merges: (@Sendable (_ keptFromElsewhere: [String]) -> Void)? = nil
  ) -> Self {
    let file = SettingsFile(path: path)
    // NB: What this program loaded (nil when there was no file): the merge's base.
    let loaded = Mutex<UserSettings?>(nil)
    return Self(
      load: {
        let settings = try file.load()
        loaded.withLock { $0 = settings }
        return settings
      },
      save: { settings, mode in
        let base = loaded.withLock { $0 }
        let saved = try file.save(settings, changesSince: base, mode: mode)
        loaded.withLock { $0 = saved }
        let kept = UserSettings.differingFields(saved, settings)
        if !kept.isEmpty { merges?(kept) }
      }
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
    try readBytes().map { bytes throws(StorageError) in try SettingsFileDecoding.decode(bytes, path: path) }
  }

  /// The file's bytes, or `nil` when there is no file yet.
  private func readBytes() throws(StorageError) -> [UInt8]? {
    do {
      return try readFileIfPresent(path)
    } catch {
      throw StorageError(
        "Cannot read the settings file \(path): \(error.reason). "
          + "Make it a readable file, remove it, or pass --config PATH."
      )
    }
  }

  /// Under the file's lock, reads it again and, when it changed since `base` was loaded (`nil`:
  /// there was no file), does what `mode` says; returns what was written.
  func save(
    _ settings: UserSettings, changesSince loaded: UserSettings?,
    mode: SettingsStorageClient.SaveMode
  ) throws -> UserSettings {
    let lock = try lockFile()
    defer { _ = close(lock) }
    let bytes = try readBytes()
    // NB: Removed since it was loaded: no other program's values to keep (defaults are not
    //     what it saved), so a merge writes these settings whole; asked, the form says so.
    if bytes == nil, loaded != nil {
      if mode == .askIfChanged { throw SettingsStorageClient.FileChanged(fields: [], isRemoved: true) }
      try save(settings, keeping: [])
      return settings
    }
    let base = loaded ?? UserSettings()
    let theirs = try bytes.map { bytes throws(StorageError) in try SettingsFileDecoding.decode(bytes, path: path) } ?? UserSettings()
    let others = try bytes.map { bytes throws(StorageError) in
      try SettingsFileDecoding.otherMembers(in: bytes, path: path)
    } ?? []
    let written: UserSettings
    switch mode {
    case .askIfChanged where theirs != base:
      throw SettingsStorageClient.FileChanged(fields: UserSettings.differingFields(base, theirs))
    case .askIfChanged, .merge:
      written = UserSettings.merging(ours: settings, base: base, theirs: theirs)
    case .overwrite:
      written = settings
    }
    try save(written, keeping: others)
    return written
  }

  /// Opens and takes the lock beside the file (waiting while another save holds it); closing
  /// the returned descriptor releases it.
  private func lockFile() throws(StorageError) -> Int32 {
    let folder = parentFolder(of: path)
    let lockPath = "\(folder)/.\(fileName(of: path)).lock"
    do throws(SystemCallError) {
      try createFolderIfNeeded(folder)
    } catch {
      throw StorageError("Cannot save settings to \(path): could not \(error.step) (\(error.reason)).")
    }
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      let reason = systemErrorDescription(errno)
      throw StorageError(
        "Cannot save settings to \(path): could not create the lock \(lockPath) (\(reason)). "
          + "The previous settings file was left unchanged.")
    }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        let reason = systemErrorDescription(errno)
        _ = close(descriptor)
        throw StorageError("Cannot save settings to \(path): could not lock it (\(reason)).")
      }
    }
    return descriptor
  }

  /// Replaces the file with `settings` and the members of `others` (keys that are not
  /// settings); on failure the old file is left whole.
  func save(_ settings: UserSettings, keeping others: [RawJSONMember] = []) throws(StorageError) {
    let bytes = try Self.encode(settings, keeping: others)
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

  /// The file's bytes: one member a line (`"key" : value`), keys sorted, ending in a newline.
  /// The members that are not settings keep their values' text as the file had it.
  static func encode(_ settings: UserSettings, keeping others: [RawJSONMember] = []) throws(StorageError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let encoded: Data
    do {
      encoded = try encoder.encode(settings)
    } catch {
      throw StorageError("Cannot encode the settings as JSON: \(error)")
    }
    guard let ours = RawJSONMembers.of(Array(encoded)) else {
      throw StorageError("Cannot encode the settings as JSON: the encoder did not write an object")
    }
    let members = (ours + others.filter { !SettingsFileDecoding.isSetting($0.key) }).sorted { $0.key < $1.key }
    var bytes = Array("{\n".utf8)
    for (index, member) in members.enumerated() {
      bytes += Array("  ".utf8) + member.keyText + Array(" : ".utf8) + member.valueText
      bytes += Array((index == members.count - 1 ? "\n" : ",\n").utf8)
    }
    return bytes + Array("}\n".utf8)
  }
}
