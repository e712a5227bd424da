import Foundation
import SettingsFeatures
import Testing

@testable import SettingsStorage

@Suite("Loading the settings file")
struct SettingsFileLoadTests {
  @Test func missingFileMeansNothingSavedAndCreatesNothing() async throws {
    try await withTemporaryFolder { folder in
      let storage = SettingsStorageClient.live(fileAt: folder.path("settings-tui/settings.json"))
      let loaded = try await storage.load()
      #expect(loaded == nil)
      #expect(try folder.contents() == [])
    }
  }

  @Test func completeFileLoadsEveryField() async throws {
    try await withTemporaryFolder { folder in
      try folder.write(
        """
        {
          "digest" : "weekly",
          "displayName" : "Blob",
          "enableNotifications" : true,
          "protectMyPosts" : true,
          "sendEmailNotifications" : false,
          "sendMobileNotifications" : true
        }
        """, to: "settings.json")
      let settings = try await SettingsStorageClient.live(fileAt: folder.path("settings.json")).load()
      #expect(
        settings
          == UserSettings(
            digest: .weekly, displayName: "Blob", enableNotifications: true, protectMyPosts: true,
            sendEmailNotifications: false, sendMobileNotifications: true))
    }
  }

  @Test func partialFileTakesDefaultsAndIgnoresUnknownKeys() async throws {
    try await withTemporaryFolder { folder in
      try folder.write(#"{"displayName": "Blob Jr", "theme": "dark", "digest": "off"}"#, to: "s.json")
      let settings = try await SettingsStorageClient.live(fileAt: folder.path("s.json")).load()
      #expect(settings == UserSettings(digest: .off, displayName: "Blob Jr"))
    }
  }

  @Test func emptyObjectIsAllDefaults() async throws {
    try await withTemporaryFolder { folder in
      try folder.write("{}\n", to: "s.json")
      #expect(try await SettingsStorageClient.live(fileAt: folder.path("s.json")).load() == UserSettings())
    }
  }

  @Test func malformedJSONNamesFileAndLineAndLeavesItUnchanged() async throws {
    try await withTemporaryFolder { folder in
      let text = "{\n  \"digest\": \"daily\",\n  \"displayName\": Blob\n}\n"
      try folder.write(text, to: "settings.json")
      let path = folder.path("settings.json")
      let message = try await loadError(path)
      #expect(message.contains(path))
      #expect(message.contains("not valid JSON"))
      #expect(message.contains("line 3, column 18"))
      #expect(message.contains("left unchanged: fix or remove it"))
      #expect(try folder.bytes("settings.json") == Array(text.utf8))
      #expect(try folder.contents() == ["settings.json"])
    }
  }

  @Test(arguments: ["", "{\"digest\": \"daily\"", "{} {}"])
  func truncatedOrTrailingJunkIsMalformed(text: String) async throws {
    try await withTemporaryFolder { folder in
      try folder.write(text, to: "s.json")
      let message = try await loadError(folder.path("s.json"))
      #expect(message.contains("not valid JSON"))
      #expect(try folder.bytes("s.json") == Array(text.utf8))
    }
  }

  @Test func wrongTypeNamesTheKeyAndWhere() async throws {
    try await withTemporaryFolder { folder in
      try folder.write("{\n  \"displayName\": \"Blob\",\n  \"enableNotifications\": \"yes\"\n}", to: "s.json")
      let message = try await loadError(folder.path("s.json"))
      #expect(message.contains("“enableNotifications” (line 3, column 3) must be true or false"))
      #expect(message.contains("left unchanged"))
    }
  }

  @Test func wrongTypeIsPlacedAtTheKeyNotAtAnEqualValueBeforeIt() async throws {
    try await withTemporaryFolder { folder in
      // The display name's value reads "digest" too, and another tool's member holds a key of
      // that name: the place named is the settings' own digest key.
      try folder.write(
        "{\n  \"displayName\": \"digest\", \"plugin\": {\"digest\": 1},\n  \"digest\": \"hourly\"\n}", to: "s.json")
      let message = try await loadError(folder.path("s.json"))
      #expect(message.contains(#"“digest” is "hourly" (line 3, column 3)"#))
    }
  }

  @Test func numberIsNotABoolean() async throws {
    try await withTemporaryFolder { folder in
      try folder.write(#"{"protectMyPosts": 1}"#, to: "s.json")
      #expect(try await loadError(folder.path("s.json")).contains("“protectMyPosts”"))
    }
  }

  @Test func unknownDigestNamesTheValue() async throws {
    try await withTemporaryFolder { folder in
      try folder.write("{\"digest\": \"hourly\"}", to: "s.json")
      let message = try await loadError(folder.path("s.json"))
      #expect(message.contains(#"“digest” is "hourly" (line 1, column 2), but must be one of daily, weekly, off"#))
    }
  }

  @Test func topLevelArrayIsNotSettings() async throws {
    try await withTemporaryFolder { folder in
      try folder.write("[1, 2]", to: "s.json")
      #expect(try await loadError(folder.path("s.json")).contains("one JSON object"))
    }
  }

  @Test func folderAtThePathIsAnErrorNamingIt() async throws {
    try await withTemporaryFolder { folder in
      try FileManager.default.createDirectory(atPath: folder.path("settings.json"), withIntermediateDirectories: false)
      let message = try await loadError(folder.path("settings.json"))
      #expect(message.contains("Cannot read the settings file \(folder.path("settings.json")): Is a directory"))
      #expect(message.contains("--config PATH"))
    }
  }

  // NB: root reads any file whatever its mode, so this case can only be shown as another user.
  @Test(.enabled(if: getuid() != 0, "root ignores file permissions"))
  func unreadableFileIsAnErrorNamingIt() async throws {
    try await withTemporaryFolder { folder in
      try folder.write("{}", to: "s.json")
      #expect(chmod(folder.path("s.json"), 0) == 0)
      #expect(try await loadError(folder.path("s.json")).contains("Permission denied"))
    }
  }

  @Test func locationCountsLinesAndCharacters() {
    let bytes = Array("{\n  \"é\": x".utf8)
    #expect(TextPosition(offset: bytes.count - 1, in: bytes) == TextPosition(line: 2, column: 8))
    #expect(TextPosition.ofKey("é", in: bytes) == TextPosition(line: 2, column: 3))
    #expect(TextPosition.ofKey("missing", in: bytes) == nil)
    // A byte order mark that starts the file is no column of its first line.
    let marked = [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1,}"#.utf8)
    #expect(TextPosition(offset: 10, in: marked) == TextPosition(line: 1, column: 8))
    #expect(TextPosition(offset: 1, in: marked) == TextPosition(line: 1, column: 1))
  }

  private func loadError(_ path: String) async throws -> String {
    do {
      let settings = try await SettingsStorageClient.live(fileAt: path).load()
      Issue.record("Expected an error, loaded \(String(describing: settings))")
      return ""
    } catch let error as StorageError {
      return error.message
    }
  }
}
