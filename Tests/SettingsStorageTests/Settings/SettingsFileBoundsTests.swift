import Foundation
import SettingsFeatures
import Testing

@testable import SettingsStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Only regular files of at most 1 MiB are read: a FIFO, a device or a huge file at the path is
/// refused at once with a message, and left as it is.
@Suite("Reading files within bounds")
struct SettingsFileBoundsTests {
  @Test func aFIFOIsRefusedWithoutWaitingForAWriter() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("settings.json")
      #expect(mkfifo(path, 0o600) == 0)
      let started = ContinuousClock.now
      await #expect(throws: StorageError.self) {
        _ = try await SettingsStorageClient.live(fileAt: path).load()
      }
      #expect(ContinuousClock.now - started < .seconds(1))
      do {
        _ = try SettingsFile(path: path).load()
      } catch let error as StorageError {
        #expect(error.message.contains("it is not a regular file"), "\(error.message)")
      }
    }
  }

  @Test func aLinkToADeviceIsRefused() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("settings.json")
      #expect(symlink("/dev/zero", path) == 0)
      do {
        _ = try SettingsFile(path: path).load()
        Issue.record("/dev/zero was read")
      } catch let error as StorageError {
        #expect(error.message.contains("it is not a regular file"), "\(error.message)")
      }
    }
  }

  @Test func aFileOverOneMebibyteIsRefusedAndLeftAlone() async throws {
    try await withTemporaryFolder { folder in
      let text = "{\"displayName\": \"" + String(repeating: "x", count: (1 << 20) + 10) + "\"}"
      try folder.write(text, to: "settings.json")
      let path = folder.path("settings.json")
      do {
        _ = try SettingsFile(path: path).load()
        Issue.record("a 1 MiB file was read")
      } catch let error as StorageError {
        #expect(error.message.contains("larger than 1024 KiB"), "\(error.message)")
      }
      #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }
  }

  /// A file just under the limit, mostly another tool's key, loads; a save that would write it
  /// past the limit (pretty-printed, with every setting) is refused and leaves it whole, since
  /// every later run would refuse to read it.
  @Test func aSaveThatWouldWriteMoreThanCanBeReadIsRefused() async throws {
    try await withTemporaryFolder { folder in
      let text = "{\"other\":\"" + String(repeating: "x", count: (1 << 20) - 40) + "\"}"
      try folder.write(text, to: "settings.json")
      let storage = SettingsStorageClient.live(fileAt: folder.path("settings.json"))
      var settings = try #require(try await storage.load())
      settings.displayName = "Bob"
      do {
        try await storage.save(settings, .merge)
        Issue.record("a file larger than can be read was written")
      } catch let error as StorageError {
        #expect(error.message.contains("more than the 1024 KiB that settings-tui reads"), "\(error.message)")
        #expect(error.message.contains("left unchanged"), "\(error.message)")
      }
      #expect(try String(contentsOfFile: folder.path("settings.json"), encoding: .utf8) == text)
    }
  }

  @Test func aFIFOWhereTheDatabaseGoesIsRefused() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      #expect(mkfifo(path, 0o600) == 0)
      do {
        try ClientDatabase.refuseIfNotADatabase(path)
        Issue.record("a FIFO was taken for a database")
      } catch let error as StorageError {
        #expect(error.message.contains("not a regular file"), "\(error.message)")
      }
    }
  }
}
