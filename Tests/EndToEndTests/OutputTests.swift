import Foundation
import Testing

extension EndToEnd {
  /// Standard output that cannot be written to, and data that would steer a terminal.
  @Suite struct OutputTests {
    /// Runs `script` in `sh` with `$BIN` the program, in the session's environment.
    func shell(_ session: TmuxSession, _ script: String) throws -> ProcessResult {
      var environment = session.environment
      environment["BIN"] = session.binary
      return try run("/bin/sh", ["-c", script], environment: environment)
    }

    @Test func aFullDiskOrAClosedOutputIsOneLineAndExitTwo() throws {
      let session = try TmuxSession()
      defer { session.close() }
      var result = try shell(session, #""$BIN" clients > /dev/full"#)
      #expect(result.status == 2, "\(result)")
      #expect(result.stderr == "settings-tui: cannot write the output: No space left on device\n", "\(result)")
      result = try shell(session, #""$BIN" clients >&-"#)
      #expect(result.status == 2, "\(result)")
      // NB: Not "Invalid argument": the runtime's own descriptor used to take the number 1.
      #expect(result.stderr == "settings-tui: cannot write the output: standard output is closed\n", "\(result)")
    }

    @Test func aPipeWhoseReaderHasGoneEndsQuietly() throws {
      let session = try TmuxSession()
      defer { session.close() }
      // NB: SIGPIPE ignored, as some shells and supervisors leave it: the write fails instead.
      let result = try shell(
        session,
        #"trap '' PIPE; ( sleep 0.3; "$BIN" clients 2> "$HOME/err"; echo $? > "$HOME/status" ) | true; sleep 1; cat "$HOME/status" "$HOME/err""#)
      #expect(result.stdout == "141\n", "\(result)")
    }

    @Test func aSavedFormWhoseOutputFailsSaysSoAndKeepsTheSave() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let result = try shell(
        session, #""$BIN" --no-input --json --set displayName=Blob > /dev/full"#)
      #expect(result.status == 2, "\(result)")
      #expect(
        result.stderr == "settings-tui: cannot write the output: No space left on device "
          + "(this went through all the same: Settings saved to \(session.settingsFile.path))\n", "\(result)")
      let saved = try String(contentsOf: session.settingsFile, encoding: .utf8)
      #expect(saved.contains("Blob"))

      // A removal, likewise.
      let added = try session.runDirectly(
        ["client", "--no-input", "--set", "name=Ada", "--set", "email=ada@example.com", "--set", "age=36"])
      #expect(added.status == 0, "\(added)")
      let removed = try shell(session, #""$BIN" clients remove ada@example.com --yes >&-"#)
      #expect(removed.status == 2, "\(removed)")
      #expect(removed.stderr.contains("(this went through all the same: Client ada@example.com removed from"), "\(removed)")
    }

    @Test func dataThatWouldSteerTheTerminalIsShownEscaped() throws {
      let session = try TmuxSession()
      defer { session.close() }
      // NB: Control characters and the bidirectional overrides are refused as values (see
      //     below); a line separator or a right-to-left mark is legal text in a name, so it is
      //     stored and shown escaped.
      let name = "Ada\u{2028}Love\u{200F}lace"
      var result = try session.runDirectly([
        "client", "--no-input", "--set", "name=\(name)", "--set", "email=ada@example.com", "--set", "age=36",
      ])
      #expect(result.status == 0, "\(result)")

      result = try session.runDirectly(["clients"])
      #expect(result.status == 0, "\(result)")
      for raw in ["\u{2028}", "\u{200F}"] {
        #expect(!result.stdout.contains(raw), "the JSON shows no raw \(raw.unicodeScalars.first?.value ?? 0)")
      }
      #expect(result.stdout.contains(#"Ada\u2028Love\u200flace"#), "\(result)")
      let decoded = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
      #expect(decoded?.first?["name"] as? String == name, "the JSON still decodes to the value")

      // An email with a right-to-left override, or any invisible character, is refused, and
      // the message shows it escaped.
      result = try session.runDirectly([
        "client", "--no-input", "--set", "name=Bo", "--set", "email=bo\u{202E}moc@example.com", "--set", "age=36",
      ])
      #expect(result.status == 1, "\(result)")
      #expect(!result.stderr.contains("\u{202E}"), "\(result)")

      result = try session.runDirectly([
        "client", "--no-input", "--set", "name=Ada", "--set", "email=ada\u{1B}]0;owned\u{07}@x.com",
        "--set", "age=36",
      ])
      #expect(result.status == 1, "\(result)")
      #expect(!result.stderr.contains("\u{1B}"), "\(result)")
      #expect(result.stderr.contains("Control characters cannot be part of an email"), "\(result)")

      result = try session.runDirectly(["--no-input", "--set", "digest=\u{1B}[2J"])
      #expect(result.status == 2, "\(result)")
      #expect(!result.stderr.contains("\u{1B}"), "\(result)")
      #expect(result.stderr.contains(#"\u{1B}[2J"#), "\(result)")
    }
  }
}

extension EndToEnd.OutputTests {
  @Test func anOverlongEmailIsRefusedNotStored() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let email = String(repeating: "a", count: 300) + "@example.com"
    let result = try session.runDirectly([
      "client", "--no-input", "--set", "name=Ada", "--set", "email=\(email)", "--set", "age=36",
    ])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("At most 254 characters"), "\(result)")
    let listed = try session.runDirectly(["clients"])
    #expect(listed.status == 0 && !listed.stdout.contains("aaaa"), "\(listed)")
  }
}

extension EndToEnd.OutputTests {
  /// A NUL (or any control character) in a value would be cut or steer a terminal: such a value
  /// is refused with the field's message, never stored.
  @Test func aValueWithAControlCharacterIsRefused() throws {
    let session = try TmuxSession()
    defer { session.close() }
    try session.writeSettings(#"{"displayName": "Ada\u0000Lovelace"}"#)
    let result = try session.runDirectly(["--no-input", "--set", "protectMyPosts=true"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("Control characters cannot be part of a display name"), "\(result)")
  }
}
