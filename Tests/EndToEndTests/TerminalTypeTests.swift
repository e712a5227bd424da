import Foundation
import Testing

extension EndToEnd {
  /// The release binary on the terminal types and locales people use: the form shows, Esc
  /// cancels, and every escape sequence and control character it writes is one of that
  /// terminal's terminfo capabilities (``Terminfo``).
  @Suite struct TerminalTypeTests {
    static let terminals = [
      "xterm-256color", "screen-256color", "tmux-256color", "linux", "vt100", "vt220", "xterm-mono",
    ]
    static let locales = ["C.UTF-8", "C"]
    /// The terminals whose terminfo has the bracketed-paste strings (BE, BD, PS, PE).
    static let withBracketedPaste: Set = ["xterm-256color", "tmux-256color"]

    @Test(arguments: terminals, locales)
    func theSettingsFormShowsAndCancels(term: String, locale: String) async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.start(
        [], environment: ["TERM": term, "LANG": locale, "LC_ALL": locale], recordingOutput: true)
      // NB: The key help is the last row written: waiting for it finds the frame complete.
      let screen = try await session.waitFor("the whole first frame") {
        $0.lines.last?.contains("Esc") == true
      }
      for label in ["Settings", "Digest", "Display name", "Notifications", "Save", "Cancel"] {
        #expect(screen.contains(label), "\(term) \(locale): \(label)\n\(screen)")
      }
      // NB: A focus move redraws two rows and the key help: more of what curses writes.
      try session.press("Tab")
      try await session.waitForFocus(on: "Display name")
      try session.press("Escape")
      #expect(try await session.waitForExit() == 1, "\(term) \(locale)")
      // NB: Where there is no alternate screen to leave (linux, vt100, vt220), the form is
      //     cleared, so the shell's next line is not printed over its key help.
      let after = try session.screen()
      #expect(!after.contains("Esc cancel") && !after.contains("Display name"), "\(term) \(locale)\n\(after)")

      let output = session.output()
      let text = String(decoding: output, as: UTF8.self)
      #expect(!output.isEmpty, "\(term) \(locale): the output was recorded")
      #expect(!text.contains("$<"), "\(term) \(locale): padding is applied, never written")
      let unknown = try Terminfo(term).unknownSequences(in: output)
      #expect(unknown.isEmpty, "\(term) \(locale): sequences its terminfo does not have: \(unknown.prefix(8))")
      if locale == "C" || term.hasPrefix("vt") {
        #expect(
          !output.contains(where: { $0 >= 0x80 }),
          "\(term) \(locale): 7-bit only, found \(output.filter { $0 >= 0x80 }.prefix(8))")
      }
      let paste = text.contains("\u{1B}[?2004h")
      #expect(paste == Self.withBracketedPaste.contains(term), "\(term) \(locale): paste mode")
      if term == "xterm-mono" || term.hasPrefix("vt") {
        #expect(!Self.setsColour(text), "\(term): no colour sequences")
      }
    }

    /// In the C locale a saved name with accents reads as its plain letters (`Jose Nunez`),
    /// not `Jos? N??ez`, on a 7-bit screen; the saved value is unchanged.
    @Test func inTheCLocaleAccentedNamesReadAsTheirPlainLetters() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      let added = try session.runDirectly(
        ["client", "--no-input", "--set", "name=José Núñez", "--set", "email=jose@example.com", "--set", "age=30"])
      #expect(added.status == 0, "\(added)")
      // NB: From a shell: the list prints JSON where standard output is no terminal.
      try await session.startShell(running: #"LANG=C LC_ALL=C "$BIN" clients"#)
      let screen = try await session.waitFor(text: "Jose Nunez")
      // NB: The footer's `? keys` aside: the client's row has no `?` in place of a letter.
      let row = screen.lines.first { $0.contains("Jose Nunez") } ?? "?"
      #expect(!row.contains("?"), "\(screen)")
      try session.press("Escape")
      try await session.waitFor(text: "exit=0")
      let listed = try session.runDirectly(["clients", "--json"])
      #expect(listed.stdout.contains("José Núñez"), "\(listed)")
    }

    /// Ctrl-Left moves a word back whether the terminfo lists it (xterm's `kLFT5`) or not
    /// (screen's): it neither cancels the form (as Esc) nor types the rest of its sequence.
    @Test(arguments: ["screen-256color", "xterm-256color"])
    func ctrlArrowsMoveByWords(term: String) async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.start([], environment: ["TERM": term])
      try await session.waitForFocus(on: "Digest")
      try session.press("Tab")
      try await session.waitForFocus(on: "Display name")
      try session.type("Ab cd")
      try session.press("C-Left")
      try session.type("x")
      let screen = try await session.waitFor(text: "Ab xcd")
      #expect(screen.isFocused(on: "Display name"), "\(term)\n\(screen)")
      #expect(!screen.contains("5D") && !screen.contains("Discard"), "\(term)\n\(screen)")
      try await session.discardChanges()
      #expect(try await session.waitForExit() == 1)
    }

    /// Whether an SGR sequence sets a colour (30-49).
    static func setsColour(_ text: String) -> Bool {
      text.split(separator: "\u{1B}").contains { sequence in
        guard sequence.hasPrefix("["), let end = sequence.firstIndex(where: { $0.isLetter }),
          sequence[end] == "m"
        else { return false }
        return sequence.dropFirst().prefix(upTo: end).split(separator: ";").contains {
          Int($0).map { (30...49).contains($0) } ?? false
        }
      }
    }
  }
}
