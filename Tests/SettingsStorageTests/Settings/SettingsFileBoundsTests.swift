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
