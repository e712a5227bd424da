import Foundation
import CursesBackend
import Testing
import TerminalUI

extension CursesBackendTests {
  @Test(arguments: [
    ("a", Key.character("a")),
    ("é", .character("é")),
    ("漢", .character("漢")),
    ("\t", .tab),
    ("\u{1B}[Z", .backTab),
    ("\u{1B}[A", .up),
    ("\u{1B}OB", .down),
    ("\u{1B}[C", .right),
    ("\u{1B}OD", .left),
    ("\u{1B}[H", .home),
    ("\u{1B}[F", .end),
    ("\u{1B}[3~", .delete),
    ("\u{1B}[5~", .pageUp),
    ("\u{1B}[6~", .pageDown),
    ("\u{7F}", .backspace),
    ("\u{08}", .backspace),
    ("\u{01}", .control("a")),
    ("\u{03}", .control("c")),
    ("\u{1A}", .control("z")),
    ("\r", .enter),
    ("\n", .enter),
  ])
  func bytesDecodeToKeys(bytes: String, key: Key) throws {
    let terminal = PipeTerminal(pseudoTerminal: true)
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type(bytes)
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(key))
    #expect(backend.nextEvent(timeout: .zero) == .timeout, "nothing left over")
  }

  /// Keys held with Shift, Alt or Ctrl are the keys themselves, whether or not the terminal's
  /// terminfo entry names the sequence (xterm's does, screen's does not).
  @Test(arguments: ["xterm-256color", "screen-256color", "tmux-256color", "linux"])
  func modifiedKeysAreTheKeysThemselves(termName: String) throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start(termName: termName)
    defer { backend.shutdown() }
    let cases: [(String, Key)] = [
      ("\u{1B}[1;2C", .right), ("\u{1B}[1;2D", .left), ("\u{1B}[1;2A", .up), ("\u{1B}[1;3B", .down),
      ("\u{1B}[1;5H", .home), ("\u{1B}[1;2F", .end), ("\u{1B}[3;5~", .delete), ("\u{1B}[5;5~", .pageUp),
      ("\u{1B}[6;2~", .pageDown),
    ]
    for (bytes, key) in cases {
      terminal.type(bytes + "x")
      #expect(backend.nextEvent(timeout: .seconds(2)) == .key(key), "\(bytes.debugDescription)")
      #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.character("x")), "nothing of it left over")
    }
  }

  /// Left and Right with Ctrl or Alt, in each terminal's spelling, are the word keys
  /// `.alt(.left)` and `.alt(.right)`: readline, editors and browsers move by words with them.
  @Test(arguments: ["xterm-256color", "screen-256color", "tmux-256color", "linux", "rxvt-unicode-256color"])
  func ctrlAndAltArrowsAreWordKeys(termName: String) throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start(termName: termName)
    defer { backend.shutdown() }
    let cases: [(String, Key)] = [
      ("\u{1B}[1;5D", .alt(.left)), ("\u{1B}[1;5C", .alt(.right)), ("\u{1B}[1;3D", .alt(.left)),
      ("\u{1B}[1;3C", .alt(.right)), ("\u{1B}[1;7D", .alt(.left)), ("\u{1B}Od", .alt(.left)),
      ("\u{1B}Oc", .alt(.right)), ("\u{1B}\u{1B}[D", .alt(.left)), ("\u{1B}\u{1B}[C", .alt(.right)),
    ]
    for (bytes, key) in cases {
      terminal.type(bytes + "x")
      #expect(backend.nextEvent(timeout: .seconds(2)) == .key(key), "\(bytes.debugDescription)")
      #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.character("x")), "nothing of it left over")
    }
  }

  /// A sequence curses was not taught is one key the form ignores: not Esc (which would cancel
  /// the form) followed by its bytes as text (which the shell would get after it).
  @Test(arguments: [
    "\u{1B}[57;5u", "\u{1B}[1;9Q", "\u{1B}OX", "\u{1B}[?1;2c",
    // NB: Modified keys in SS3 form: Shift-F1 as Konsole sends it, older VTE's, Ctrl-Up.
    "\u{1B}O2P", "\u{1B}O1;2P", "\u{1B}O1;5A",
  ])
  func anUnknownSequenceIsOneUnknownKey(bytes: String) throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start(termName: "screen-256color")
    defer { backend.shutdown() }
    terminal.type(bytes + "x")
    let event = backend.nextEvent(timeout: .seconds(2))
    guard case .key(.unknown) = event else {
      Issue.record("\(bytes.debugDescription) gave \(event)")
      return
    }
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.character("x")))
    #expect(backend.nextEvent(timeout: .zero) == .timeout, "nothing left over")
  }

  /// A letter or Backspace that comes with Esc is Alt and that key (terminals send Alt-B as
  /// `Esc b`), so it never cancels a form; Esc twice, or before Ctrl-C or Enter, is Esc and
  /// then that key.
  @Test func escapeWithALetterIsAnAltKey() throws {
    let terminal = PipeTerminal(pseudoTerminal: true)
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("\u{1B}y\u{1B}é\u{1B}\u{7F}")
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.alt(.character("y"))))
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.alt(.character("é"))))
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.alt(.backspace)))
    terminal.type("\u{1B}\u{1B}")
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.escape))
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.escape))
    terminal.type("\u{1B}\u{03}\u{1B}\r")
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.escape))
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.control("c")))
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.escape))
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.enter))
    #expect(backend.nextEvent(timeout: .zero) == .timeout)
  }

  @Test func theMouseIsReportedOnlyWhenAskedForAndTurnedOffAgain() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    _ = terminal.takeOutput()
    backend.reportsMouse = true
    backend.flush()
    let on = String(decoding: terminal.takeOutput(), as: UTF8.self)
    #expect(on.contains("\u{1B}[?1006;1000h"), "terminfo's XM for xterm-256color: \(on.debugDescription)")
    // SGR reports: a click at column 12, row 5 (1-based), press and release, then the wheel.
    terminal.type("\u{1B}[<0;12;5M\u{1B}[<0;12;5m")
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.mouse(MouseEvent(.press, at: Position(column: 11, row: 4)))))
    terminal.type("\u{1B}[<64;3;4M")
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.mouse(MouseEvent(.wheelUp, at: Position(column: 2, row: 3)))))
    terminal.type("\u{1B}[<65;3;4M")
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.mouse(MouseEvent(.wheelDown, at: Position(column: 2, row: 3)))))
    // Another button is nothing to a form, and never holds the next key back.
    terminal.type("\u{1B}[<2;1;1M\u{1B}[<2;1;1mx")
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.character("x")))
    #expect(backend.nextEvent(timeout: .milliseconds(400)) == .timeout)
    backend.reportsMouse = false
    backend.flush()
    let off = String(decoding: terminal.takeOutput(), as: UTF8.self)
    #expect(off.contains("\u{1B}[?1006;1000l"), "\(off.debugDescription)")
  }

  /// With the mouse off (`--no-mouse`), a terminal may still report it (left on by a program
  /// that was killed): the reports are nothing to the form, never text typed into a field.
  @Test func mouseReportsWithTheMouseOffAreNotText() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("\u{1B}[<0;25;9M\u{1B}[<0;25;9mx")
    var events: [TerminalEvent] = []
    while events.last != .key(.character("x")), events.count < 6 {
      events.append(backend.nextEvent(timeout: .seconds(1)))
    }
    #expect(events.last == .key(.character("x")), "\(events)")
    #expect(!events.contains { if case .key(.character) = $0 { $0 != .key(.character("x")) } else { false } }, "\(events)")
  }

  /// The same for an X10 report (`Esc [ M` and three bytes) and for an SGR report split by a
  /// slow link.
  @Test func x10AndSplitMouseReportsWithTheMouseOffAreNotText() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("\u{1B}[M !!")
    terminal.type("\u{1B}[<0;2")
    Thread.sleep(forTimeInterval: 0.05)
    terminal.type("5;9Mx")
    var events: [TerminalEvent] = []
    while events.last != .key(.character("x")), events.count < 12 {
      events.append(backend.nextEvent(timeout: .seconds(1)))
    }
    #expect(events.last == .key(.character("x")), "\(events)")
    #expect(!events.contains { if case .key(.character) = $0 { $0 != .key(.character("x")) } else { false } }, "\(events)")
  }

  @Test func typeaheadArrivesInOrder() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("ab\u{1B}[Ac\t")
    var keys: [TerminalEvent] = []
    for _ in 0..<5 { keys.append(backend.nextEvent(timeout: .seconds(1))) }
    #expect(keys == [.key(.character("a")), .key(.character("b")), .key(.up),
                     .key(.character("c")), .key(.tab)])
  }

  @Test func textBeyondASCIIArrivesCharacterByCharacter() throws {
    let terminal = PipeTerminal(pseudoTerminal: true)
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("é日🇯x")
    var keys: [TerminalEvent] = []
    for _ in 0..<4 { keys.append(backend.nextEvent(timeout: .seconds(1))) }
    #expect(keys == [.key(.character("é")), .key(.character("日")), .key(.character("🇯")), .key(.character("x"))])
  }

  /// A terminal sends UTF-8 whatever the locale says: in the C locale curses' own decoding
  /// refused the é and took the rest of the burst with it, and the saved name was "Mabc".
  @Test func theCLocaleKeepsWhatIsTypedAfterAnAccent() throws {
    let restoreLocale = overridingLocale("C")
    defer { restoreLocale() }
    let terminal = PipeTerminal(pseudoTerminal: true)
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("Müller")
    terminal.type("abc")
    var typed = ""
    for _ in 0..<9 {
      guard case let .key(.character(character)) = backend.nextEvent(timeout: .seconds(1)) else { break }
      typed.append(character)
    }
    #expect(typed == "Müllerabc")
  }

  /// A link may split a character's bytes between two reads: the rest is waited for as long
  /// as the rest of an escape sequence (the escape delay), here longer than 100 ms.
  @Test func aCharacterWhoseBytesComeApartIsStillOneCharacter() throws {
    let terminal = PipeTerminal(pseudoTerminal: true)
    let backend = try terminal.start()
    defer { backend.shutdown() }
    let keyboard = terminal.keyboard
    let feeding = DispatchGroup()
    feeding.enter()
    terminal.type(bytes: [0xE6, 0xBC])  // the first two of 漢's three bytes
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(150)) {
      var last: UInt8 = 0xA2
      _ = write(keyboard, &last, 1)
      feeding.leave()
    }
    defer { feeding.wait() }
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.character("漢")))
  }

  @Test func aStrayByteInAPasteBecomesAReplacementCharacterAndTheRestStays() throws {
    let terminal = PipeTerminal(pseudoTerminal: true)
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("\u{1B}[200~")
    terminal.type(bytes: [0x61, 0x62, 0xE9, 0x63, 0x64, 0xFF, 0xFE, 0x65, 0x66, 0x20] + Array("日本".utf8))
    terminal.type("\u{1B}[201~")
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.paste("ab\u{FFFD}cd\u{FFFD}\u{FFFD}ef 日本")))
  }

  @Test func bracketedPasteArrivesAsOneEvent() throws {
    let terminal = PipeTerminal(pseudoTerminal: true)
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("\u{1B}[200~hello world\u{1B}[201~x")
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.paste("hello world")))
    #expect(backend.nextEvent(timeout: .seconds(1)) == .key(.character("x")))

    terminal.type("\u{1B}[200~line 1\r\nline 2\rné\t!\u{1B}[201~")
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.paste("line 1\nline 2\nné\t!")))
  }

  @Test func loneEscapeArrivesAfterTheEscapeDelay() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("\u{1B}")
    let clock = ContinuousClock()
    let start = clock.now
    let event = backend.nextEvent(timeout: .seconds(2))
    let elapsed = start.duration(to: clock.now)
    #expect(event == .key(.escape))
    // NB: The default delay (no ESCDELAY in the test's environment) tolerates a laggy link.
    #expect(elapsed >= .milliseconds(180), "waits for a possible sequence: \(elapsed)")
    #expect(elapsed < .milliseconds(600), "answers promptly: \(elapsed)")
  }

  @Test func escDelayFromTheEnvironmentIsHonoured() throws {
    setenv("ESCDELAY", "40", 1)
    defer { unsetenv("ESCDELAY") }
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("\u{1B}")
    let clock = ContinuousClock()
    let start = clock.now
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.escape))
    let elapsed = start.duration(to: clock.now)
    #expect(elapsed >= .milliseconds(35) && elapsed < .milliseconds(180), "\(elapsed)")
  }

  @Test func anArrowSplitByALaggyLinkIsStillAnArrow() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("\u{1B}")
    Thread.sleep(forTimeInterval: 0.06)  // 60 ms between the bytes of one key
    terminal.type("[A")
    #expect(backend.nextEvent(timeout: .seconds(2)) == .key(.up))
  }

  @Test func aPasteThatNeverEndsIsDeliveredAfterTheTimeLimit() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("\u{1B}[200~start")
    let started = ContinuousClock.now
    // NB: A byte every 150 ms, for longer than the limit, and never the end marker.
    let keyboard = terminal.keyboard
    let feeding = DispatchGroup()
    for index in 1...20 {
      feeding.enter()
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(150 * index)) {
        _ = write(keyboard, "x", 1)
        feeding.leave()
      }
    }
    // NB: The feeder finishes before the pipes close, so it never writes to a reused descriptor.
    defer { feeding.wait() }
    let event = backend.nextEvent(timeout: .seconds(10))
    let elapsed = ContinuousClock.now - started
    guard case let .key(.paste(text)) = event else {
      Issue.record("expected a paste, got \(event)")
      return
    }
    #expect(text.hasPrefix("start"))
    #expect(elapsed < .seconds(3), "the screen is not frozen: \(elapsed)")
    // The bytes that keep coming are more of the paste, not keys.
    #expect(backend.nextEvent(timeout: .seconds(5)) == .key(.paste(String(repeating: "x", count: 20 - text.count + 5))))
  }

  /// A paste that pauses (a slow link) is one paste, its line breaks text, never Enter keys
  /// that would submit the form; its end marker may be split by a pause too.
  @Test func aPausedPasteIsOnePasteAndItsLineBreaksAreText() throws {
    let terminal = PipeTerminal(pseudoTerminal: true)
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("\u{1B}[200~4")
    Thread.sleep(forTimeInterval: 0.7)
    terminal.type("2\r\n")
    Thread.sleep(forTimeInterval: 0.7)
    terminal.type("a\u{1B}[20")
    Thread.sleep(forTimeInterval: 0.5)
    terminal.type("1~x")
    #expect(backend.nextEvent(timeout: .seconds(3)) == .key(.paste("42\na")))
    #expect(backend.nextEvent(timeout: .seconds(1)) == .key(.character("x")), "after the end marker, keys again")
  }

  /// A paste that runs past the time limit is delivered in parts, so the screen shows it as it
  /// comes; what follows is more of it up to its end marker, a line break split across two
  /// parts one break.
  @Test func whatFollowsAPartOfALongPasteIsMoreOfItNotKeys() throws {
    let terminal = PipeTerminal(pseudoTerminal: true)
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("\u{1B}[200~Ada\r")
    let keyboard = terminal.keyboard
    let feeding = DispatchGroup()
    feeding.enter()
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(2300)) {
      let rest = Array("\nleak@example.com\n\n\u{1B}[201~".utf8)
      _ = rest.withUnsafeBytes { write(keyboard, $0.baseAddress, $0.count) }
      feeding.leave()
    }
    // NB: The feeder finishes before the pipes close, so it never writes to a reused descriptor.
    defer { feeding.wait() }
    #expect(backend.nextEvent(timeout: .seconds(3)) == .key(.paste("Ada\n")))
    #expect(backend.nextEvent(timeout: .seconds(3)) == .key(.paste("leak@example.com\n\n")))
    terminal.type("x")
    #expect(backend.nextEvent(timeout: .seconds(1)) == .key(.character("x")), "after the end marker, keys again")
  }

  /// A paste whose end marker never comes (a terminal lost it) holds the keyboard only while
  /// the paste goes on: after a few quiet seconds, keys are keys again.
  @Test func aPasteThatStaysQuietLongWithoutItsEndGivesTheKeysBack() throws {
    let terminal = PipeTerminal(pseudoTerminal: true)
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("\u{1B}[200~abc")
    #expect(backend.nextEvent(timeout: .seconds(3)) == .key(.paste("abc")))
    Thread.sleep(forTimeInterval: 3.2)
    terminal.type("x")
    #expect(backend.nextEvent(timeout: .seconds(1)) == .key(.character("x")))
  }

  @Test func aSignalDuringAPasteIsNotHeldBack() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    terminal.type("\u{1B}[200~abc")
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
      _ = kill(getpid(), SIGTERM)
    }
    #expect(backend.nextEvent(timeout: .seconds(5)) == .key(.paste("abc")))
    #expect(backend.nextEvent(timeout: .seconds(5)) == .terminate(signal: SIGTERM))
  }
}
