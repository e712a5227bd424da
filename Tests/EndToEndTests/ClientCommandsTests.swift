import Foundation
import Testing

extension EndToEnd {
  /// `settings-tui clients remove EMAIL`, for scripts and people.
  @Suite struct ClientCommands {
    func addAda(_ session: TmuxSession) throws {
      let added = try session.runDirectly(
        ["client", "--no-input", "--set", "name=Ada", "--set", "email=ada@example.com", "--set", "age=36"])
      #expect(added.status == 0, "\(added)")
    }

    @Test func aScriptRemovesAClientByEmailAndAMissingOneIsExit1() throws {
      let session = try TmuxSession()
      defer { session.close() }
      try addAda(session)
      let removed = try session.runDirectly(["clients", "remove", "ADA@example.com"])
      #expect(removed.status == 0, "\(removed)")
      #expect(removed.stdout.contains("Client ADA@example.com removed"), "\(removed)")
      let listed = try session.runDirectly(["clients"])
      #expect(!listed.stdout.contains("ada@example.com"), "\(listed)")
      let again = try session.runDirectly(["clients", "remove", "ada@example.com"])
      #expect(again.status == 1, "\(again)")
      #expect(again.stderr.contains("settings-tui: no client with email ada@example.com"), "\(again)")
    }

    @Test func onATerminalItAsksFirstAndNoKeepsTheClient() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try addAda(session)
      try session.start(["clients", "remove", "ada@example.com"])
      try await session.waitFor(text: "remove the client ada@example.com? [y/N]")
      try session.type("n")
      try session.press("Enter")
      #expect(try await session.waitForExit() == 1)
      #expect(try session.runDirectly(["clients"]).stdout.contains("ada@example.com"))
    }

    @Test func onATerminalYesRemoves() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try addAda(session)
      try session.start(["clients", "remove", "ada@example.com"])
      try await session.waitFor(text: "[y/N]")
      try session.type("y")
      try session.press("Enter")
      #expect(try await session.waitForExit() == 0)
      #expect(!(try session.runDirectly(["clients"]).stdout.contains("ada@example.com")))
    }
  }
}
