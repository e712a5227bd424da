/// The name a mistyped one most likely meant: a command (`clinets` for `clients`), a spec's
/// key (`lable` for `label`).
///
/// ```swift
/// NearestName.to("lable", among: ["key", "kind", "label"])  // "label"
/// ```
public enum NearestName {
  /// The name of `names` nearest to `word`, where it is near enough to be the one meant (at
  /// most 2 edits, or a third of its length); `nil` otherwise.
  public static func to(_ word: String, among names: some Sequence<String>) -> String? {
    guard let nearest = names.min(by: { distance(word, $0) < distance(word, $1) }),
      distance(word, nearest) <= max(2, nearest.count / 3)
    else { return nil }
    return nearest
  }

  /// The Levenshtein distance between `a` and `b`, in characters.
  public static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}
