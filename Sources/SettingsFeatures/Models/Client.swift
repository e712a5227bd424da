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

  /// Whether two emails name the same client: equal once surrounding spaces are removed,
  /// ignoring the case of ASCII letters only, as the clients database's `NOCASE` collation
  /// compares them (so `É` and `é` are different emails there, and here), and `é` typed as one
  /// character or as `e` and an accent alike (the database keeps emails composed, NFC).
  public static func emailsMatch(_ a: String, _ b: String) -> Bool {
    func key(_ email: String) -> String {
      var scalars = String.UnicodeScalarView()
      for scalar in email.trimmed.unicodeScalars {
        scalars.append(("A"..."Z").contains(scalar) ? Unicode.Scalar(UInt8(scalar.value) + 0x20) : scalar)
      }
      return String(scalars)
    }
    // NB: String's == compares canonically: composed and decomposed forms are equal.
    return key(a) == key(b)
  }
}
