/// The option a typed answer names among titles: the title as written, else the only title
/// whose match key is the answer's (lower case by default: `Weekly` for `weekly`; none when
/// `Ab` and `aB` both would; a list's `matchKey` may ignore accents too). The titles are indexed once, so thousands of answers among thousands of options
/// take time in proportion to them. Line mode and `--set` read answers this way.
///
/// ```swift
/// let matcher = OptionMatcher(["daily", "weekly", "off"])
/// matcher.index(of: "WEEKLY")                 // 1
/// matcher.index(of: "3", orNumber: true)      // 2, the third
/// OptionMatcher(["1", "2", "4", "8"]).index(of: "4", orNumber: true)   // 2: "4" itself
/// ```
public struct OptionMatcher: Sendable {
  private let count: Int
  /// Each title's first index.
  private let exact: [String: Int]
  /// Each title's match key and the indexes of the titles that have it.
  private let folded: [String: [Int]]
  private let matchKey: @Sendable (String) -> String
  /// Whether a number answer may name a place (see ``numbersArePlaces(in:)``).
  public let numbersArePlaces: Bool

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
    self.numbersArePlaces = Self.numbersArePlaces(in: titles)
  }

  /// Whether a number from 1 to the count can stand for the option at that place: not when
  /// an option is itself such a number at another place (options 1, 2, 4 and 8, where "4"
  /// would name two options). Such a list is shown without numbers, and an answer is an
  /// option as it is written, so a script that pipes in "4" gets 4.
  public static func numbersArePlaces(in titles: [String]) -> Bool {
    !titles.indices.contains { index in
      guard let number = Int(titles[index].trimmingSpaces) else { return false }
      return number != index + 1 && titles.indices.contains(number - 1)
    }
  }

  /// The options `text` could name and none more than another (São Paulo and Sao Paulo for
  /// "sao paulo", where accents are set aside), so a refusal can say which; empty when it
  /// names one option, or none.
  public func ambiguities(of text: String) -> [Int] {
    let text = text.trimmingSpaces
    guard exact[text] == nil, let found = folded[matchKey(text)], found.count > 1 else { return [] }
    return found
  }

  /// Why `text` names no one option of `titles` (this matcher's) when it could name several:
  /// "could be São Paulo or Sao Paulo, which differ only in case or accents"; `nil` when it
  /// names one, or none. `listed` names the options (a message may quote them).
  public func ambiguity(
    of text: String, in titles: [String], listed: ([String]) -> String = { $0.joined(separator: " or ") }
  ) -> String? {
    let found = ambiguities(of: text)
    guard !found.isEmpty else { return nil }
    return "could be \(listed(found.map { titles[$0] })), which differ only in case or accents"
  }

  /// The index of the option `text` names, without surrounding spaces; with `orNumber`, a
  /// number from 1 to the count names the option at that place, as the options are shown
  /// numbered, unless options are numbers at other places (``numbersArePlaces``).
  public func index(of text: String, orNumber: Bool = false) -> Int? {
    let text = text.trimmingSpaces
    if orNumber, numbersArePlaces, let number = Int(text), number >= 1, number <= count { return number - 1 }
    if let index = exact[text] { return index }
    guard let found = folded[matchKey(text)], found.count == 1 else { return nil }
    return found[0]
  }
}
