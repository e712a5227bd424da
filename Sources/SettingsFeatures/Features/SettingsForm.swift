import ComposableForms

/// The settings form: digest, display name, notifications (with a permission request), the two
/// notification channels (editable only while notifications are on) and post protection.
public struct SettingsForm: Reducer {
  public struct State: Equatable, FormFeatureState {
    @BindingState public var digest: Digest
    @BindingState public var displayName: String
    @BindingState public var enableNotifications: Bool
    @BindingState public var sendEmailNotifications: Bool
    @BindingState public var sendMobileNotifications: Bool
    @BindingState public var protectMyPosts: Bool
    /// A permission request is running. Not bindable: no control can set it.
    public var isLoading = false
    /// Why notifications could not be turned on, shown under the toggle.
    public var notificationsDenial: String?
    /// What a save does when another program changed the file while the form was open: ask
    /// (the default), or what the person answered.
    public var saveMode: SettingsStorageClient.SaveMode = .askIfChanged
    public var form: FormState<Field>
    /// The settings the form opened with (or took in from the file since): Esc asks before
    /// throwing changes away only when the values differ from them.
    public var original: UserSettings

    // NB: Against what it opened with, trimmed as the form's values are: a display name saved
    //     with a space after it is no change of this form's.
    public var hasChangedValues: Bool? { settings != original.trimmed }

    /// The display name is required and at most 32 characters; the channel toggles are enabled
    /// only while notifications are on and permitted.
    public static let rules = FormRules<Self, Field>(
      Validate(
        .displayName, \.$displayName,
        .required("Please enter a display name"),
        .maxLength(SettingsForm.displayNameLimit, "At most \(SettingsForm.displayNameLimit) characters"),
        .noControlCharacters("Control characters cannot be part of a display name")),
      isEnabled: { state, field in
        switch field {
        // NB: Not while the permission is being asked: a channel ticked meanwhile (keys typed
        //     ahead) would stay ticked, and disabled, if notifications were then refused.
        case .sendEmailNotifications, .sendMobileNotifications: state.enableNotifications && !state.isLoading
        default: true
        }
      }
    )

    /// The form filled with saved (or default) settings, focus on the first field.
    public init(settings: UserSettings = UserSettings()) {
      self.form = .focusedOnFirstField
      self.original = settings
      self.digest = settings.digest
      self.displayName = settings.displayName
      self.enableNotifications = settings.enableNotifications
      self.sendEmailNotifications = settings.sendEmailNotifications
      self.sendMobileNotifications = settings.sendMobileNotifications
      self.protectMyPosts = settings.protectMyPosts
    }

    /// Shows `settings` in every field.
    mutating func fill(with settings: UserSettings) {
      digest = settings.digest
      displayName = settings.displayName
      enableNotifications = settings.enableNotifications
      sendEmailNotifications = settings.sendEmailNotifications
      sendMobileNotifications = settings.sendMobileNotifications
      protectMyPosts = settings.protectMyPosts
    }

    /// The values the form would save (the display name without surrounding spaces).
    public var settings: UserSettings {
      UserSettings(
        digest: digest, displayName: displayName, enableNotifications: enableNotifications,
        protectMyPosts: protectMyPosts, sendEmailNotifications: sendEmailNotifications,
        sendMobileNotifications: sendMobileNotifications
      ).trimmed
    }
  }

  /// The fields in focus order.
  public enum Field: FormField {
    case digest, displayName, enableNotifications, sendEmailNotifications,
      sendMobileNotifications, protectMyPosts

    /// What the form calls the field (its control's label); `--set` and the file name it as the
    /// case is spelled.
    public var label: String {
      switch self {
      case .digest: "Digest"
      case .displayName: "Display name"
      case .enableNotifications: "Notifications"
      case .sendEmailNotifications: "Email notifications"
      case .sendMobileNotifications: "Mobile notifications"
      case .protectMyPosts: "Protect my posts"
      }
    }
  }

  public enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<Field>)
    case permissionResponse(NotificationPermissionClient.Response)
    /// The settings as saved now, read again because the person chose them over this form's.
    case savedSettingsLoaded(UserSettings)
    /// The settings could not be read again (the file is malformed now): why, for the form.
    case savedSettingsFailed(String)

    public var binding: BindingAction<State>? {
      if case let .binding(action) = self { action } else { nil }
    }

    public var form: FormAction<Field>? {
      if case let .form(action) = self { action } else { nil }
    }
  }


  enum CancelID { case permission }

  /// The longest display name kept.
  public static let displayNameLimit = 32

  @Dependency(\.notificationPermission) var permission

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.$enableNotifications):
        state.notificationsDenial = nil
        guard state.enableNotifications else {
          state.isLoading = false
          return .cancel(id: CancelID.permission)
        }
        state.isLoading = true
        return .run { [permission] send in
          await send(.permissionResponse(await permission.request()))
        }
        .cancellable(id: CancelID.permission, cancelInFlight: true)

      case let .form(.promptAnswered(prompt, choice)) where prompt == FormPrompt.settingsChanged.id:
        switch choice {
        case "merge":
          state.saveMode = .merge
          return .send(.form(.submitTapped))
        case "mine":
          state.saveMode = .overwrite
          return .send(.form(.submitTapped))
        case "saved":
          return .run { send in
            @Dependency(\.settingsStorage) var storage
            await send(.savedSettingsLoaded(try await storage.load() ?? UserSettings()))
          } catch: { error, send in
            // NB: Not a save's answer (none runs): the form shows it as a failed save's.
            await send(.savedSettingsFailed(String(describing: error)))
          }
        default:
          // NB: Back: the next Save asks again, rather than merging or keeping mine unasked
          //     over a change the person went back from.
          state.saveMode = .askIfChanged
          return .none
        }

      case let .savedSettingsFailed(message):
        state.form.submitError = message
        return .none

      case .form(.submitFinished), .form(.submitRefused), .form(.submitAsked):
        // NB: Merge or Keep mine answered one question: a save that failed for another reason
        //     (a full disk) and is tried again later asks about what changed by then.
        state.saveMode = .askIfChanged
        return .none

      case let .savedSettingsLoaded(settings):
        state.fill(with: settings)
        state.original = settings
        state.saveMode = .askIfChanged
        state.notificationsDenial = nil
        state.form.hasEdits = false
        return .none

      case .binding, .form:
        return .none

      case .permissionResponse(.granted):
        state.isLoading = false
        return .none

      case let .permissionResponse(.denied(reason)):
        state.isLoading = false
        state.enableNotifications = false
        state.notificationsDenial = reason
        return .none
      }
    }
    .form { state in
      { [settings = state.settings, mode = state.saveMode] in
        // NB: Read when the save runs, not each time the body is built (see ClientForm).
        @Dependency(\.settingsStorage) var storage
        do {
          try await storage.save(settings, mode)
        } catch let changed as SettingsStorageClient.FileChanged {
          throw changed.isRemoved ? FormPrompt.settingsRemoved : FormPrompt.settingsChanged(fields: changed.fields)
        }
      }
    }
  }
}

extension FormPrompt {
  /// Asked when the settings file changed while the form was open: merge field by field, keep
  /// this form's values, take the saved ones into the form, or go back to it.
  public static func settingsChanged(fields: [String]) -> FormPrompt {
    var prompt = settingsChanged
    // NB: Named as the form names them; a key this version has no field for, as the file does.
    let names = fields.map { key in
      SettingsForm.Field.allCases.first { "\($0)" == key }?.label ?? key
    }
    prompt.message = """
      Another program saved the settings while this form was open.
      It changed: \(names.joined(separator: ", ")).
      Merge keeps its changes to the fields you did not change, and yours for the rest.
      """
    return prompt
  }

  /// Asked when another program removed the settings file while the form was open: save this
  /// form's values to it again, or go back to the form.
  public static let settingsRemoved = FormPrompt(
    id: settingsChanged.id,
    message: "Another program removed the settings file while this form was open.\nSave writes this form's values to it again.",
    choices: [
      Choice(id: "mine", key: "s", title: "Save"),
      Choice(id: "back", key: "b", title: "Back"),
    ],
    cancelChoice: "back")

  public static let settingsChanged = FormPrompt(
    id: "settingsChanged", message: "Another program saved the settings while this form was open.",
    choices: [
      Choice(id: "merge", key: "m", title: "Merge"),
      Choice(id: "mine", key: "k", title: "Keep mine"),
      Choice(id: "saved", key: "s", title: "Use saved"),
      Choice(id: "back", key: "b", title: "Back"),
    ],
    cancelChoice: "back")
}
