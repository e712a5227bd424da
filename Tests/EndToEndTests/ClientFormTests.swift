import Foundation
import Testing

extension EndToEnd {
  @Suite struct ClientFormTests {
    static let emailError = "! Please enter a valid email"

    /// Starts the client form and waits until it is drawn with the focus on Name.
    static func startClientForm(_ session: TmuxSession, _ arguments: [String] = []) async throws {
      try session.start(["client"] + arguments)
      try await session.waitForFocus(on: "Name")
    }

    /// Adds a client without a terminal, as a script would.
    static func seedClient(_ session: TmuxSession, name: String, email: String, age: Int) throws {
      let result = try session.runDirectly([
        "client", "--no-input", "--set", "name=\(name)", "--set", "email=\(email)", "--set", "age=\(age)",
      ])
      #expect(result.status == 0, "\(result)")
    }

    /// The saved clients, as `settings-tui clients` lists them.
    static func savedClients(_ session: TmuxSession) throws -> [SavedClient] {
      let result = try session.runDirectly(["clients"])
      #expect(result.status == 0, "\(result)")
      return try JSONDecoder().decode([SavedClient].self, from: Data(result.stdout.utf8))
    }

    @Test func aBadEmailShowsItsErrorOnlyAfterLeavingAndLosesItOnTheFixingKeystroke() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await Self.startClientForm(session)
      try session.type("Ada")
      try await session.waitFor(text: " › Name   Ada")
      try session.press("Tab")
      try await session.waitForFocus(on: "Email")

      // While typing: no error yet, however wrong the text is.
      for character in ["a", "d", "a"] {
        try session.type(character)
      }
      var screen = try await session.waitFor(text: " › Email  ada")
      #expect(!screen.contains(Self.emailError), "\(screen)")

      // Leaving the field shows the error, right under it.
      try session.press("Tab")
      screen = try await session.waitFor(text: Self.emailError)
      #expect(screen.row(under: "   Email  ada") == "          \(Self.emailError)", "\(screen)")
      #expect(screen.isFocused(on: "Age"), "\(screen)")

      // Back in the field, the keystroke that makes the email valid removes the error.
      try session.press("BTab")
      try await session.waitForFocus(on: "Email")
      screen = try session.screen()
      #expect(screen.contains(Self.emailError), "the error stays until the text is fixed\n\(screen)")
      try session.type("@")
      screen = try await session.waitFor(text: " › Email  ada@")
      #expect(screen.contains(Self.emailError), "no domain yet\n\(screen)")
      try session.type("example.com")
      screen = try await session.waitFor(text: " › Email  ada@example.com")
      #expect(!screen.contains(Self.emailError), "\(screen)")
      #expect(screen.row(under: " › Email  ada@example.com") == "   Age    18", "\(screen)")

      try await session.discardChanges()
      #expect(try await session.waitForExit() == 1)
      #expect(try Self.savedClients(session) == [])
    }

    /// Alt keys arrive as Esc and a letter together: they move by words in a text field and
    /// do nothing elsewhere; they never cancel the form.
    @Test func altKeysMoveByWordsAndNeverCancel() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await Self.startClientForm(session)
      try session.type("Ada Lovelace")
      try await session.waitFor(text: " › Name   Ada Lovelace")
      try session.press("M-b")
      try session.type("King ")
      try await session.waitFor(text: " › Name   Ada King Lovelace")
      try session.press("M-y")
      try session.press("M-BSpace")
      try session.type("!")
      let screen = try await session.waitFor(text: " › Name   Ada !Lovelace")
      #expect(!screen.contains("Discard changes?"), "\(screen)")

      try await session.discardChanges()
      #expect(try await session.waitForExit() == 1)
    }

    /// Ctrl-Left and Ctrl-Right move by words in a text field, as in a shell; on the age
    /// stepper they are Left and Right.
    @Test func ctrlArrowsMoveByWordsInTextAndStepElsewhere() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await Self.startClientForm(session)
      try session.type("Ada Lovelace")
      try session.press("C-Left", "C-Left")
      try session.type("Countess ")
      try await session.waitFor(text: " › Name   Countess Ada Lovelace")
      try session.press("C-Right")
      try session.type(" King")
      try await session.waitFor(text: " › Name   Countess Ada King Lovelace")
      try session.press("Tab", "Tab")
      try await session.waitFor(text: " › Age    ‹ 18 ›")
      try session.press("C-Right")
      try await session.waitFor(text: " › Age    ‹ 19 ›")

      try await session.discardChanges()
      #expect(try await session.waitForExit() == 1)
    }

    /// A letter typed and deleted again, or an age set to what it was, leaves nothing to
    /// discard: Esc leaves at once, without asking.
    @Test func escAsksNothingWhenTheValuesAreBackToWhatTheFormOpenedWith() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await Self.startClientForm(session)
      try session.type("a")
      try await session.waitFor(text: " › Name   a")
      try session.press("BSpace")
      try session.press("Tab", "Tab")
      try await session.waitFor(text: " › Age    ‹ 18 ›")
      try session.type("18")
      try session.press("Escape")
      // NB: Had it asked "Discard changes?", the program would still be waiting for y.
      #expect(try await session.waitForExit() == 1)
    }

    @Test func submittingAnUnderageClientShowsTheAgeErrorAndFocusesAge() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await Self.startClientForm(session)
      try session.type("Young")
      try await session.waitFor(text: " › Name   Young")
      try session.press("Tab")
      try await session.waitForFocus(on: "Email")
      try session.type("young@example.com")
      try await session.waitFor(text: " › Email  young@example.com")
      try session.press("Tab")
      try await session.waitFor(text: " › Age    ‹ 18 ›")
      try session.type("10")
      try await session.waitFor(text: " › Age    ‹ 10 ›")
      try session.press("Tab")
      try await session.waitForButton("Save")
      try session.press("Enter")

      // The submit waits for the email's check, then moves the focus to the first invalid field.
      let screen = try await session.waitFor("the age error with the focus on Age") {
        $0.contains("! A client must be 18 or older") && $0.isFocused(on: "Age")
      }
      #expect(
        screen.row(under: " › Age") == "          ! A client must be 18 or older", "\(screen)")
      #expect(try session.focusedButton() == nil, "\(screen)")

      try await session.discardChanges()
      #expect(try await session.waitForExit() == 1)
      #expect(try Self.savedClients(session) == [])
    }

    @Test func aDuplicateEmailIsRefusedWithItsMessage() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try Self.seedClient(session, name: "Ada", email: "ada@example.com", age: 36)
      try await Self.startClientForm(session)
      try session.type("Another Ada")
      try await session.waitFor(text: " › Name   Another Ada")
      try session.press("Tab")
      try await session.waitForFocus(on: "Email")
      try session.type("ada@example.com")
      try await session.waitFor(text: " › Email  ada@example.com")

      // The asynchronous check (after a short pause in typing) finds it; the error shows once
      // the field is left (never while typing in it), under the field.
      try session.press("Tab")
      var screen = try await session.waitFor(text: "! A client with this email already exists")
      #expect(
        screen.row(under: "   Email  ada@example.com")
          == "          ! A client with this email already exists", "\(screen)")
      #expect(screen.isFocused(on: "Age"), "\(screen)")

      // Submitting is refused with the message; the program keeps running, focus on the email.
      try session.press("Enter")
      screen = try await session.waitForFocus(on: "Email")
      #expect(screen.contains("A client with this email already exists"), "\(screen)")
      #expect(!FileManager.default.fileExists(atPath: session.folder.appendingPathComponent("exit").path))

      try await session.discardChanges()
      #expect(try await session.waitForExit() == 1)
      #expect(try Self.savedClients(session) == [SavedClient(name: "Ada", email: "ada@example.com", age: 36)])
    }

    @Test func cancellingBeforeTheEmailIsCheckedLeavesNoDatabase() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await Self.startClientForm(session)
      try session.type("Ada")
      try await session.waitFor(text: " › Name   Ada")
      try await session.discardChanges()
      #expect(try await session.waitForExit() == 1)
      #expect(!FileManager.default.fileExists(atPath: session.databaseFile.path))
      #expect(!FileManager.default.fileExists(atPath: session.databaseFile.deletingLastPathComponent().path))
    }

    @Test func aValidClientIsSavedAndListed() async throws {
      let session = try TmuxSession()
      defer { session.close() }
      try await Self.startClientForm(session)
      try session.type("Ada Lovelace")
      try await session.waitFor(text: " › Name   Ada Lovelace")
      try session.press("Tab")
      try await session.waitForFocus(on: "Email")
      try session.type("ada@example.com")
      try await session.waitFor(text: " › Email  ada@example.com")
      try session.press("Tab")
      try await session.waitFor(text: " › Age    ‹ 18 ›")
      try session.press("Right", "Right")
      try await session.waitFor(text: " › Age    ‹ 20 ›")
      try session.press("Left")
      try await session.waitFor(text: " › Age    ‹ 19 ›")
      // Enter on the last field submits.
      try session.press("Enter")

      #expect(try await session.waitForExit() == 0)
      #expect(session.stdout.hasPrefix("Client ada@example.com saved to "), "\(session.stdout)")
      let terminal = try session.terminalState()
      #expect(terminal.isRestored, "\(terminal)")
      #expect(
        try Self.savedClients(session) == [SavedClient(name: "Ada Lovelace", email: "ada@example.com", age: 19)])
    }
  }
}
