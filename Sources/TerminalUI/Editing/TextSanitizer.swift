/// Keeps control characters out of single-line text fields.
enum TextSanitizer {
  /// Whether a typed grapheme can go into a text field (no control characters, no newlines).
  static func isPrintable(_ character: Character) -> Bool {
    if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F }
    return !character.isNewline
      && !character.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }

  /// Pasted text made fit for one line.
  ///
  /// Line breaks and tabs become one space each, so `"Ada\nLovelace"` pastes as `"Ada Lovelace"`
  /// rather than `"AdaLovelace"`; other control characters (escape sequences, bells) are dropped.
  static func singleLine(_ text: String) -> String {
    var result = ""
    for character in withoutEscapeSequences(text) {
      if character.isNewline || character == "\t" {
        result.append(" ")
      } else if isPrintable(character) {
        result.append(character)
      }
    }
    return result
  }

  /// `text` without terminal escape sequences, each dropped whole: an arrow key typed into a
  /// line read in the terminal's line mode arrives as `ESC [ D`, and dropping only the ESC
  /// would keep `[D` as text. CSI (`ESC [` or U+009B, up to its final byte), SS3 (`ESC O` and
  /// one more), strings (`ESC ]`, `P`, `X`, `^`, `_`, up to BEL or `ESC \`) and any other
  /// `ESC` with the character after it.
  static func withoutEscapeSequences(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    guard scalars.contains(where: { $0 == "\u{1B}" || $0 == "\u{9B}" }) else { return text }
    var kept = String.UnicodeScalarView()
    var index = 0
    /// Skips a CSI's parameters and intermediates, and its final byte.
    func skipControlSequence() {
      while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
      if index < scalars.count, (0x40...0x7E).contains(scalars[index].value) { index += 1 }
    }
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      if scalar == "\u{9B}" {
        skipControlSequence()
        continue
      }
      guard scalar == "\u{1B}" else {
        kept.append(scalar)
        continue
      }
      guard index < scalars.count else { break }
      let introducer = scalars[index]
      index += 1
      switch introducer {
      case "[":
        skipControlSequence()
      case "O":
        if index < scalars.count { index += 1 }
      case "]", "P", "X", "^", "_":
        while index < scalars.count {
          let next = scalars[index]
          index += 1
          if next == "\u{7}" { break }
          if next == "\u{1B}", index < scalars.count, scalars[index] == "\\" {
            index += 1
            break
          }
        }
      default:
        break
      }
    }
    return String(kept)
  }

  /// Text made fit for a text area (pasted, written in the editor, answered in line mode):
  /// line breaks (`\r\n`, `\r`, `\n`) become `\n`, tabs stay (a pasted snippet keeps its
  /// indentation, as one written in the editor does); other control characters are dropped.
  static func multiLine(_ text: String) -> String {
    var result = ""
    for character in withoutEscapeSequences(text) {
      if character.isNewline {
        result.append("\n")
      } else if character == "\t" || isPrintable(character) {
        result.append(character)
      }
    }
    return result
  }
}
