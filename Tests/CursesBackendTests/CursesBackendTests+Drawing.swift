import CursesBackend
import Testing
import TerminalUI

extension CursesBackendTests {
  /// The byte budgets measured with xterm-256color; a regression shows up as a larger count.
  @Test func drawingOnlySendsWhatChanged() throws {
    let terminal = PipeTerminal()
    let backend = try terminal.start()
    defer { backend.shutdown() }
    backend.clear()
    backend.draw(Frames.form())
    backend.setCursor(Position(column: 24, row: 2))
    backend.flush()
    let firstFrame = terminal.takeOutput().count
    #expect(firstFrame > 200)

    backend.draw(Frames.form())
    backend.setCursor(Position(column: 24, row: 2))
    backend.flush()
    #expect(terminal.takeOutput().count == 0, "an unchanged frame writes nothing")

    backend.draw([])
    backend.flush()
    #expect(terminal.takeOutput().count == 0, "an empty diff writes nothing")

    // Typing one character into the focused text field: one cell, cursor moves one column.
    backend.draw(Frames.text("y", at: Position(column: 24, row: 2), style: Frames.field))
    backend.setCursor(Position(column: 25, row: 2))
    backend.flush()
    let typed = terminal.takeOutput()
    #expect(typed.count <= typedCharacterBudget)

    // Focus moves: two cells restyled.
    backend.draw([
      (Position(column: 20, row: 16), Cell("[", style: .plain)),
      (Position(column: 30, row: 16), Cell("[", style: Frames.focused)),
    ])
    backend.setCursor(nil)
    backend.flush()
    let restyled = terminal.takeOutput()
    #expect(restyled.count <= twoCellRestyleBudget)
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
      (Position(column: 6, row: 0), Cell("👨‍👩‍👧")),
    ])
    backend.flush()
    let output = terminal.takeText()
    #expect(output.contains("漢字é"))
    #expect(output.contains("e\u{301}"))
    #expect(output.contains("👨"), "a cluster too long for a cchar_t keeps its first scalar")
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

// NB: Measured with ncurses 6.4: curses resets attributes after every update (`\e(B\e[m`), so
//     even one underlined character costs 16 bytes: `\e(B\e[0;4m` + "y" + `\e(B\e[m`.
/// Bytes allowed for one typed character in a text field, cursor following it (measured: 16).
private let typedCharacterBudget = 16
/// Bytes allowed for restyling two cells when focus moves, cursor hidden (measured: 57).
private let twoCellRestyleBudget = 57

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
