import Foundation
import Testing

extension EndToEnd {
  /// Another program saves the settings while the form is open: Save says so and offers to
  /// merge, keep this form's values, use the saved ones, or go back.
  @Suite struct SettingsConflictTests {
    /// Opens the form on a saved file, changes "Protect my posts", and has another program
    /// save a new display name meanwhile; then presses Save and waits for the question.
    func openChangeAndCollide(_ session: TmuxSession) async throws {
      try session.writeSettings(#"{"displayName": "Blob"}"# + "\n")
      try session.start([])
      try await session.waitForFocus(on: "Digest")
      try session.press("BTab", "BTab", "BTab")
      try await session.waitForFocus(on: "Protect my posts")
      try session.press("Space")
      try await session.waitFor(text: " › Protect my posts      [x] On")
      // Another program (an editor, a second settings-tui) saves meanwhile.
      try session.writeSettings(#"{"displayName": "Lin", "digest": "off"}"# + "\n")
      try session.press("Tab")
      try await session.waitForButton("Save")
      try session.press("Enter")
      // NB: Waits for the whole question (box and key help), not its first line: a frame can
      //     be caught half written.
      let screen = try await session.waitFor("the whole question") {
        $0.contains("Another program saved the settings") && $0.contains("[ Back ]")
          && $0.lines.last?.contains("b back") == true
      }
      #expect(screen.contains("It changed: Digest, Display name."), "\(screen)")
      #expect(screen.contains("[ Merge ]  [ Keep mine ]  [ Use saved ]  [ Back ]"), "\(screen)")
      #expect(screen.lines.last?.contains("m merge  k keep mine  s use saved  b back") == true, "\(screen)")
    }

    @Test func mergeKeepsBothChangesAndSaysWhichCameFromElsewhere() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await openChangeAndCollide(session)
      try session.type("m")
      #expect(try await session.waitForExit() == 0)
      let text = try String(contentsOf: session.settingsFile, encoding: .utf8)
      #expect(
        try SavedSettings.parse(text)
          == SavedSettings(digest: "off", displayName: "Lin", protectMyPosts: true))
      #expect(session.stdout.contains("keeping what was saved meanwhile for digest, displayName"))
    }

    @Test func keepMineWritesThisFormsValues() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await openChangeAndCollide(session)
      try session.type("k")
      #expect(try await session.waitForExit() == 0)
      let text = try String(contentsOf: session.settingsFile, encoding: .utf8)
      #expect(try SavedSettings.parse(text) == SavedSettings(displayName: "Blob", protectMyPosts: true))
    }

    @Test func useSavedShowsTheOtherProgramsValuesAndBackLeavesTheFileAlone() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await openChangeAndCollide(session)
      // Back: the form again, the file as the other program wrote it.
      try session.press("Escape")
      var screen = try await session.waitForQuestionGone("Another program", answer: "m merge")
      #expect(screen.contains("Protect my posts      [x] On"), "\(screen)")
      // Save again asks again; Use saved shows the file's values in the form.
      try session.press("Enter")
      try await session.waitFor(text: "Another program saved the settings")
      try session.type("s")
      screen = try await session.waitFor(text: "Display name          Lin")
      #expect(screen.contains("(•) Off"), "\(screen)")
      #expect(screen.contains("Protect my posts      [ ] Off"), "\(screen)")
      // Nothing left to discard: Esc leaves at once.
      try session.press("Escape")
      #expect(try await session.waitForExit() == 1)
      let text = try String(contentsOf: session.settingsFile, encoding: .utf8)
      #expect(text == #"{"displayName": "Lin", "digest": "off"}"# + "\n")
    }
  }
}
