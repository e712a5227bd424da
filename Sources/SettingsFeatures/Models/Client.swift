import Foundation

/// A client as the client form creates it and the clients database stores it.
public struct Client: Codable, Equatable, Hashable, Sendable {
  public var name: String
  public var email: String
  public var age: Int

  public init(name: String, email: String, age: Int) {
    self.name = name
    self.email = email
    self.age = age
  }

  /// `ours`'s changes from `base` put onto `theirs`, field by field: a field changed in `ours`
  /// keeps that change, every other field is `theirs`. A draft of an edit is taken up this way,
  /// so what another program saved for the client meanwhile is not undone.
  public static func merging(ours: Client, base: Client, theirs: Client) -> Client {
    Client(
      name: ours.name != base.name ? ours.name : theirs.name,
      email: ours.email != base.email ? ours.email : theirs.email,
      age: ours.age != base.age ? ours.age : theirs.age)
  }

  /// Each field as `--set` spells it, with its value as text, in the form's order.
  public var fields: [(name: String, value: String)] {
    [("name", name), ("email", email), ("age", String(age))]
  }

  /// The fields (as `--set` spells them) `ours` and `theirs` both changed from `base`, each to
  /// a value of its own: where ``merging(ours:base:theirs:)`` keeps `ours` and drops `theirs`.
  /// Emails that differ only as ``emailsMatch(_:_:)`` allows are one value.
  public static func conflicts(ours: Client, base: Client, theirs: Client) -> [String] {
    zip(ours.fields, zip(base.fields, theirs.fields)).compactMap { mine, others in
      let (was, other) = (others.0.value, others.1.value)
      let sameAsOther = mine.name == "email" ? emailsMatch(mine.value, other) : mine.value == other
      return mine.value != was && other != was && !sameAsOther ? mine.name : nil
    }
  }

  /// Without surrounding whitespace in its name and email, as a form saves it.
  public var trimmed: Client {
    Client(name: name.trimmed, email: email.trimmed, age: age)
  }

  /// Whether two emails name the same client: their ``emailKey(_:)``s are equal.
  public static func emailsMatch(_ a: String, _ b: String) -> Bool {
    emailKey(a) == emailKey(b)
  }

  /// What makes an email one client's: without surrounding spaces, case-folded (every
  /// letter's case: `É` as `é`, `Σ` and `ς` as `σ`, `ẞ` as `ss`), composed (NFC, so `é` typed
  /// as one character or as `e` and an accent is one email). The clients database keeps it
  /// beside each email, unique.
  public static func emailKey(_ email: String) -> String {
    // NB: ASCII folds to its lower case (see `PlainSpelling.of`).
    if email.utf8.allSatisfy({ $0 < 0x80 }) { return email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }
    return email.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
      .folding(options: .caseInsensitive, locale: nil).precomposedStringWithCanonicalMapping
  }
}
