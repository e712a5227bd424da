extension TextEditor {
  /// The part of the text to draw in a field `width` columns wide, and the cursor's column in it.
  ///
  /// Scrolls only as far as needed to keep the cursor visible; with the cursor at the end of the
  /// text it sits one column past the last character. The slice never splits a wide character: a
  /// wide character cut by the right edge is left out (that column stays blank).
  ///
  /// ```swift
  /// var editor = TextEditor(text: "ada@example.com")   // cursor at the end
  /// let (slice, column) = editor.visible(width: 10)    // ("ample.com", 9)
  /// ```
  public mutating func visible(width: Int) -> (text: String, cursorColumn: Int) {
    guard width > 0 else { return ("", 0) }
    return Self.isPrintableASCII(text)
      ? visibleASCII(width: width) : visibleByGraphemes(width: width)
  }

  /// ``visible(width:)`` for any text: measures every grapheme.
  mutating func visibleByGraphemes(width: Int) -> (text: String, cursorColumn: Int) {
    let widths = text.map(\.displayWidth)
    var starts: [Int] = []  // the column where each grapheme starts
    starts.reserveCapacity(widths.count + 1)
    var column = 0
    for width in widths {
      starts.append(column)
      column += width
    }
    let totalWidth = column
    let cursorColumn = cursor < starts.count ? starts[cursor] : totalWidth
    let cursorWidth = cursor < widths.count ? max(1, widths[cursor]) : 1

    // Never scroll past what the text needs with the cursor at its end (after a deletion);
    // otherwise keep the previous offset so the text does not jump while the cursor moves.
    var offset = min(scrollOffset, max(0, totalWidth + 1 - width))
    // Keep the cursor cell inside the window.
    if cursorColumn < offset { offset = cursorColumn }
    if cursorColumn + cursorWidth > offset + width {
      offset = min(cursorColumn, cursorColumn + cursorWidth - width)
    }
    // Never start inside a wide character: round up to the next grapheme boundary.
    var first = 0
    while first < starts.count && starts[first] < offset { first += 1 }
    offset = first < starts.count ? starts[first] : totalWidth
    scrollOffset = offset

    var slice = ""
    var used = 0
    var index = first
    for character in text.dropFirst(first) {
      let characterWidth = widths[index]
      if used + characterWidth > width { break }
      slice.append(character)
      used += characterWidth
      index += 1
    }
    return (slice, cursorColumn - offset)
  }

  /// ``visible(width:)`` for printable ASCII, where each byte is a grapheme one column wide: the
  /// same scrolling rules, worked out on byte offsets.
  mutating func visibleASCII(width: Int) -> (text: String, cursorColumn: Int) {
    let count = text.utf8.count
    var offset = min(scrollOffset, max(0, count + 1 - width))
    if cursor < offset { offset = cursor }
    if cursor + 1 > offset + width { offset = cursor + 1 - width }
    offset = min(offset, count)
    scrollOffset = offset
    let end = min(count, offset + width)
    guard offset > 0 || end < count else { return (text, cursor) }
    let utf8 = text.utf8
    let lower = utf8.index(utf8.startIndex, offsetBy: offset)
    let upper = utf8.index(lower, offsetBy: end - offset)
    return (String(decoding: utf8[lower..<upper], as: UTF8.self), cursor - offset)
  }
}
