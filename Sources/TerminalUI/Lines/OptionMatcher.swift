/// The option a typed answer names among titles: the title as written, else the only title
/// whose match key is the answer's (lower case by default: `Weekly` for `weekly`; none when
/// `Ab` and `aB` both would; a list's `matchKey` may ignore accents too). The titles are indexed once, so thousands of answers among thousands of options
/// take time in proportion to them. Line mode and `--set` read answers this way.
///
/// ```swift
/// let matcher = OptionMatcher(["daily", "weekly", "off"])
/// matcher.index(of: "WEEKLY")                 // 1
/// matcher.index(of: "3", orNumber: true)      // 2, the third
/// ```
public struct OptionMatcher: Sendable {
  private let count: Int
  /// Each title's first index.
  private let exact: [String: Int]
  /// Each title's match key and the indexes of the titles that have it.
  private let folded: [String: [Int]]
  private let matchKey: @Sendable (String) -> String

  public init(_ titles: [String], matchKey: @escaping @Sendable (String) -> String = { $0.lowercased() }) {
    count = titles.count
    var exact: [String: Int] = [:]
    var folded: [String: [Int]] = [:]
    for (index, title) in titles.enumerated() {
      if exact[title] == nil { exact[title] = index }
      folded[matchKey(title), default: []].append(index)
    }
    self.exact = exact
    self.folded = folded
    self.matchKey = matchKey
  }

  /// The index of the option `text` names, without surrounding spaces; with `orNumber`, a
  /// number from 1 to the count names the option at that place, even where an option's title
  /// is a number too: the options are shown numbered, and the question asks for a number.
  public func index(of text: String, orNumber: Bool = false) -> Int? {
    let text = text.trimmingSpaces
    if orNumber, let number = Int(text), number >= 1, number <= count { return number - 1 }
    if let index = exact[text] { return index }
    guard let found = folded[matchKey(text)], found.count == 1 else { return nil }
    return found[0]
  }
}
