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
    // NB: What this program loaded (nil when there was no file), the merge's base; and what
    //     the last FileChanged showed the person, which is all that "Keep mine" writes over.
    let seen = Mutex<(loaded: UserSettings?, shown: SettingsFile.Found?)>((nil, nil))
    return Self(
      load: {
        let settings = try file.load()
        seen.withLock { $0 = (settings, nil) }
        return settings
      },
      save: { settings, mode in
        var (base, shown) = seen.withLock { $0 }
        defer { seen.withLock { $0.shown = shown } }
        let saved = try file.save(settings, changesSince: base, mode: mode, shown: &shown)
        seen.withLock { $0.loaded = saved }
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
  /// How long a save waits for another program's save to let go of the lock, as the clients
  /// database waits for its writers; then it fails and says so.
  var lockTimeout: Duration = .seconds(5)

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
          + "Make it a readable file, remove it, or give another file with --config PATH."
      )
    }
  }

  /// What a save found in the file under its lock.
  enum Found: Equatable, Sendable {
    case removed
    case settings(UserSettings)
  }

  /// Under the file's lock, reads it again and, when it changed since `base` was loaded (`nil`:
  /// there was no file), does what `mode` says; returns what was written.
  ///
  /// `shown`: what the last ``SettingsStorageClient/FileChanged`` showed the person (this save
  /// sets it when it throws one). ``SettingsStorageClient/SaveMode/overwrite`` writes over that
  /// alone: a file changed again, or made again after its removal was shown, is asked about
  /// anew, so no save made while the person chose is lost unasked.
  func save(
    _ settings: UserSettings, changesSince loaded: UserSettings?,
    mode: SettingsStorageClient.SaveMode, shown: inout Found?
  ) throws -> UserSettings {
    let lock = try lockFile()
    defer { _ = close(lock) }
    let bytes = try readBytes()
    let found = try bytes.map { bytes throws(StorageError) in
      Found.settings(try SettingsFileDecoding.decode(bytes, path: path))
    } ?? .removed
    let base = loaded ?? UserSettings()
    // NB: Removed since it was loaded: no other program's values to keep (defaults are not
    //     what it saved), so a merge writes these settings whole; asked, the form says so.
    let isRemoved = found == .removed && loaded != nil
    let theirs = if case let .settings(theirs) = found { theirs } else { UserSettings() }
    let hasChanged = isRemoved || theirs != base
    let asks = switch mode {
    case .askIfChanged: hasChanged
    case .merge: false
    case .overwrite: hasChanged && shown != nil && shown != found
    }
    if asks {
      shown = found
      throw SettingsStorageClient.FileChanged(
        fields: isRemoved ? [] : UserSettings.differingFields(base, theirs), isRemoved: isRemoved)
    }
    let others = try bytes.map { bytes throws(StorageError) in
      try SettingsFileDecoding.otherMembers(in: bytes, path: path)
    } ?? []
    let written = mode == .overwrite || isRemoved ? settings : UserSettings.merging(ours: settings, base: base, theirs: theirs)
    try save(written, keeping: others)
    shown = nil
    return written
  }

  /// Opens and takes the lock beside the file, where links to it lead (waiting up to
  /// ``lockTimeout`` while another save holds it); closing the returned descriptor releases it.
  private func lockFile() throws(StorageError) -> Int32 {
    let target = followingSymbolicLinks(path)
    let folder = parentFolder(of: target)
    let lockPath = "\(folder)/.\(fileName(of: target)).lock"
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
    // NB: flock has no timeout: try without blocking, every 20 ms, until the limit.
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: lockTimeout)
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let failure = errno
      guard failure == EWOULDBLOCK || failure == EINTR else {
        _ = close(descriptor)
        throw StorageError("Cannot save settings to \(path): could not lock it (\(systemErrorDescription(failure))).")
      }
      guard clock.now < deadline else {
        _ = close(descriptor)
        throw StorageError(
          "Cannot save settings to \(path): another program kept \(lockPath) locked for "
            + "\(Self.described(lockTimeout)). Try again when it is done. "
            + "The previous settings file was left unchanged.")
      }
      _ = usleep(20_000)
    }
    return descriptor
  }

  /// "5 seconds", "1 second", "100 ms", "1500 ms".
  private static func described(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    guard attoseconds == 0 else { return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms" }
    return seconds == 1 ? "1 second" : "\(seconds) seconds"
  }

  /// Replaces the file with `settings` and the members of `others` (keys that are not
  /// settings); on failure the old file is left whole.
  func save(_ settings: UserSettings, keeping others: [RawJSONMember] = []) throws(StorageError) {
    let bytes = try Self.encode(settings, keeping: others)
    // NB: A file this program could not read back would stop every later run.
    guard bytes.count <= readLimit else {
      throw StorageError(
        "Cannot save settings to \(path): the file would be \(bytes.count / 1024) KiB, more than the "
          + "\(readLimit / 1024) KiB that settings-tui reads, mostly keys that are not settings. "
          + "The previous settings file was left unchanged.")
    }
    do {
      try writer.write(bytes, to: path)
    } catch {
      let advice = error.advice(folder: parentFolder(of: path)) ?? "Check the folder"
      throw StorageError(
        "Cannot save settings to \(path): could not \(error.step) (\(error.reason)). "
          + "\(advice), or give another file with --config PATH. The previous settings file was left unchanged."
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
