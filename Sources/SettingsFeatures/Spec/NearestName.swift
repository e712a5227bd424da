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
    let length = word.count
    var best: (name: String, distance: Int)?
    for name in names {
      let limit = max(2, name.count / 3)
      // NB: The distance is at least the difference in length: a long word is no typo of a
      //     short name, and is not compared character by character.
      guard abs(name.count - length) <= limit else { continue }
      let distance = distance(word, name)
      if distance <= limit, distance < best?.distance ?? .max { best = (name, distance) }
    }
    return best?.name
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
