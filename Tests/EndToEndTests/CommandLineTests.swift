import Foundation
import Testing

extension EndToEnd {
  /// The command-line contract: no terminal, `--no-input`, `--json`, bad files, help and usage.
  @Suite struct CommandLineTests {
    @Test(arguments: [[], ["client"]])
    func withoutATerminalItExitsWith2AndSaysWhatToDo(arguments: [String]) throws {
      let session = try TmuxSession()
      defer { session.close() }
      let setsid = try #require(which("setsid"), "setsid (util-linux) detaches from the terminal")
      // NB: setsid starts a new session with no controlling terminal, so /dev/tty cannot open.
      let result = try run(
        setsid, ["-w", session.binary] + arguments, environment: session.environment)

      #expect(result.status == 2, "\(result)")
      #expect(result.stderr.contains("terminal"), "\(result)")
      #expect(result.stderr.contains("--no-input"), "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
      #expect(!FileManager.default.fileExists(atPath: session.settingsFile.path))
    }

    @Test func noInputSettingsAreValidatedAndSaved() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let result = try session.runDirectly([
        "--no-input", "--set", "digest=Weekly", "--set", "displayName=Blob",
        "--set", "protect-my-posts=true",
      ])

      #expect(result.status == 0, "\(result)")
      #expect(result.stdout == "Settings saved to \(session.settingsFile.path)\n", "\(result)")
      let text = try String(contentsOf: session.settingsFile, encoding: .utf8)
      #expect(
        try SavedSettings.parse(text)
          == SavedSettings(digest: "weekly", displayName: "Blob", protectMyPosts: true))
    }

    /// A settings file made read-only (chmod 444) is not replaced, though its folder would let
    /// a rename get round it: the message says why and what to do. Run as `nobody`, since root
    /// writes anywhere; skipped where the tests cannot switch user.
    @Test func aReadOnlySettingsFileIsLeftAlone() throws {
      guard TmuxSession.canRunAsNobody else { return }
      let session = try TmuxSession()
      defer { session.close() }
      let file = session.folder.appendingPathComponent("ro.json").path
      try Data(#"{"displayName": "Kept"}"#.utf8).write(to: URL(fileURLWithPath: file))
      for path in [session.folder.path, file, session.home.path] {
        #expect(chown(path, 65534, 65534) == 0, "\(path)")
      }
      #expect(chmod(file, 0o444) == 0)
      let result = try run(
        "/usr/bin/setpriv",
        ["--reuid=65534", "--regid=65534", "--clear-groups", session.binary, "--no-input",
         "--set", "displayName=Changed", "--config", file],
        environment: session.environment)
      #expect(result.status == 2, "\(result)")
      #expect(result.stderr.contains("(it is read-only, mode 444). Make it writable (chmod u+w)"), "\(result)")
      #expect(try String(contentsOfFile: file, encoding: .utf8) == #"{"displayName": "Kept"}"#)
    }

    /// A mistyped command was handed to the default command as an unexpected argument, with
    /// that command's usage: it is named as a mistyped command, with the nearest one.
    @Test(arguments: [
      (["clinets"], "'clinets' is not a command. Did you mean 'clients'? Commands: settings, client, clients, form."),
      (["clients", "edti", "ada@example.com"], "'edti' is not a command. Did you mean 'edit'? Commands: list, edit, remove."),
      (["xyz"], "'xyz' is not a command. Commands: settings, client, clients, form."),
      (["clients", "help"], "'help' is not a command. Did you mean '--help'? Commands: list, edit, remove."),
      // `help` names commands: ArgumentParser showed the general help for any other word.
      (["help", "clinets"], "'clinets' is not a command. Did you mean 'clients'? Commands: settings, client, clients, form."),
      (["help", "clients", "edti"], "'edti' is not a command. Did you mean 'edit'? Commands: list, edit, remove."),
      // Options before the command: the word after them is still read as the command meant.
      (["--json", "clinets"], "'clinets' is not a command. Did you mean 'clients'? Commands: settings, client, clients, form."),
      (["--no-color", "clients"], "'clients' is a command: give it first, and its options after it (settings-tui clients --no-color)"),
      (["clients", "--json", "lsit"], "'lsit' is not a command. Did you mean 'list'? Commands: list, edit, remove."),
      // The command line to give instead only where it would work: `edit` needs its email.
      (["clients", "--json", "edit"], "'edit' is a command: give it first, and its options after it"),
      (["clients", "--json", "list"], "'list' is a command: give it first, and its options after it (settings-tui clients list --json)"),
    ])
    func aMistypedCommandIsNamedWithTheNearestOne(arguments: [String], message: String) throws {
      try expectMistyped(arguments, message)
    }

    /// `help` with the words that name commands (and `help help`, ArgumentParser's own)
    /// shows their help and ends with 0.
    @Test(arguments: [["help"], ["help", "help"], ["help", "clients", "edit"], ["help", "client"]])
    func helpWithCommandsShowsTheirHelp(arguments: [String]) throws {
      let session = try TmuxSession()
      defer { session.close() }
      let result = try session.runDirectly(arguments)
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.contains("USAGE:"), "\(result)")
    }

    func expectMistyped(_ arguments: [String], _ message: String) throws {
      let session = try TmuxSession()
      defer { session.close() }
      let result = try session.runDirectly(arguments)
      #expect(result.status == 2, "\(result)")
      #expect(result.stderr == "settings-tui: \(message)\n", "\(result)")
      #expect(result.stdout.isEmpty)
    }

    /// An option's value is the option's, even when it reads like a command: `--config
    /// clients` is a settings file named "clients".
    @Test func anOptionsValueIsNeverTakenForACommand() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let (result, folder) = try runInAnEmptyFolder(session, ["--no-input", "--set", "displayName=Blob", "--config", "clients"])
      #expect(result.status == 0, "\(result)")
      #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("clients").path), "\(result)")
    }

    @Test func noInputClientIsSavedAndListed() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let result = try session.runDirectly([
        "client", "--no-input", "--set", "name=Ada Lovelace", "--set", "email=ada@example.com",
        "--set", "age=36",
      ])
      #expect(result.status == 0, "\(result)")

      let list = try session.runDirectly(["clients"])
      #expect(list.status == 0, "\(list)")
      #expect(
        try JSONDecoder().decode([SavedClient].self, from: Data(list.stdout.utf8))
          == [SavedClient(name: "Ada Lovelace", email: "ada@example.com", age: 36)], "\(list)")
    }

    @Test func invalidNoInputClientPrintsEachErrorAndSavesNothing() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let result = try session.runDirectly([
        "client", "--no-input", "--set", "name=Kid", "--set", "email=nope", "--set", "age=10",
      ])

      #expect(result.status == 1, "\(result)")
      #expect(result.stderr.contains("email: Please enter a valid email\n"), "\(result)")
      #expect(result.stderr.contains("age: A client must be 18 or older\n"), "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
      let list = try session.runDirectly(["clients"])
      #expect(try parseJSONArray(list.stdout).isEmpty, "\(list)")
      // A field no --set gave is said to be one, with how to give it.
      let missing = try session.runDirectly(["client", "--no-input", "--set", "name=Ada", "--set", "age=36"])
      #expect(missing.status == 1, "\(missing)")
      #expect(
        missing.stderr.contains("email: Please enter an email (not given with --set: give it with --set email=...)\n"),
        "\(missing)")
    }

    /// Runs the program with `arguments` in an empty folder of the session's, to see what it
    /// leaves there.
    func runInAnEmptyFolder(_ session: TmuxSession, _ arguments: [String]) throws -> (ProcessResult, URL) {
      let shell = try #require(which("sh"))
      let folder = session.folder.appendingPathComponent("cwd")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let result = try run(
        shell, ["-c", #"cd "$1" && shift && exec "$0" "$@""#, session.binary, folder.path] + arguments,
        environment: session.environment)
      return (result, folder)
    }

    /// An empty path would have the program write `..lock` where it runs, then fail to save.
    @Test(arguments: [
      ["--no-input", "--set", "displayName=Blob", "--config", ""],
      ["client", "--no-input", "--set", "name=Ada", "--set", "email=ada@example.com", "--database", ""],
      ["clients", "list", "--database", ""],
      ["form", "", "--no-input"],
    ])
    func anEmptyPathIsAMistakeOfTheCommandLine(arguments: [String]) throws {
      let session = try TmuxSession()
      defer { session.close() }
      let (result, folder) = try runInAnEmptyFolder(session, arguments)
      #expect(result.status == 2, "\(result)")
      #expect(result.stderr.contains("needs a path; give "), "\(result)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], "nothing written where it ran")
    }

    /// `-` is standard input for `form`; a settings file or a database is saved back, which
    /// standard input cannot be: refused, and no file named `-` made where it ran.
    @Test(arguments: [
      ["--config", "-", "--no-input", "--set", "displayName=A"],
      ["client", "--database", "-", "--no-input", "--set", "name=A", "--set", "email=a@b.c", "--set", "age=30"],
    ])
    func standardInputIsNoSettingsFileOrDatabase(arguments: [String]) throws {
      let session = try TmuxSession()
      defer { session.close() }
      let (result, folder) = try runInAnEmptyFolder(session, arguments)
      #expect(result.status == 2, "\(result)")
      #expect(result.stderr.contains("cannot") || result.stderr.contains("not standard input"), "\(result)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], "no file named -")
    }

    /// A value that is not UTF-8 would be read with U+FFFD in place of its bytes: refused.
    @Test func anArgumentThatIsNotUTF8IsRefused() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let shell = try #require(which("sh"))
      let result = try run(
        shell, ["-c", #""$0" --no-input --set "$(printf 'displayName=Bl\377b')""#, session.binary],
        environment: session.environment)
      #expect(result.status == 2, "\(result)")
      #expect(result.stderr.contains("settings-tui: argument 3 is not valid UTF-8"), "\(result)")
      #expect(!FileManager.default.fileExists(atPath: session.settingsFile.path), "nothing saved")
    }

    @Test func invalidNoInputSettingsPrintEachErrorAndWriteNothing() throws {
      let session = try TmuxSession()
      defer { session.close() }
      var result = try session.runDirectly(["--no-input", "--set", "displayName="])
      #expect(result.status == 1, "\(result)")
      #expect(result.stderr.contains("displayName: Please enter a display name"), "\(result)")

      // No desktop to deliver notifications to: the permission is denied, so nothing is saved.
      result = try session.runDirectly([
        "--no-input", "--set", "displayName=Blob", "--set", "enableNotifications=true",
      ])
      #expect(result.status == 1, "\(result)")
      #expect(result.stderr.contains("enableNotifications: No desktop"), "\(result)")
      #expect(!FileManager.default.fileExists(atPath: session.settingsFile.path))

      // An existing file is left as it was.
      try session.writeSettings(#"{"displayName": "Kept"}"#)
      let before = try Data(contentsOf: session.settingsFile)
      result = try session.runDirectly(["--no-input", "--set", "displayName=", "--set", "digest=off"])
      #expect(result.status == 1, "\(result)")
      #expect(try Data(contentsOf: session.settingsFile) == before)
    }

    /// The form skips the notification channels while notifications are off; --set cannot
    /// change them either, though a script that passes every value along as it is may.
    @Test func aFieldTheFormSkipsTakesNoNewValue() throws {
      let session = try TmuxSession()
      defer { session.close() }
      var result = try session.runDirectly(["--no-input", "--set", "sendEmailNotifications=true"])
      #expect(result.status == 2, "\(result)")
      #expect(
        result.stderr == "settings-tui: --set sendEmailNotifications: the form skips this field with the other values (another field turns it on: set that one too), so it cannot be set\n",
        "\(result)")
      #expect(!FileManager.default.fileExists(atPath: session.settingsFile.path))
      result = try session.runDirectly([
        "--no-input", "--set", "displayName=Blob", "--set", "enableNotifications=false", "--set", "sendEmailNotifications=false",
      ])
      #expect(result.status == 0, "\(result)")
    }

    @Test func jsonPrintsTheSubmittedClientOnStandardOutput() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      // Standard output goes to a file: the form is drawn on /dev/tty all the same.
      try session.start(["client", "--json"])
      try await session.waitForFocus(on: "Name")
      try session.type("Grace Hopper")
      try await session.waitFor(text: " › Name   Grace Hopper")
      try session.press("Tab")
      try await session.waitForFocus(on: "Email")
      try session.type("grace@example.com")
      try await session.waitFor(text: " › Email  grace@example.com")
      try session.press("Tab")
      try await session.waitForFocus(on: "Age")
      try session.type("85")
      try await session.waitFor(text: " › Age    ‹ 85 ›")
      try session.press("Enter")

      #expect(try await session.waitForExit() == 0)
      let object = try parseJSONObject(session.stdout)
      #expect(Set(object.keys) == ["name", "email", "age"], "\(session.stdout)")
      #expect(
        try JSONDecoder().decode(SavedClient.self, from: Data(session.stdout.utf8))
          == SavedClient(name: "Grace Hopper", email: "grace@example.com", age: 85))
    }

    @Test func jsonPrintsTheSubmittedSettingsOnStandardOutput() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try session.writeSettings(#"{"displayName": "Blob"}"#)
      try session.start(["--json"])
      try await session.waitForFocus(on: "Digest")
      try session.press("Down", "Space")
      try await session.waitFor(text: "(•) Weekly")
      try session.press("BTab")
      try await session.waitForButton("Cancel")
      try session.press("BTab")
      try await session.waitForButton("Save")
      try session.press("Space")

      #expect(try await session.waitForExit() == 0)
      #expect(
        try SavedSettings.parse(session.stdout) == SavedSettings(digest: "weekly", displayName: "Blob"))
      #expect(
        try SavedSettings.parse(String(contentsOf: session.settingsFile, encoding: .utf8))
          == SavedSettings(digest: "weekly", displayName: "Blob"))
    }

    @Test func aMalformedSettingsFileExitsWith2NamesTheFileAndIsLeftAlone() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      let broken = "{\n  \"digest\": \"weekly\",\n  \"displayName\": \n"
      try session.writeSettings(broken)

      // In a terminal.
      try session.start([])
      #expect(try await session.waitForExit() == 2)
      #expect(session.stderr.contains(session.settingsFile.path), "\(session.stderr)")
      #expect(session.stderr.contains("not valid JSON"), "\(session.stderr)")
      #expect(try Data(contentsOf: session.settingsFile) == Data(broken.utf8))
      let terminal = try session.terminalState()
      #expect(terminal.isRestored, "\(terminal)")

      // And without one, asked to save new values.
      let result = try session.runDirectly(["--no-input", "--set", "displayName=Blob"])
      #expect(result.status == 2, "\(result)")
      #expect(result.stderr.contains(session.settingsFile.path), "\(result)")
      #expect(try Data(contentsOf: session.settingsFile) == Data(broken.utf8))
    }

    @Test func aClientsFileThatIsNotADatabaseExitsWith2BeforeTheFormAndIsLeftAlone() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      let note = "Remember to call Blob back.\n"
      try FileManager.default.createDirectory(
        at: session.databaseFile.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(note.utf8).write(to: session.databaseFile)

      // In a terminal: refused before the form is drawn (the database opens in the background).
      try session.start(["client"])
      #expect(try await session.waitForExit() == 2)
      #expect(session.stderr.contains(session.databaseFile.path), "\(session.stderr)")
      #expect(session.stderr.contains("not an SQLite database"), "\(session.stderr)")
      #expect(try Data(contentsOf: session.databaseFile) == Data(note.utf8))
      let terminal = try session.terminalState()
      #expect(terminal.isRestored, "\(terminal)")

      // Without one, and when listing.
      for arguments in [["client", "--no-input", "--set", "email=blob@example.com"], ["clients"]] {
        let result = try session.runDirectly(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("not an SQLite database"), "\(result)")
      }
      #expect(try Data(contentsOf: session.databaseFile) == Data(note.utf8))
    }

    @Test func aSettingsFileOfTheWrongShapeExitsWith2AndNamesTheKey() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let wrong = #"{"digest": "hourly", "displayName": "Blob"}"#
      try session.writeSettings(wrong)
      let result = try session.runDirectly(["--no-input", "--set", "displayName=Other"])

      #expect(result.status == 2, "\(result)")
      #expect(result.stderr.contains(session.settingsFile.path), "\(result)")
      #expect(result.stderr.contains("hourly"), "\(result)")
      #expect(try Data(contentsOf: session.settingsFile) == Data(wrong.utf8))
    }

    @Test func helpExplainsTheKeysAndExitCodes() throws {
      let session = try TmuxSession()
      defer { session.close() }
      let result = try session.runDirectly(["--help"])

      #expect(result.status == 0, "\(result)")
      for text in [
        "Tab", "Shift-Tab", "Enter", "Space", "Esc", "Ctrl-C", "Exit codes", "130", "client",
        "clients",
      ] {
        #expect(result.stdout.contains(text), "--help does not mention \(text)\n\(result)")
      }
      // A key line too long for 80 columns goes on under itself, not flush left.
      let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      let stepper = try #require(lines.firstIndex { $0.hasPrefix("  Left, -: change a picker or stepper back") })
      #expect(lines[stepper + 1] == "      number); from Cancel to Save", "\(result)")
      #expect(lines.allSatisfy { $0.count <= 80 }, "\(result)")
      let version = try session.runDirectly(["--version"])
      #expect(version.status == 0, "\(version)")
      // The VERSION file is the one place the version is written.
      let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../VERSION").standardizedFileURL
      let written = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(!written.isEmpty && version.stdout.hasPrefix(written), "\(version) vs VERSION \(written)")
    }

    @Test(arguments: [
      ["--bogus"], ["client", "--bogus"], ["--set", "displayName=Blob"],
      ["--no-input", "--set", "colour=blue"], ["client", "--no-input", "--set", "age=old"],
    ])
    func badUsageExitsWith2(arguments: [String]) throws {
      let session = try TmuxSession()
      defer { session.close() }
      let result = try session.runDirectly(arguments)

      #expect(result.status == 2, "\(result)")
      #expect(!result.stderr.isEmpty, "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
      #expect(!FileManager.default.fileExists(atPath: session.settingsFile.path))
    }
  }
}
