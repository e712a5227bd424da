import CursesBackend
import Testing
import TerminalUI

extension CursesBackendTests {
  /// What one frame change costs on the wire with xterm-256color, drawn the way the app draws:
  /// ``TerminalUI/Terminal`` diffs, curses' `doupdate` writes.
  /// A flag is two regional indicators, and ⚠️ a one-column symbol with an emoji selector:
  /// both take two columns on screen, but curses counts their first character as one. The
  /// second column is written too, so nothing from the frame before stays beside them.
  @Test(arguments: [("🇯🇵", "🇯🇵"), ("⚠️", "⚠️ ")])
  func aTwoColumnClusterThatCursesCountsAsOneLeavesNothingStale(cluster: String, sent: String) throws {
    let pipe = PipeTerminal()
    let backend = try pipe.start()
    defer { backend.shutdown() }
    let terminal = Terminal(backend: backend)
    var frame = Buffer(size: terminal.size)
    frame.setString("abcdef", at: Position(column: 0, row: 0), style: .plain)
    terminal.draw(frame, cursor: nil)
    _ = pipe.takeOutput()
    frame.setString(cluster + "abcd", at: Position(column: 0, row: 0), style: .plain)
    terminal.draw(frame, cursor: nil)
    let output = pipe.takeText()
    #expect(output.contains(sent + "abcd"), "\(output.debugDescription)")
  }

  @Test func drawingOnlySendsWhatChanged() throws {
    let pipe = PipeTerminal()
    let backend = try pipe.start()
    defer { backend.shutdown() }
    let terminal = Terminal(backend: backend)
    _ = pipe.takeOutput()
    var frame = Frames.buffer(size: terminal.size, cells: Frames.form())
    terminal.draw(frame, cursor: Position(column: 24, row: 2))
    let firstFrame = pipe.takeOutput()
    #expect(firstFrame.count > 200)
    #expect(String(decoding: firstFrame, as: UTF8.self).contains("Display name"))

    terminal.draw(frame, cursor: Position(column: 24, row: 2))
    #expect(pipe.takeOutput().isEmpty, "an unchanged frame writes nothing")

    // Typing one character into the focused text field (typed text is plain, see
    // Theme.text): one cell, the cursor follows it.
    frame.apply(Frames.text("y", at: Position(column: 24, row: 2)))
    terminal.draw(frame, cursor: Position(column: 25, row: 2))
    let typed = pipe.takeOutput()
    #expect(typed.count <= typedCharacterBudget)
    frame.apply(Frames.text("z", at: Position(column: 25, row: 2)))
    terminal.draw(frame, cursor: Position(column: 26, row: 2))
    #expect(String(decoding: pipe.takeOutput(), as: UTF8.self) == "z",
            "the next character, where the cursor already is, is that one byte")

    // Focus moves: two buttons restyled, cursor hidden.
    frame.apply(Frames.text("[ Save ]", at: Position(column: 20, row: 16)))
    frame.apply(Frames.text("[ Cancel ]", at: Position(column: 30, row: 16), style: Frames.focused))
    terminal.draw(frame, cursor: nil)
    let restyled = pipe.takeOutput()
    #expect(restyled.count <= restyleBudget)
  }

  /// A hidden cursor still goes where focus is (screen readers follow it): hidden before the
  /// update, so it is never seen on its way there, then moved there.
  @Test func aHiddenCursorIsMovedToFocus() throws {
    let pipe = PipeTerminal()
    let backend = try pipe.start()
    defer { backend.shutdown() }
    let terminal = Terminal(backend: backend)
    let frame = Frames.buffer(size: terminal.size, cells: Frames.form())
    terminal.draw(frame, cursor: Position(column: 24, row: 2))
    _ = pipe.takeOutput()
    terminal.draw(frame, cursor: nil, focus: Position(column: 20, row: 16))
    let output = pipe.takeText()
    // xterm-256color's civis and cup (rows and columns from 1).
    let hidden = try #require(output.range(of: "\u{1B}[?25l"), "\(output.debugDescription)")
    let moved = try #require(output.range(of: "\u{1B}[17;21H"), "\(output.debugDescription)")
    #expect(hidden.lowerBound < moved.lowerBound, "\(output.debugDescription)")
  }

  /// Where the terminal cannot show Unicode (vt100), a wide character is "??", one per
  /// column it takes, so what follows stays in its place.
  @Test func aWideCharacterFallsBackToOneQuestionMarkPerColumn() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start(termName: "vt100")
    defer { backend.shutdown() }
    backend.draw([
      (Position(column: 0, row: 0), Cell("a")),
      (Position(column: 1, row: 0), Cell("漢")),
      (Position(column: 2, row: 0), Cell.continuation()),
      (Position(column: 3, row: 0), Cell("b")),
    ])
    backend.flush()
    let output = terminal.takeText()
    #expect(output.contains("a??b"), "\(output.debugDescription)")
  }

  @Test func wideCharactersAreDrawnWhole() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    backend.draw([
      (Position(column: 0, row: 0), Cell("漢")),
      (Position(column: 1, row: 0), Cell.continuation()),
      (Position(column: 2, row: 0), Cell("字")),
      (Position(column: 3, row: 0), Cell.continuation()),
      (Position(column: 4, row: 0), Cell("é")),
      (Position(column: 5, row: 0), Cell("e\u{301}")),
      (Position(column: 6, row: 0), Cell("👨‍👩")),
      (Position(column: 8, row: 0), Cell("👩‍👩‍👧")),
      (Position(column: 10, row: 0), Cell("❤\u{FE0F}")),
    ])
    backend.flush()
    let output = terminal.takeText()
    #expect(output.contains("漢字ée\u{301}"), "one run, each cluster whole")
    // NB: A curses cell holds one spacing character and its combining ones, so an emoji
    //     sequence (spacing emoji joined by ZWJ) keeps its first emoji, and no joiner is left
    //     dangling to join whatever the terminal draws next.
    #expect(output.contains("👨"))
    #expect(output.contains("👩"))
    #expect(!output.unicodeScalars.contains("\u{200D}"), "\(output.debugDescription)")
    #expect(output.contains("❤\u{FE0F}"), "a variation selector stays with its character")
  }

  /// Hangul typed as conjoining jamo (a leading consonant, then a vowel and a final consonant,
  /// which are letters of no width): one syllable, drawn whole; the vowel and the final were
  /// dropped, so "한글" showed as "ᄒᄀ".
  @Test func aHangulSyllableOfConjoiningJamoIsDrawnWhole() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    backend.draw([
      (Position(column: 0, row: 0), Cell("\u{1112}\u{1161}\u{11AB}")),
      (Position(column: 1, row: 0), Cell.continuation()),
      (Position(column: 2, row: 0), Cell("\u{1100}\u{1173}\u{11AF}")),
      (Position(column: 3, row: 0), Cell.continuation()),
    ])
    backend.flush()
    let output = terminal.takeText()
    #expect(output.contains("\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}"), "\(output.debugDescription)")
  }

  @Test func noColourModeSendsNoColourSequences() throws {
    let styles = [
      Style(foreground: .red, background: .blue, attributes: [.bold]),
      Style(foreground: .green, attributes: [.underline]),
      Style(foreground: .black, background: .cyan, attributes: [.reverse]),
      Style(attributes: [.dim]),
    ]
    let cells = styles.enumerated().map { index, style in
      (Position(column: index, row: 0), Cell("x", style: style))
    }

    let colour = PipeTerminal()
    let coloured = try colour.start(colorMode: .automatic)
    coloured.draw(cells)
    coloured.flush()
    coloured.shutdown()
    #expect(containsColour(colour.takeText()), "the automatic mode does use colour")

    let mono = PipeTerminal()
    let monochrome = try mono.start(colorMode: .never)
    monochrome.draw(cells)
    monochrome.flush()
    monochrome.shutdown()
    let output = mono.takeText()
    #expect(!containsColour(output))
    #expect(output.contains("\u{1B}[1m") || output.contains(";1m") || output.contains("[1;"),
            "bold survives")
    #expect(output.contains("\u{1B}[7m") || output.contains(";7m") || output.contains("[7;"),
            "reverse survives")
  }
}

/// Bytes allowed for the first typed character in a text field: the target of BENCHMARKS.md
/// (dialog writes 34).
private let typedCharacterBudget = 12
/// Bytes allowed for restyling two buttons (18 cells) when focus moves, cursor hidden
/// (measured with curses: 67).
private let restyleBudget = 80

/// Whether an SGR sequence sets a foreground or background colour (30-49, 38;5, 48;5).
private func containsColour(_ output: String) -> Bool {
  var index = output.startIndex
  while let start = output[index...].firstIndex(of: "\u{1B}") {
    let rest = output[output.index(after: start)...]
    guard rest.hasPrefix("["), let end = rest.firstIndex(where: { $0.isLetter }) else {
      index = output.index(after: start)
      continue
    }
    if rest[end] == "m" {
      let parameters = rest.dropFirst().prefix(upTo: end).split(separator: ";")
      if parameters.contains(where: { Int($0).map { (30...49).contains($0) } ?? false }) {
        return true
      }
    }
    index = end
  }
  return false
}
