import Foundation
import Testing

@testable import SettingsStorage

/// A draft's lock keeps a second copy of a form off the draft while the first runs.
@Suite("Draft locks")
struct DraftLockTests {
  @Test func aDraftHeldByOneRunCannotBeTakenByAnotherUntilReleased() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("drafts/client.json")
      var first = DraftLock(draftPath: path)
      #expect(first != nil, "the folder is made for it")
      #expect(DraftLock(draftPath: path) == nil, "held")
      #expect(DraftLock(draftPath: folder.path("drafts/client-2.json")) != nil, "another draft is free")
      #expect(FileManager.default.fileExists(atPath: path + ".lock"))
      first = nil
      #expect(!FileManager.default.fileExists(atPath: path + ".lock"), "no lock file is left behind")
      #expect(DraftLock(draftPath: path) != nil, "released")
    }
  }

  @Test func noLockWhereNoLockFileCanBeMade() async throws {
    try await withTemporaryFolder { folder in
      let file = folder.path("file")
      try "".write(toFile: file, atomically: true, encoding: .utf8)
      #expect(DraftLock(draftPath: "\(file)/client.json") == nil)
    }
  }
}
