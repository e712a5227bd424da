/// Keys that do one thing in a form, and the help text that names it.
///
/// The first key is the one the key help names: `KeyBinding([.escape, .control("g")],
/// help: "cancel")` shows as `Esc cancel`.
///
/// ```swift
/// var keymap = Keymap.standard
/// keymap.cancel.insert(.control("g"))
/// keymap.cancel.help                  // "cancel"
/// ```
public struct KeyBinding: Hashable, Sendable {
  /// The keys, the one to name in help first.
  public var keys: [Key]
  /// What the keys do, in a word or two ("next", "cancel").
  public var help: String

  public init(_ keys: [Key], help: String) {
    self.keys = []
    self.help = help
    for key in keys { insert(key) }
  }

  /// Whether `key` is one of the keys.
  public func contains(_ key: Key) -> Bool { keys.contains(key) }

  /// Adds `key` after the others, unless it is there already.
  public mutating func insert(_ key: Key) {
    if !keys.contains(key) { keys.append(key) }
  }

  /// Removes `key`.
  public mutating func remove(_ key: Key) {
    keys.removeAll { $0 == key }
  }

  /// The name of the key help shows, such as `Tab`; `nil` without keys.
  public var keyName: String? { keys.first?.name }
}

extension Key {
  /// The key's name as help shows it: `Tab`, `Shift-Tab`, `Ctrl-C`, `Space`, `←`.
  public var name: String {
    switch self {
    case .character(" "): "Space"
    case let .character(character): String(character)
    case let .control(character): "Ctrl-" + character.uppercased()
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .enter: "Enter"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .delete: "Delete"
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .paste: "Paste"
    case .resize: "Resize"
    case let .unknown(code): "Key \(code)"
    case .mouse(let event): event.action == .press ? "Click" : "Wheel"
    case let .alt(.character(character)): "Alt-" + character.uppercased()
    case let .alt(key): "Alt-" + key.name
    }
  }
}

extension Key {
  /// The key's name in plain ASCII words, for help text: `Down` where the footer shows `↓`.
  public var spelledOut: String {
    switch self {
    case .up: "Up"
    case .down: "Down"
    case .left: "Left"
    case .right: "Right"
    // NB: Both reach the form as `.alt(.left)`: help names both.
    case .alt(.left): "Alt-Left, Ctrl-Left"
    case .alt(.right): "Alt-Right, Ctrl-Right"
    case let .alt(key) where !key.isCharacter: "Alt-" + key.spelledOut
    default: name
    }
  }
}

extension Key {
  fileprivate var isCharacter: Bool {
    if case .character = self { true } else { false }
  }
}
