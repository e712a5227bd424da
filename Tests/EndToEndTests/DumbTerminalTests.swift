import Foundation
import Testing

extension EndToEnd {
  @Suite struct DumbTerminal {
    @Test func aDumbTerminalGetsAClearMessageAndExit2() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.start([], environment: ["TERM": "dumb"])
      #expect(try await session.waitForExit() == 2)
      #expect(session.stderr.contains("TERM=dumb cannot show a form"), "\(session.stderr)")
      #expect(session.stderr.contains("--no-input"), "\(session.stderr)")
    }
  }
}
