extension String {
  /// The text with every character that could steer a terminal or hide text made visible as
  /// an escape: C0 controls (newline and tab too), DEL, C1 controls, and the invisible format
  /// characters that reorder or split lines (bidi overrides and isolates, U+2028, U+2029).
  ///
  /// Data from files, the database or the command line goes through this before it reaches a
  /// terminal in a message, so a stored value cannot set the window title, clear the screen or
  /// make a line read backwards.
  ///
  /// ```swift
  /// "ada\u{1B}]0;owned\u{7}".visibleForTerminal   // "ada\u{1B}]0;owned\u{7}" as 22 visible characters
  /// ```
  public var visibleForTerminal: String {
    guard unicodeScalars.contains(where: \.mustBeEscaped) else { return self }
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

extension Unicode.Scalar {
  /// Whether a terminal would act on this character instead of showing it (see
  /// ``Swift/String/visibleForTerminal``).
  public var mustBeEscaped: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
