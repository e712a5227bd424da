extension String {
  /// The text with every character that could steer a terminal or hide text made visible as
  /// an escape: C0 controls (newline and tab too), DEL, C1 controls, the invisible format
  /// characters that reorder or split lines (bidi overrides and isolates, U+2028, U+2029), and
  /// those that take no room and join nothing (a zero-width space, a word joiner, a byte order
  /// mark), which would make two values that look the same differ unseen.
  ///
  /// Data from files, the database or the command line goes through this before it reaches a
  /// terminal in a message, so a stored value cannot set the window title, clear the screen or
  /// make a line read backwards.
  ///
  /// ```swift
  /// "ada\u{1B}]0;owned\u{7}".visibleForTerminal   // "ada\u{1B}]0;owned\u{7}" as 22 visible characters
  /// ```
  public var visibleForTerminal: String {
    guard holdsEscapedCharacters else { return self }
    var result = ""
    for scalar in unicodeScalars {
      if scalar.mustBeEscaped {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension String {
  /// The text with every character ``Swift/String/visibleForTerminal`` would escape shown as a
  /// symbol one column wide instead: a control character as its picture (`␇`, `␛`, `␡`), a
  /// character with no picture (a C1 control, a bidi override) as `�`. One character stands
  /// for one, so a cursor's place in the text is its place in what is shown.
  ///
  /// A text field shows its value this way: a value from a file that holds such a character
  /// shows where it is (the field's error names it), and the cursor visibly steps over it.
  ///
  /// ```swift
  /// "Bl\u{7}ob".withControlPictures   // "Bl␇ob"
  /// ```
  public var withControlPictures: String { withControlPictures(keepingLineBreaks: false) }

  /// The text as ``withControlPictures`` shows it, line breaks kept as they are where
  /// `keepingLineBreaks` (a text area shows a tab as `␉`, and goes on to the next row at `\n`).
  func withControlPictures(keepingLineBreaks: Bool) -> String {
    guard holdsEscapedCharacters else { return self }
    return String(map { character -> Character in
      if keepingLineBreaks, character == "\n" { return character }
      guard let scalar = character.unicodeScalars.first(where: \.mustBeEscaped) else { return character }
      switch scalar.value {
      case 0x00...0x1F: return Character(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
      case 0x7F: return "\u{2421}"
      default: return "\u{FFFD}"
      }
    })
  }

  /// Whether any character is one ``Unicode/Scalar/mustBeEscaped``. Printable ASCII, what is
  /// typed most, is told from its bytes, not looked at scalar by scalar.
  var holdsEscapedCharacters: Bool {
    utf8.contains { $0 < 0x20 || $0 >= 0x7F } && unicodeScalars.contains(where: \.mustBeEscaped)
  }
}

extension Character {
  /// The columns this grapheme takes as a text field or area shows it: one for a character
  /// shown as its picture (``Swift/String/withControlPictures``: a tab as `␉`), its
  /// ``displayWidth`` otherwise.
  var shownWidth: Int {
    if let ascii = asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
    return unicodeScalars.contains(where: \.mustBeEscaped) ? 1 : displayWidth
  }
}

extension Unicode.Scalar {
  /// Whether a terminal would act on this character instead of showing it (see
  /// ``Swift/String/visibleForTerminal``).
  public var mustBeEscaped: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF: true
    default: false
    }
  }
}
