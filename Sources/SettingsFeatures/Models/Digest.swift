/// How often the person wants a digest email.
public enum Digest: String, CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible {
  case daily, weekly, off

  public var description: String {
    switch self {
    case .daily: "Daily"
    case .weekly: "Weekly"
    case .off: "Off"
    }
  }
}
