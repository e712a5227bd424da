import Foundation
import SettingsFeatures
import Testing

@testable import SettingsStorage

@Suite("Saving the settings file")
struct SettingsFileSaveTests {
  let settings = UserSettings(
    digest: .weekly, displayName: "Blob", enableNotifications: true, protectMyPosts: false,
    sendEmailNotifications: false, sendMobileNotifications: true)

  @Test func roundTrips() async throws {
    try await withTemporaryFolder { folder in
      let storage = SettingsStorageClient.live(fileAt: folder.path("settings.json"))
      try await storage.save(settings, .merge)
      #expect(try await storage.load() == settings)
    }
  }

  @Test func writesPrettySortedJSONEndingInANewline() async throws {
    try await withTemporaryFolder { folder in
      try await SettingsStorageClient.live(fileAt: folder.path("s.json"))
        .save(UserSettings(digest: .off, displayName: "Blob/Jr \"B\"", sendMobileNotifications: true), .merge)
      let expected = """
        {
          "digest" : "off",
          "displayName" : "Blob/Jr \\"B\\"",
          "enableNotifications" : false,
          "protectMyPosts" : false,
          "sendEmailNotifications" : false,
          "sendMobileNotifications" : true
        }

        """
      #expect(String(decoding: try folder.bytes("s.json"), as: UTF8.self) == expected)
    }
  }

  @Test func keysThatAreNotSettingsAreWrittenBackAsTheyWere() async throws {
    try await withTemporaryFolder { folder in
      try folder.write(
        #"{"theme": "dark", "displayName": "Old", "plugins": {"x": 1, "list": [true, null, 2.5, "a/b"]}, "#
          + #""version": 3}"#, to: "s.json")
      let storage = SettingsStorageClient.live(fileAt: folder.path("s.json"))
      var changed = try await storage.load() ?? UserSettings()
      changed.displayName = "New"
      try await storage.save(changed, .merge)
      let expected = """
        {
          "digest" : "daily",
          "displayName" : "New",
          "enableNotifications" : false,
          "plugins" : {"x": 1, "list": [true, null, 2.5, "a/b"]},
          "protectMyPosts" : false,
          "sendEmailNotifications" : false,
          "sendMobileNotifications" : false,
          "theme" : "dark",
          "version" : 3
        }

        """
      #expect(String(decoding: try folder.bytes("s.json"), as: UTF8.self) == expected)
      #expect(try await storage.load() == changed)
    }
  }

  /// Values no `Double` or Swift string holds exactly (another tool's ids and timestamps past
  /// 2^53, a number out of range, a lone surrogate) come back byte for byte; they were once
  /// rounded, or lost with every other key that is not a setting.
  @Test func valuesNoDoubleHoldsAreWrittenBackByteForByte() async throws {
    try await withTemporaryFolder { folder in
      let others = [
        #""big" : 12345678901234567890"#, #""e" : 1e400"#, #""id" : 9007199254740993"#,
        #""nested" : {"n": [1e-400, "\ud800"]}"#, #""s" : "\ud800""#, #""tiny" : -0.0e-0"#,
        #""\u007a" : "escaped key""#,
      ]
      try folder.write("{" + others.joined(separator: ", ") + #", "displayName": "Old"}"#, to: "s.json")
      let storage = SettingsStorageClient.live(fileAt: folder.path("s.json"))
      var changed = try await storage.load() ?? UserSettings()
      changed.digest = .off
      try await storage.save(changed, .merge)
      let text = String(decoding: try folder.bytes("s.json"), as: UTF8.self)
      for member in others {
        #expect(text.contains("  \(member)"), "\(member) in\n\(text)")
      }
      #expect(text.contains(#"  "digest" : "off","#), "\(text)")
      #expect(try await storage.load() == changed)
    }
  }

  /// A file that starts with a byte order mark keeps its other keys too.
  @Test func aFileWithAByteOrderMarkKeepsItsOtherKeys() async throws {
    try await withTemporaryFolder { folder in
      let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"theme": "dark", "displayName": "Old"}"#.utf8)
      try Data(bytes).write(to: URL(fileURLWithPath: folder.path("s.json")))
      let storage = SettingsStorageClient.live(fileAt: folder.path("s.json"))
      var changed = try await storage.load() ?? UserSettings()
      changed.displayName = "New"
      try await storage.save(changed, .merge)
      let text = String(decoding: try folder.bytes("s.json"), as: UTF8.self)
      #expect(text.contains(#"  "theme" : "dark""#), "\(text)")
      #expect(text.contains(#"  "displayName" : "New","#), "\(text)")
    }
  }

  /// A file this program wrote (nested values over several lines) is written again unchanged
  /// apart from the settings that changed.
  @Test func aSavedFileSurvivesASecondSaveUnchanged() async throws {
    try await withTemporaryFolder { folder in
      let original = """
        {
          "digest" : "daily",
          "displayName" : "Old",
          "enableNotifications" : false,
          "plugins" : {
            "list" : [
              true
            ]
          },
          "protectMyPosts" : false,
          "sendEmailNotifications" : false,
          "sendMobileNotifications" : false
        }

        """
      try folder.write(original, to: "s.json")
      let storage = SettingsStorageClient.live(fileAt: folder.path("s.json"))
      let loaded = try await storage.load() ?? UserSettings()
      try await storage.save(loaded, .merge)
      #expect(String(decoding: try folder.bytes("s.json"), as: UTF8.self) == original)
    }
  }

  @Test func createsMissingFoldersPrivately() async throws {
    try await withTemporaryFolder { folder in
      try await SettingsStorageClient.live(fileAt: folder.path("a/settings-tui/s.json")).save(settings, .merge)
      #expect(try permissions(folder.path("a/settings-tui")) == 0o700)
      #expect(try permissions(folder.path("a")) == 0o700)
      #expect(try permissions(folder.path("a/settings-tui/s.json")) == 0o600)
      #expect(try folder.contents("a/settings-tui") == [".s.json.lock", "s.json"])
    }
  }

  @Test func replacingKeepsPermissionsAndLeavesNoTemporaryFile() async throws {
    try await withTemporaryFolder { folder in
      try folder.write("{\"displayName\": \"Old\"}", to: "s.json")
      #expect(chmod(folder.path("s.json"), 0o640) == 0)
      let storage = SettingsStorageClient.live(fileAt: folder.path("s.json"))
      try await storage.save(settings, .merge)
      #expect(try await storage.load() == settings)
      #expect(try permissions(folder.path("s.json")) == 0o640)
      #expect(try folder.contents() == [".s.json.lock", "s.json"])
    }
  }

  @Test func aSymbolicLinkStaysALinkAndItsTargetIsUpdated() async throws {
    try await withTemporaryFolder { folder in
      try folder.write("{}", to: "dotfiles/settings.json")
      try FileManager.default.createDirectory(atPath: folder.path("config"), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: folder.path("config/settings.json"), withDestinationPath: folder.path("dotfiles/settings.json"))
      try await SettingsStorageClient.live(fileAt: folder.path("config/settings.json")).save(settings, .merge)
      let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("config/settings.json"))
      #expect(link == folder.path("dotfiles/settings.json"))
      #expect(try folder.bytes("dotfiles/settings.json") == SettingsFile.encode(settings))
      #expect(try folder.contents("config") == ["settings.json"], "the lock is beside the file, not the link")
      #expect(try folder.contents("dotfiles") == [".settings.json.lock", "settings.json"])
    }
  }

  /// Saves through two links to one file take one lock, so one waits for the other and the
  /// merge sees its change: a lock beside each link let three such saves lose one in 21 of 30.
  @Test func savesThroughTwoLinksToOneFileWaitForEachOther() async throws {
    try await withTemporaryFolder { folder in
      try folder.write("{}", to: "real/s.json")
      for link in ["one", "two"] {
        try FileManager.default.createDirectory(atPath: folder.path(link), withIntermediateDirectories: true)
        #expect(symlink("../real/s.json", folder.path("\(link)/s.json")) == 0)
      }
      let first = SettingsStorageClient.live(fileAt: folder.path("one/s.json"))
      let second = SettingsStorageClient.live(fileAt: folder.path("two/s.json"))
      var mine = try #require(try await first.load())
      var theirs = try #require(try await second.load())
      // The second save holds the lock (as if writing) while the first one starts.
      let lock = open(folder.path("real/.s.json.lock"), O_RDWR | O_CREAT, 0o600)
      #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
      mine.displayName = "Ada"
      let waiting = Task { try await first.save(mine, .merge) }
      try await Task.sleep(for: .milliseconds(200))
      #expect(try folder.bytes("real/s.json") == Array("{}".utf8), "the first save waits for the lock")
      theirs.protectMyPosts = true
      try SettingsFile(path: folder.path("real/s.json")).save(theirs)
      #expect(close(lock) == 0)
      try await waiting.value
      #expect(try SettingsFile(path: folder.path("real/s.json")).load() == UserSettings(displayName: "Ada", protectMyPosts: true))
    }
  }

  @Test func concurrentSavesLeaveOneWholeFile() async throws {
    try await withTemporaryFolder { folder in
      let storage = SettingsStorageClient.live(fileAt: folder.path("s.json"))
      let names = (0..<20).map { "Name \($0)" }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for name in names {
          group.addTask { try await storage.save(UserSettings(displayName: name), .merge) }
        }
        try await group.waitForAll()
      }
      let loaded = try #require(try await storage.load())
      #expect(names.contains(loaded.displayName))
      #expect(try folder.contents() == [".s.json.lock", "s.json"])
    }
  }

  // MARK: Failures leave the old file whole

  @Test func failingToCreateTheTemporaryFileLeavesTheOldFile() async throws {
    try await withTemporaryFolder { folder in
      let old = "{\"displayName\": \"Old\"}\n"
      try folder.write(old, to: "s.json")
      var file = SettingsFile(path: folder.path("s.json"))
      file.writer.temporaryFolder = folder.path("missing")
      let message = try saveError(file)
      #expect(message.contains("Cannot save settings to \(folder.path("s.json"))"))
      #expect(message.contains("could not create a temporary file in \(folder.path("missing")) (No such file or directory)"))
      #expect(message.contains("The previous settings file was left unchanged."))
      #expect(try folder.bytes("s.json") == Array(old.utf8))
      #expect(try folder.contents() == ["s.json"])
    }
  }

  @Test func failingToRenameRemovesTheWrittenTemporaryFile() async throws {
    try await withTemporaryFolder { folder in
      // NB: A non-empty folder at the target cannot be replaced by a file, even by root.
      try folder.write("keep me", to: "s.json/inside")
      let message = try saveError(SettingsFile(path: folder.path("s.json")))
      #expect(message.contains("could not replace \(folder.path("s.json"))"))
      #expect(try folder.contents() == ["s.json"])
      #expect(try folder.contents("s.json") == ["inside"])
      #expect(try folder.bytes("s.json/inside") == Array("keep me".utf8))
    }
  }

  @Test func failingToRenameAcrossFileSystemsLeavesTheOldFileAndNoTemporaryFile() async throws {
    let otherFileSystem = "/dev/shm"
    try await withTemporaryFolder { folder in
      guard isFolder(otherFileSystem), try device(otherFileSystem) != device(folder.root) else { return }
      let old = "{\"displayName\": \"Old\"}\n"
      try folder.write(old, to: "s.json")
      var file = SettingsFile(path: folder.path("s.json"))
      file.writer.temporaryFolder = otherFileSystem
      let message = try saveError(file)
      #expect(message.contains("Invalid cross-device link"))
      #expect(try folder.bytes("s.json") == Array(old.utf8))
      #expect(try folder.contents() == ["s.json"])
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: otherFileSystem)
        .filter { $0.hasPrefix(".s.json.") }
      #expect(leftovers == [])
    }
  }

  @Test func aFileWhereTheFolderShouldBeIsReported() async throws {
    try await withTemporaryFolder { folder in
      try folder.write("not a folder", to: "settings-tui")
      let message = try saveError(SettingsFile(path: folder.path("settings-tui/s.json")))
      #expect(message.contains("could not create the folder \(folder.path("settings-tui")) (Not a directory)"))
      #expect(message.contains("is a file, not a folder"))
      #expect(try folder.bytes("settings-tui") == Array("not a folder".utf8))
    }
  }

  private func saveError(_ file: SettingsFile) throws -> String {
    do {
      try file.save(settings)
      Issue.record("Expected the save to fail")
      return ""
    } catch {
      return error.message
    }
  }

  private func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int) ?? -1
  }

  private func device(_ path: String) throws -> UInt64 {
    var info = stat()
    guard stat(path, &info) == 0 else { throw CocoaError(.fileReadUnknown) }
    return UInt64(info.st_dev)
  }
}
