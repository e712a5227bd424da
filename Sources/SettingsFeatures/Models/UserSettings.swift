/// The saved settings: what the settings form edits and the settings file holds.
///
/// Encoded as JSON with these exact keys, so the file stays readable and editable by hand.
public struct UserSettings: Codable, Equatable, Hashable, Sendable {
  public var digest: Digest
  public var displayName: String
  public var enableNotifications: Bool
  public var protectMyPosts: Bool
  public var sendEmailNotifications: Bool
  public var sendMobileNotifications: Bool

  public init(
    digest: Digest = .daily,
    displayName: String = "",
    enableNotifications: Bool = false,
    protectMyPosts: Bool = false,
    sendEmailNotifications: Bool = false,
    sendMobileNotifications: Bool = false
  ) {
    self.digest = digest
    self.displayName = displayName
    self.enableNotifications = enableNotifications
    self.protectMyPosts = protectMyPosts
    self.sendEmailNotifications = sendEmailNotifications
    self.sendMobileNotifications = sendMobileNotifications
  }

  /// Without surrounding whitespace in its display name, as the form saves it.
  public var trimmed: UserSettings {
    var settings = self
    settings.displayName = displayName.trimmed
    return settings
  }
}
