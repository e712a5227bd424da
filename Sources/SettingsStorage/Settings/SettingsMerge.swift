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
    for field in fields where field.differs(ours, base) { field.copy(ours, &merged) }
    return merged
  }

  /// The names of the fields (as `--set` and the file spell them) in which `a` and `b` differ.
  static func differingFields(_ a: UserSettings, _ b: UserSettings) -> [String] {
    fields.filter { $0.differs(a, b) }.map(\.name)
  }

  /// One setting, for comparing and copying it by itself.
  struct Field: Sendable {
    /// Its name in the file and in `--set`.
    let name: String
    let differs: @Sendable (UserSettings, UserSettings) -> Bool
    let copy: @Sendable (UserSettings, inout UserSettings) -> Void

    init<Value: Equatable & Sendable>(_ name: String, _ keyPath: WritableKeyPath<UserSettings, Value> & Sendable) {
      self.name = name
      self.differs = { $0[keyPath: keyPath] != $1[keyPath: keyPath] }
      self.copy = { $1[keyPath: keyPath] = $0[keyPath: keyPath] }
    }
  }

  /// Every setting once, in the file's order (a test holds it to the type's properties).
  static let fields: [Field] = [
    Field("digest", \.digest),
    Field("displayName", \.displayName),
    Field("enableNotifications", \.enableNotifications),
    Field("protectMyPosts", \.protectMyPosts),
    Field("sendEmailNotifications", \.sendEmailNotifications),
    Field("sendMobileNotifications", \.sendMobileNotifications),
  ]
}
