extension StringProtocol {
  /// The longest prefix of this text that fits in `width` columns, ending in `ellipsis` when cut.
  ///
  /// A wide grapheme that would straddle the limit is dropped, never split, and spaces before the
  /// ellipsis are trimmed.
  ///
  /// ```swift
  /// "Please enter an email".truncated(toWidth: 10)  // "Please en…"
  /// ```
  public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    if displayWidth <= width { return String(self) }
    let ellipsisWidth = ellipsis.displayWidth
    let budget = ellipsisWidth < width ? width - ellipsisWidth : width
    var result = prefix(fittingWidth: budget)
    guard ellipsisWidth < width else { return result }
    // NB: "Send email…" reads better than "Send email …".
    while result.last?.isWhitespace == true { result.removeLast() }
    return result + ellipsis
  }

  /// The longest start of the text that takes at most `width` columns.
  func prefix(fittingWidth width: Int) -> String {
    var result = ""
    var used = 0
    for character in self {
      let columns = character.displayWidth
      if used + columns > width { break }
      result.append(character)
      used += columns
    }
    return result
  }
}
