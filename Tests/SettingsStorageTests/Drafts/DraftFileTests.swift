import Foundation
import SettingsFeatures
import Testing

@testable import SettingsStorage

/// A draft keeps what the form opened with, so taking it up later can merge its edits onto
/// what was saved meanwhile.
@Suite("Draft files")
struct DraftFileTests {
  @Test func aDraftKeepsItsValuesAndWhatTheFormOpenedWith() async throws {
    try await withTemporaryFolder { folder in
      let drafts = DraftFile<UserSettings>(path: folder.path("drafts/settings.json"))
      let opened = UserSettings(displayName: "Blob")
      try drafts.save(UserSettings(displayName: "Blob", protectMyPosts: true), base: opened)
      let draft = try #require(drafts.load())
      #expect(draft.value == UserSettings(displayName: "Blob", protectMyPosts: true))
      #expect(draft.base == opened)
      #expect(abs(draft.savedAt.timeIntervalSinceNow) < 60)

      // Merged onto a file another program saved since: both changes are kept.
      let now = UserSettings(digest: .off, displayName: "Lin")
      let restored = UserSettings.merging(ours: draft.value, base: opened, theirs: now)
      #expect(restored == UserSettings(digest: .off, displayName: "Lin", protectMyPosts: true))
    }
  }

  @Test func aDraftWrittenWithoutItsBaseStillLoads() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("settings.json")
      let value = try String(decoding: JSONEncoder().encode(UserSettings(displayName: "Old")), as: UTF8.self)
      try Data(#"{"value":\#(value),"savedAt":1700000000}"#.utf8).write(to: URL(fileURLWithPath: path))
      let draft = try #require(DraftFile<UserSettings>(path: path).load())
      #expect(draft.value.displayName == "Old")
      #expect(draft.base == nil)
      #expect(draft.savedAt == Date(timeIntervalSince1970: 1_700_000_000))
    }
  }

  @Test func anUnreadableDraftIsNone() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("settings.json")
      try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
      #expect(DraftFile<UserSettings>(path: path).load() == nil)
    }
  }
}
