/// One validation rule for a value: `nil` when valid, otherwise the message to show.
///
/// ```swift
/// Validate(.email, \.$email, .required("Please enter an email"), .email("Please enter a valid email"))
/// Validate(.age, \.$age, .atLeast(18, "You must be 18 to create an account"))
/// ```
public struct Rule<Value>: Sendable {
  /// Returns the message for an invalid value, or `nil`.
  public let validate: @Sendable (Value) -> String?

  /// A rule from a closure.
  public init(_ validate: @escaping @Sendable (Value) -> String?) {
    self.validate = validate
  }

  /// A rule from a closure: same as ``init(_:)``, reads well in a list of rules.
  public static func custom(_ validate: @escaping @Sendable (Value) -> String?) -> Self {
    Self(validate)
  }
}

extension Rule where Value == String {
  /// Not empty once surrounding spaces are removed, nor only invisible characters (a
  /// zero-width space looks empty wherever the value shows).
  public static func required(_ message: String) -> Self {
    Self { value in
      let text = value.trimmingSpaces
      guard let first = text.unicodeScalars.first else { return message }
      // NB: Most values start with a visible ASCII character: no Unicode properties read.
      if first.isASCII { return nil }
      return text.unicodeScalars.allSatisfy(\.isHidden) ? message : nil
    }
  }

  /// Contains `text` (e.g. "@").
  public static func contains(_ text: String, _ message: String) -> Self {
    Self { $0.contains(text) ? nil : message }
  }

  /// Looks like an email address: a local part, "@", and a domain of two or more non-empty
  /// dot-separated labels; no whitespace and no invisible format character (a zero-width space
  /// made `zw\u{200B}@example.com` a second client who looks exactly like the first).
  ///
  /// `allowsHostAlone`: a domain of one label (`ops@localhost`) is one too, for addresses on
  /// one network, or saved where a looser rule held.
  public static func email(_ message: String, allowsHostAlone: Bool = false) -> Self {
    Self { value in
      let address = value.trimmingSpaces
      let parts = address.split(separator: "@", omittingEmptySubsequences: false)
      guard parts.count == 2, !parts[0].isEmpty, !address.contains(where: \.isWhitespace),
        !address.unicodeScalars.contains(where: { $0.properties.generalCategory == .format })
      else { return message }
      let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
      guard labels.count >= (allowsHostAlone ? 1 : 2), labels.allSatisfy({ !$0.isEmpty }) else { return message }
      return nil
    }
  }

  /// No control characters (C0, DEL, C1): they cannot be typed, would steer a terminal that
  /// shows the value, and a NUL cuts the value short in C strings (SQLite's text, for one).
  /// Nor the bidirectional overrides, embeddings and isolates (U+202A–U+202E,
  /// U+2066–U+2069), which reorder how the text around them reads.
  public static func noControlCharacters(_ message: String) -> Self {
    Self { value in
      value.unicodeScalars.contains {
        $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
          || (0x2066...0x2069).contains($0.value)
      }
        ? message : nil
    }
  }

  /// No space inside the text (around it is fine) and no invisible format character (a
  /// zero-width space or joiner, a bidirectional mark): for an identifier such as an email,
  /// where two values that look alike must be alike.
  public static func noHiddenCharacters(_ message: String) -> Self {
    Self { value in
      value.trimmingSpaces.unicodeScalars.contains(where: \.isHidden) ? message : nil
    }
  }

  /// At least `count` characters (grapheme clusters, as a person counts them).
  public static func minLength(_ count: Int, _ message: String) -> Self {
    Self { $0.count < count ? message : nil }
  }

  /// At most `count` characters (grapheme clusters, as a person counts them).
  public static func maxLength(_ count: Int, _ message: String) -> Self {
    // NB: A character takes at least one byte, so a text of at most `count` bytes passes
    //     without breaking it into grapheme clusters (which goes through generic code).
    Self { $0.utf8.count > count && $0.count > count ? message : nil }
  }
}

extension Rule where Value == Bool {
  /// On: for a toggle that must be turned on, such as "I accept the terms".
  public static func mustBeOn(_ message: String) -> Self {
    Self { $0 ? nil : message }
  }
}

extension Rule where Value: Comparable & Sendable {
  /// Within `range`.
  public static func range(_ range: ClosedRange<Value>, _ message: String) -> Self {
    Self { range.contains($0) ? nil : message }
  }

  /// At least `minimum`.
  public static func atLeast(_ minimum: Value, _ message: String) -> Self {
    Self { $0 >= minimum ? nil : message }
  }
}

extension Rule {
  /// A value chosen: not `nil`, for an optional field such as a plan nobody picked yet.
  public static func required<Wrapped>(_ message: String) -> Self where Value == Wrapped? {
    Self { $0 == nil ? message : nil }
  }
}

extension Rule where Value == String? {
  /// A text given: not `nil`, and not empty nor only spaces and invisible characters, as a
  /// required `String` is.
  public static func required(_ message: String) -> Self {
    let text = Rule<String>.required(message)
    return Self { $0.map(text.validate) ?? message }
  }
}

extension Rule where Value: Collection, Value: Sendable {
  /// At least `count` items chosen, for a multi-select such as "pick two topics".
  public static func atLeast(_ count: Int, _ message: String) -> Self {
    Self { $0.count < count ? message : nil }
  }

  /// At most `count` items chosen.
  public static func atMost(_ count: Int, _ message: String) -> Self {
    Self { $0.count > count ? message : nil }
  }
}

extension String {
  /// The text without surrounding whitespace.
  var trimmingSpaces: Substring {
    if let ascii = trimmingASCIISpaces { return ascii }
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
    return self[start..<max(start, end)]
  }

  /// ``trimmingSpaces`` for a text whose ends are ASCII, byte by byte: rules run on every
  /// keystroke, and walking characters goes through the standard library's generic code.
  /// `nil` when a non-ASCII byte is reached first.
  private var trimmingASCIISpaces: Substring? {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    let bytes = utf8
    var start = bytes.startIndex
    while start != bytes.endIndex, bytes[start] < 0x80, isSpace(bytes[start]) {
      start = bytes.index(after: start)
    }
    if start != bytes.endIndex, bytes[start] >= 0x80 { return nil }
    var end = bytes.endIndex
    while end != start {
      let before = bytes.index(before: end)
      guard bytes[before] < 0x80 else { return nil }
      guard isSpace(bytes[before]) else { break }
      end = before
    }
    return self[start..<end]
  }
}

extension Unicode.Scalar {
  /// A space, or a character that shows nothing: a format character (a zero-width space or
  /// joiner, a bidirectional mark) or one fonts are told to ignore (a variation selector).
  fileprivate var isHidden: Bool {
    properties.isWhitespace || properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint
  }
}
