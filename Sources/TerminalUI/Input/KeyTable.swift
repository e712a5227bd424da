/// Which of a ``Keymap``'s key sets hold each common key, so that looking a key up hashes
/// nothing.
///
/// A typed character used to be hashed once per set it was looked up in (four of them before a
/// text field took it), which ran the hasher's code and touched its state on every keystroke.
/// ASCII characters, control letters and the named keys get a slot here instead; the rest
/// (other characters, pastes, resizes, unknown codes) are looked up in the sets themselves.
struct KeyTable: Hashable, Sendable {
  /// A set of the keymap's key sets.
  struct Membership: OptionSet, Hashable, Sendable {
    let rawValue: UInt16
    static let interrupt = Self(rawValue: 1 << 0)
    static let cancel = Self(rawValue: 1 << 1)
    static let redraw = Self(rawValue: 1 << 2)
    static let focusNext = Self(rawValue: 1 << 3)
    static let focusPrevious = Self(rawValue: 1 << 4)
    static let activate = Self(rawValue: 1 << 5)
    static let toggle = Self(rawValue: 1 << 6)
    static let decrement = Self(rawValue: 1 << 7)
    static let increment = Self(rawValue: 1 << 8)
    static let textEditing = Self(rawValue: 1 << 9)
    static let scrollUp = Self(rawValue: 1 << 10)
    static let scrollDown = Self(rawValue: 1 << 11)
  }

  /// The keymap's key lists, each with its membership bit.
  // NB: Arrays, not `Set<Key>`: a set hashed every key (a character's hash normalises it)
  //     when each keymap was made, at every start, for lookups of the few keys without a slot.
  typealias Sets = [([Key], Membership)]

  private var slots: [Membership]

  init(_ sets: Sets) {
    slots = Array(repeating: [], count: Self.slotCount)
    for (keys, membership) in sets {
      for key in keys {
        for slot in Self.slots(matching: key) { slots[slot].insert(membership) }
      }
    }
  }

  /// The slots of the keys equal to `key`: its own, or for a character canonically equivalent
  /// to an ASCII one (the Kelvin sign and "K"), that character's, as `Set` would match it.
  private static func slots(matching key: Key) -> [Int] {
    if let slot = slot(of: key) { return [slot] }
    let base: Int
    let character: Character
    switch key {
    case let .character(value): (base, character) = (0, value)
    case let .control(value): (base, character) = (controlBase, value)
    default: return []
    }
    return (0..<128).filter { Character(Unicode.Scalar(UInt8($0))) == character }.map { base + $0 }
  }

  /// The sets that hold `key`: from its slot, or by searching each set for a key without one.
  func membership(of key: Key, in sets: @autoclosure () -> Sets) -> Membership {
    if let slot = Self.slot(of: key) { return slots[slot] }
    var membership: Membership = []
    for (keys, bit) in sets() where keys.contains(key) { membership.insert(bit) }
    return membership
  }

  // MARK: - Slots

  /// The ASCII code of a one-scalar ASCII character (`asciiValue` also gives "\r\n" one).
  private static func ascii(_ character: Character) -> Int? {
    guard let value = character.asciiValue, character != "\r\n" else { return nil }
    return Int(value)
  }

  private static let controlBase = 128
  private static let namedBase = 256
  /// Tab through Page Down, the named keys `slot(of:)` numbers.
  private static let namedCount = 14
  private static let slotCount = namedBase + namedCount

  /// Where `key` is kept, or `nil` for a key the table does not hold.
  static func slot(of key: Key) -> Int? {
    switch key {
    case let .character(character):
      return ascii(character)
    case let .control(character):
      return ascii(character).map { controlBase + $0 }
    case .tab: return namedBase
    case .backTab: return namedBase + 1
    case .enter: return namedBase + 2
    case .escape: return namedBase + 3
    case .backspace: return namedBase + 4
    case .delete: return namedBase + 5
    case .up: return namedBase + 6
    case .down: return namedBase + 7
    case .left: return namedBase + 8
    case .right: return namedBase + 9
    case .home: return namedBase + 10
    case .end: return namedBase + 11
    case .pageUp: return namedBase + 12
    case .pageDown: return namedBase + 13
    case .paste, .resize, .unknown, .mouse, .alt: return nil
    }
  }
}
