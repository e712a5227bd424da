import SettingsFeatures

extension UserSettings {
  /// `theirs` (the file as it is now) with the fields this program changed since it loaded
  /// `base` taken from `ours`: another program's change to any other field is kept. Where both
  /// changed a field, ours wins: it is what the person just chose.
  ///
  /// Saves use it when the file changed while the form was open, and a restored draft is
  /// merged with it onto the file as it is now.
  public static func merging(ours: UserSettings, base: UserSettings, theirs: UserSettings) -> UserSettings {
    var merged = theirs
    func take<Value: Equatable>(_ field: WritableKeyPath<UserSettings, Value>) {
      if ours[keyPath: field] != base[keyPath: field] { merged[keyPath: field] = ours[keyPath: field] }
    }
    take(\.digest)
    take(\.displayName)
    take(\.enableNotifications)
    take(\.protectMyPosts)
    take(\.sendEmailNotifications)
    take(\.sendMobileNotifications)
    return merged
  }

  /// The names of the fields (as `--set` and the file spell them) in which `a` and `b` differ.
  static func differingFields(_ a: UserSettings, _ b: UserSettings) -> [String] {
    var names: [String] = []
    if a.digest != b.digest { names.append("digest") }
    if a.displayName != b.displayName { names.append("displayName") }
    if a.enableNotifications != b.enableNotifications { names.append("enableNotifications") }
    if a.protectMyPosts != b.protectMyPosts { names.append("protectMyPosts") }
    if a.sendEmailNotifications != b.sendEmailNotifications { names.append("sendEmailNotifications") }
    if a.sendMobileNotifications != b.sendMobileNotifications { names.append("sendMobileNotifications") }
    return names
  }
}
