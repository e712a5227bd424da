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
  /// character with no picture (a C1 control, a bidi override) as `�`. A character that would
  /// take no column shows too: a combining mark with nothing before it to sit on (pasted at the
  /// start of a field, or after a tab) on a dotted circle, `◌́`, as Unicode shows a mark alone;
  /// another (a soft hyphen, a joiner alone) as `�`. One character stands for one, so a
  /// cursor's place in the text is its place in what is shown, and every step it takes shows.
  ///
  /// A text field shows its value this way: a value from a file that holds such a character
  /// shows where it is (the field's error names it), and the cursor visibly steps over it.
  ///
  /// ```swift
  /// "Bl\u{7}ob".withControlPictures    // "Bl␇ob"
  /// "\u{301}Ada".withControlPictures   // "◌́Ada"
  /// ```
  public var withControlPictures: String { withControlPictures(keepingLineBreaks: false) }

  /// The text as ``withControlPictures`` shows it, line breaks kept as they are where
  /// `keepingLineBreaks` (a text area shows a tab as `␉`, and goes on to the next row at `\n`).
  func withControlPictures(keepingLineBreaks: Bool) -> String {
    guard showsPictures(keepingLineBreaks: keepingLineBreaks) else { return self }
    var result = ""
    for character in self {
      result.append(keepingLineBreaks && character == "\n" ? character : character.shown)
    }
    return result
  }

  /// Whether any character is shown otherwise than as itself (``withControlPictures``), line
  /// breaks aside where `keepingLineBreaks`. Printable ASCII, what is typed most, is told from
  /// its bytes, not looked at one by one.
  func showsPictures(keepingLineBreaks: Bool = false) -> Bool {
    utf8.contains { ($0 < 0x20 && !(keepingLineBreaks && $0 == 0x0A)) || $0 >= 0x7F }
      && contains { !(keepingLineBreaks && $0 == "\n") && $0.picture != nil }
  }

  /// Whether any character is one ``Unicode/Scalar/mustBeEscaped``. Printable ASCII, what is
  /// typed most, is told from its bytes, not looked at scalar by scalar.
  var holdsEscapedCharacters: Bool {
    utf8.contains { $0 < 0x20 || $0 >= 0x7F } && unicodeScalars.contains(where: \.mustBeEscaped)
  }
}

extension Character {
  /// This grapheme as a text field or area shows it (``Swift/String/withControlPictures``).
  var shown: Character { picture ?? self }

  /// The columns this grapheme takes as a text field or area shows it: one for a character
  /// shown as a picture (a tab as `␉`), its ``displayWidth`` otherwise.
  var shownWidth: Int {
    if let ascii = asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
    return picture == nil ? displayWidth : 1
  }

  /// What stands for this grapheme where it cannot show as itself, one column wide: a control
  /// character's picture, `�` for another character a terminal would act on, a mark alone on
  /// a dotted circle; `nil` for a grapheme that shows as it is.
  fileprivate var picture: Character? {
    if let ascii = asciiValue, ascii >= 0x20, ascii < 0x7F { return nil }
    if let scalar = unicodeScalars.first(where: \.mustBeEscaped) {
      // NB: CR LF is one grapheme, shown as its first character's picture.
      switch scalar.value {
      case 0x00...0x1F: return Character(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
      case 0x7F: return "\u{2421}"
      default: return "\u{FFFD}"
      }
    }
    let joinsWhatPrecedes = startsWithJoiningCharacter
    guard joinsWhatPrecedes || displayWidth == 0 else { return nil }
    // NB: Shown otherwise: a grapheme that takes no column (a mark, a format character or a
    //     Hangul vowel alone), and one that starts with a character that joins whatever comes
    //     before it (a mark, a joiner): after a picture (`␛`) it would join the picture, and
    //     two characters would show as one. A mark sits on a dotted circle, which it joins into
    //     one grapheme (counted, so an odd cluster cannot become two); the rest are `�`. (A
    //     letter that joins what follows it, a rare "prepend" letter, still joins a picture
    //     after it.)
    if joinsWhatPrecedes, let first = unicodeScalars.first,
      [.nonspacingMark, .enclosingMark, .spacingMark].contains(first.properties.generalCategory)
    {
      let onCircle = "\u{25CC}" + String(self)
      if onCircle.count == 1, let character = onCircle.first { return character }
    }
    return "\u{FFFD}"
  }
}

extension Character {
  /// Whether this grapheme starts with a character that joins a letter before it (a combining
  /// mark, a joiner, an emoji modifier): it starts a grapheme only at the start of a text or
  /// after a control character.
  fileprivate var startsWithJoiningCharacter: Bool {
    // NB: Every such character is at U+0300 or above; Unicode's grapheme rules decide.
    guard let first = unicodeScalars.first, first.value >= 0x300, DisplayWidth.ofStandalone(first.value) == nil
    else { return false }
    var joined = "a"
    joined.unicodeScalars.append(first)
    return joined.count == 1
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
