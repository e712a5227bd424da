import Foundation
import SettingsFeatures
import Testing

@testable import SettingsStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Settings file edges")
struct SettingsFileEdgeTests {
  private func loadError(_ text: String) async throws -> String? {
    var message: String?
    try await withTemporaryFolder { folder in
      try folder.write(text, to: "settings.json")
      do {
        _ = try SettingsFile(path: folder.path("settings.json")).load()
      } catch let error as StorageError {
        message = error.message
      }
    }
    return message
  }

  @Test func aTopLevelValueThatIsNotAnObjectIsNamed() async throws {
    let null = try await loadError("null\n")
    #expect(null?.contains("must hold one JSON object ({ ... }) of settings, not null") == true, "\(null ?? "")")
    let array = try await loadError("[]")
    #expect(array?.contains("not an array") == true, "\(array ?? "")")
  }

  @Test func aKeyGivenTwiceIsRefusedWithWhere() async throws {
    let message = try await loadError(
      """
      {
        "displayName": "Ada",
        "protectMyPosts": true,
        "displayName": "Grace"
      }
      """)
    #expect(message?.contains("“displayName” appears twice (again at line 4, column 3)") == true, "\(message ?? "")")
    #expect(try await loadError(#"{"a": {"displayName": 1}, "displayName": "x"}"#) == nil, "nested keys are not top-level ones")
  }

  /// The parser takes a lone surrogate for the end of the file ("ends too early").
  @Test func aLoneSurrogateIsNamedWhereItIs() async throws {
    let message = try await loadError(#"{"displayName": "\ud800"}"#)
    #expect(message?.contains("(line 1, column 18: a \\u escape that names no character") == true, "\(message ?? "")")
  }

  /// Foundation's decoder takes `[1, 2,]`; JSON, jq and Python do not. Saving over such a file
  /// wrote the other tool's value back as it was, still broken for everyone else.
  @Test func aCommaAfterTheLastItemIsRefusedWithWhere() async throws {
    let message = try await loadError("{\"displayName\": \"A\",\n  \"x\": [1, 2,]}")
    #expect(message?.contains("it is not valid JSON (line 2, column 13: a comma after the last item)") == true, "\(message ?? "")")
    #expect(message?.contains("The file was left unchanged") == true)
    #expect(try await loadError(#"{"displayName": "a,}", "x": [","]}"#) == nil, "commas in text are text")
  }

  /// A save renames a new file over the old one; the new one keeps the old one's owner and
  /// group, so a settings file shared with a group (640, owner:users) stays readable to it.
  @Test(.enabled(if: geteuid() == 0, "only root may give a file to another owner"))
  func aSaveKeepsTheFilesOwnerAndGroup() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("settings.json")
      try SettingsFile(path: path).save(UserSettings(displayName: "Ada"))
      #expect(chown(path, 65534, 100) == 0)
      #expect(chmod(path, 0o640) == 0)
      try SettingsFile(path: path).save(UserSettings(displayName: "Grace"))
      var info = stat()
      #expect(stat(path, &info) == 0)
      #expect(info.st_uid == 65534 && info.st_gid == 100, "uid \(info.st_uid), gid \(info.st_gid)")
      #expect(info.st_mode & 0o7777 == 0o640)
    }
  }

  @Test func aDanglingLinkIsFollowedNotReplaced() async throws {
    try await withTemporaryFolder { folder in
      let link = folder.path("settings.json")
      #expect(symlink("dotfiles/settings.json", link) == 0)
      try SettingsFile(path: link).save(UserSettings(displayName: "Ada"))
      var info = stat()
      #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, "still a link")
      let target = try String(contentsOfFile: folder.path("dotfiles/settings.json"), encoding: .utf8)
      #expect(target.contains("\"Ada\""))
    }
  }

  @Test func temporaryFilesLeftByAKilledSaveAreRemovedOnceOld() async throws {
    try await withTemporaryFolder { folder in
      try folder.write("old", to: ".settings.json.AbC123")
      try folder.write("fresh", to: ".settings.json.XyZ789")
      try folder.write("mine", to: ".settings.json.notours-too-long")
      var old = utimbuf(actime: time(nil) - 3_600, modtime: time(nil) - 3_600)
      #expect(utime(folder.path(".settings.json.AbC123"), &old) == 0)
      try SettingsFile(path: folder.path("settings.json")).save(UserSettings())
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("")).sorted()
      #expect(names == [".settings.json.XyZ789", ".settings.json.notours-too-long", "settings.json"])
    }
  }
}
