/// Any JSON value, decoded as it is, so a spec can be checked with every error naming its place
/// (`$.fields[2].kind`) instead of failing on the first unexpected type, and so a settings file's
/// keys that this version does not know are written back as they were read.
public enum JSONValue: Equatable, Sendable, Codable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// Keys in the order the text gives them.
  case object([(key: String, value: JSONValue)])

  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: AnyKey.self) {
      var pairs: [(key: String, value: JSONValue)] = []
      for key in container.allKeys {
        pairs.append((key.stringValue, try container.decode(JSONValue.self, forKey: key)))
      }
      self = .object(pairs)
      return
    }
    if var container = try? decoder.unkeyedContainer() {
      var items: [JSONValue] = []
      while !container.isAtEnd { items.append(try container.decode(JSONValue.self)) }
      self = .array(items)
      return
    }
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else {
      do {
        self = .string(try container.decode(String.self))
      } catch DecodingError.typeMismatch {
        // NB: A number a Double cannot hold (1e400), or one JSON does not allow that the
        //     parser let by (05). A string that is not valid (a bad escape, a raw tab) said
        //     so itself, with its place.
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription: "a number that cannot be read: too large to hold (beyond ±1.8e308), or not written as JSON writes numbers (05)")
      }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case let .object(pairs):
      var container = encoder.container(keyedBy: AnyKey.self)
      for (key, value) in pairs { try container.encode(value, forKey: AnyKey(stringValue: key)) }
    case let .array(items):
      var container = encoder.unkeyedContainer()
      for item in items { try container.encode(item) }
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case let .bool(bool):
      var container = encoder.singleValueContainer()
      try container.encode(bool)
    case let .number(number):
      var container = encoder.singleValueContainer()
      // NB: A whole number is written as one (`3`, not `3.0`), as it was read.
      if number.rounded() == number, let whole = Int64(exactly: number) {
        try container.encode(whole)
      } else {
        try container.encode(number)
      }
    case let .string(string):
      var container = encoder.singleValueContainer()
      try container.encode(string)
    }
  }

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case let (.bool(a), .bool(b)): a == b
    case let (.number(a), .number(b)): a == b
    case let (.string(a), .string(b)): a == b
    case let (.array(a), .array(b)): a == b
    case let (.object(a), .object(b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
    default: false
    }
  }

  /// What the value is, in an error message: "a number", "an array".
  var kindName: String {
    switch self {
    case .null: "null"
    case let .bool(bool): "\(bool)"
    // NB: The number itself: "expected a whole number, found the number 5.5" says what is wrong.
    case let .number(number):
      "the number " + (number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : "\(number)")
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
