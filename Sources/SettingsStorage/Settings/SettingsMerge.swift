import SettingsFeatures

extension UserSettings {
  /// `theirs` (the file as it is now) with the fields this program changed since it loaded
  /// `base` taken from `ours`: another program's change to any other field is kept. Where both
  /// changed a field, ours wins: it is what the person just chose.
  static func merging(ours: UserSettings, base: UserSettings, theirs: UserSettings) -> UserSettings {
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
}
