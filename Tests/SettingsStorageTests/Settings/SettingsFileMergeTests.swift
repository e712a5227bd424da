import Foundation
import Synchronization
import SettingsFeatures
import Testing

@testable import SettingsStorage

/// A save never overwrites a change another program made after this one loaded the file.
@Suite("Saving over changes made meanwhile")
struct SettingsFileMergeTests {
  /// A save waits a while for another program's save, then fails and says so, rather than
  /// hanging while a program holds the lock; the file stays as it was.
  @Test func aLockHeldTooLongFailsTheSaveAndSaysSo() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("settings.json")
      try SettingsFile(path: path).save(UserSettings(displayName: "Ada"))
      let before = try folder.bytes("settings.json")
      let holder = open(folder.path(".settings.json.lock"), O_RDWR | O_CREAT, 0o600)
      #expect(holder >= 0)
      defer { _ = close(holder) }
      #expect(flock(holder, LOCK_EX) == 0)
      var file = SettingsFile(path: path)
      file.lockTimeout = .milliseconds(100)
      var shown: SettingsFile.Found?
      let error = #expect(throws: StorageError.self) {
        try file.save(UserSettings(displayName: "Grace"), changesSince: nil, mode: .overwrite, shown: &shown)
      }
      #expect(error?.message.contains("another program kept") == true, "\(String(describing: error))")
      #expect(error?.message.contains("locked for 100 ms") == true, "\(String(describing: error))")
      #expect(try folder.bytes("settings.json") == before)

      _ = flock(holder, LOCK_UN)
      _ = try file.save(UserSettings(displayName: "Grace"), changesSince: nil, mode: .overwrite, shown: &shown)
      #expect(try SettingsFile(path: path).load()?.displayName == "Grace")
    }
  }

  @Test func anotherProgramsChangeToAnotherFieldIsKept() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("settings.json")
      try SettingsFile(path: path).save(UserSettings(displayName: "Ada"))
      let heard = LockedFields()
      let mine = SettingsStorageClient.live(fileAt: path) { heard.set($0) }
      var settings = try #require(try await mine.load())
      // Another program saves protectMyPosts while this one has the form open.
      let other = SettingsStorageClient.live(fileAt: path)
      var theirs = try #require(try await other.load())
      theirs.protectMyPosts = true
      try await other.save(theirs, .merge)

      settings.displayName = "Grace"
      try await mine.save(settings, .merge)
      let saved = try SettingsFile(path: path).load()
      #expect(saved == UserSettings(displayName: "Grace", protectMyPosts: true))
      #expect(heard.fields == ["protectMyPosts"], "the program is told, so it can say so")
    }
  }

  /// A display name saved with spaces around it reads as the form saves it (trimmed): a
  /// save that changed another field keeps the name another program gave meanwhile, instead
  /// of taking the trimmed one for a change of its own.
  @Test func aNameSavedWithSpacesIsNoChangeOfThisSaves() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("settings.json")
      try Data(#"{"displayName": " Ada "}"#.utf8).write(to: URL(fileURLWithPath: path))
      let mine = SettingsStorageClient.live(fileAt: path)
      var settings = try #require(try await mine.load())
      #expect(settings.displayName == "Ada")
      let other = SettingsStorageClient.live(fileAt: path)
      var theirs = try #require(try await other.load())
      theirs.displayName = "Ada Lovelace"
      try await other.save(theirs, .merge)

      settings.protectMyPosts = true
      try await mine.save(settings, .merge)
      #expect(try SettingsFile(path: path).load() == UserSettings(displayName: "Ada Lovelace", protectMyPosts: true))
    }
  }

  @Test func askingRefusesToWriteOverAChangedFileAndNamesWhatChanged() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("settings.json")
      try SettingsFile(path: path).save(UserSettings(displayName: "Ada"))
      let mine = SettingsStorageClient.live(fileAt: path)
      var settings = try #require(try await mine.load())
      try SettingsFile(path: path).save(UserSettings(digest: .off, displayName: "Lin"))
      let before = try folder.bytes("settings.json")
      settings.protectMyPosts = true
      await #expect(throws: SettingsStorageClient.FileChanged(fields: ["digest", "displayName"])) {
        try await mine.save(settings, .askIfChanged)
      }
      #expect(try folder.bytes("settings.json") == before)
      // Keep mine: the form's values, whole.
      try await mine.save(settings, .overwrite)
      #expect(try SettingsFile(path: path).load() == UserSettings(displayName: "Ada", protectMyPosts: true))
      // The file is now what this program wrote: asking again finds nothing changed.
      settings.digest = .weekly
      try await mine.save(settings, .askIfChanged)
      #expect(try SettingsFile(path: path).load()?.digest == .weekly)
    }
  }

  /// Another program removed the file: it saved no values, so nothing of its is merged (the
  /// defaults are not its changes), and asking says the file is gone, not that it changed.
  @Test func aFileRemovedMeanwhileIsSaidSoAndAMergeWritesTheFormWhole() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("settings.json")
      try SettingsFile(path: path).save(UserSettings(digest: .weekly, displayName: "Ada"))
      let heard = LockedFields()
      let mine = SettingsStorageClient.live(fileAt: path) { heard.set($0) }
      var settings = try #require(try await mine.load())
      settings.displayName = "Grace"
      try FileManager.default.removeItem(atPath: path)
      await #expect(throws: SettingsStorageClient.FileChanged(fields: [], isRemoved: true)) {
        try await mine.save(settings, .askIfChanged)
      }
      #expect(!FileManager.default.fileExists(atPath: path))
      try await mine.save(settings, .merge)
      #expect(try SettingsFile(path: path).load() == UserSettings(digest: .weekly, displayName: "Grace"))
      #expect(heard.fields == [], "nothing was kept from elsewhere")
    }
  }

  /// "Keep mine" writes over what the question showed, not over a save made while the person
  /// read it: that one is asked about anew, with every field changed since the form loaded.
  @Test func keepingMineAsksAgainWhenTheFileChangedWhileTheQuestionWasOpen() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("settings.json")
      try SettingsFile(path: path).save(UserSettings(displayName: "Ada"))
      let mine = SettingsStorageClient.live(fileAt: path)
      var settings = try #require(try await mine.load())
      settings.displayName = "Grace"
      try SettingsFile(path: path).save(UserSettings(digest: .weekly, displayName: "Ada"))
      await #expect(throws: SettingsStorageClient.FileChanged(fields: ["digest"])) {
        try await mine.save(settings, .askIfChanged)
      }
      try SettingsFile(path: path).save(UserSettings(digest: .weekly, displayName: "Ada", protectMyPosts: true))
      let before = try folder.bytes("settings.json")
      await #expect(throws: SettingsStorageClient.FileChanged(fields: ["digest", "protectMyPosts"])) {
        try await mine.save(settings, .overwrite)
      }
      #expect(try folder.bytes("settings.json") == before, "the newer save is not written over")
      // Asked again and kept mine again: now it is what the question showed.
      try await mine.save(settings, .overwrite)
      #expect(try SettingsFile(path: path).load() == UserSettings(displayName: "Grace"))
    }
  }

  /// Save in the "removed" question writes the form whole only while the file is still gone:
  /// a file another program made again meanwhile is asked about as a changed one.
  @Test func savingAfterARemovalAsksWhenTheFileWasMadeAgainMeanwhile() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("settings.json")
      try SettingsFile(path: path).save(UserSettings(displayName: "Ada"))
      let mine = SettingsStorageClient.live(fileAt: path)
      var settings = try #require(try await mine.load())
      settings.displayName = "Grace"
      try FileManager.default.removeItem(atPath: path)
      await #expect(throws: SettingsStorageClient.FileChanged(fields: [], isRemoved: true)) {
        try await mine.save(settings, .askIfChanged)
      }
      try Data(#"{"displayName": "Lin", "protectMyPosts": true, "other": 1}"#.utf8).write(to: URL(fileURLWithPath: path))
      await #expect(throws: SettingsStorageClient.FileChanged(fields: ["displayName", "protectMyPosts"])) {
        try await mine.save(settings, .overwrite)
      }
      #expect(try SettingsFile(path: path).load() == UserSettings(displayName: "Lin", protectMyPosts: true))
      try await mine.save(settings, .merge)
      #expect(try SettingsFile(path: path).load() == UserSettings(displayName: "Grace", protectMyPosts: true))
      #expect(try String(decoding: folder.bytes("settings.json"), as: UTF8.self).contains(#""other" : 1"#))
    }
  }

  /// A setting left out of the merge's list would lose the person's change to it whenever
  /// the file changed meanwhile; one the file's reader does not know would be kept as another
  /// tool's key. Every property of the settings is in both.
  @Test func theMergeAndTheFileKnowEverySetting() {
    let properties = Mirror(reflecting: UserSettings()).children.compactMap(\.label).sorted()
    #expect(UserSettings.fields.map(\.name).sorted() == properties)
    #expect(properties.allSatisfy(SettingsFileDecoding.isSetting), "\(properties)")
  }

  @Test func whereBothChangedAFieldTheLastSaveWins() {
    let base = UserSettings(displayName: "Ada")
    let merged = UserSettings.merging(
      ours: UserSettings(displayName: "Grace"), base: base,
      theirs: UserSettings(digest: .weekly, displayName: "Lin"))
    #expect(merged == UserSettings(digest: .weekly, displayName: "Grace"))
  }
}

private final class LockedFields: Sendable {
  private let storage = Mutex<[String]>([])
  var fields: [String] { storage.withLock { $0 } }
  func set(_ fields: [String]) { storage.withLock { $0 = fields } }
}
