extension StringProtocol {
  /// The text broken into lines of at most `width` columns, at spaces where it can be and inside
  /// a word only when the word alone is wider than a line. Nothing is cut off.
  ///
  /// ```swift
  /// "You must be 18 to create an account".wrapped(toWidth: 16)
  /// // ["You must be 18", "to create an", "account"]
  /// ```
  public func wrapped(toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    // NB: Most frames wrap an empty status; they skip the splitting (BENCHMARKS.md, "Per keystroke").
    guard !isEmpty else { return [""] }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in split(separator: " ", omittingEmptySubsequences: true) {
      var word = String(word)
      var wordWidth = word.displayWidth
      if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
        line += " " + word
        lineWidth += 1 + wordWidth
        continue
      }
      if lineWidth > 0 {
        lines.append(line)
        (line, lineWidth) = ("", 0)
      }
      // NB: A word wider than a line is broken by characters, as a terminal would, in one pass:
      //     measuring the rest again after each piece took seconds for a long label.
      if wordWidth > width {
        var piece = ""
        var pieceWidth = 0
        for character in word {
          let columns = character.displayWidth
          // NB: A piece holds one character at least: a wide character in a 1-column line.
          if pieceWidth > 0, pieceWidth + columns > width {
            lines.append(piece)
            (piece, pieceWidth) = ("", 0)
          }
          piece.append(character)
          pieceWidth += columns
        }
        (word, wordWidth) = (piece, pieceWidth)
      }
      (line, lineWidth) = (word, wordWidth)
    }
    if lineWidth > 0 || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// The text wrapped like ``wrapped(toWidth:)`` into at most `maxLines` lines; only when they
  /// cannot hold it all, the last is cut with "…".
  public func wrapped(toWidth width: Int, maxLines: Int) -> [String] {
    guard maxLines > 0 else { return [] }
    let lines = wrapped(toWidth: width)
    guard lines.count > maxLines else { return lines }
    return lines.prefix(maxLines - 1) + [lines[(maxLines - 1)...].joined(separator: " ").truncated(toWidth: width)]
  }
}
