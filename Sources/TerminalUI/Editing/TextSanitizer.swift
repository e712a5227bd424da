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
    for character in text {
      if character.isNewline || character == "\t" {
        result.append(" ")
      } else if isPrintable(character) {
        result.append(character)
      }
    }
    return result
  }

  /// Pasted text made fit for a text area: line breaks (`\r\n`, `\r`, `\n`) become `\n`,
  /// tabs one space each; other control characters are dropped.
  static func multiLine(_ text: String) -> String {
    var result = ""
    for character in text {
      if character.isNewline {
        result.append("\n")
      } else if character == "\t" {
        result.append(" ")
      } else if isPrintable(character) {
        result.append(character)
      }
    }
    return result
  }
}
