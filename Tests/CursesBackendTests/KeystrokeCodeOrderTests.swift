import Foundation
import Testing

/// Release builds prefetch the machine code that lies between two markers of `CKeystrokeCode`
/// when a key arrives; the linker's order file is what puts the keystroke's functions there.
struct KeystrokeCodeOrderTests {
  @Test func theOrderFilePutsTheKeystrokeFunctionsBetweenTheMarkers() throws {
    let repository = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let order = try String(
      contentsOf: repository.appendingPathComponent("Scripts/settings-tui.order"), encoding: .utf8)
    let sections = order.split(separator: "\n")
    #expect(sections.first == ".text.keystroke_code_begin")
    #expect(sections.last == ".text.keystroke_code_end")
    #expect(sections.filter { $0.hasPrefix(".text.keystroke_code_") }.count == 3)
    #expect(sections.contains(".text.keystroke_code_prefetch"))
    // NB: callgrind's cycle suffixes (`'2`) name no linker section.
    #expect(!sections.contains { $0.contains("'") })
    #expect(sections.count > 100)
  }
}
