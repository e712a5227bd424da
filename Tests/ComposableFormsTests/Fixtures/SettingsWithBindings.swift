import ComposableForms

/// The same settings feature with one `binding` case instead of one action per field.
struct SettingsWithBindings: Reducer {
  struct State: Equatable {
    @BindingState var digest = SettingsLongWay.Digest.daily
    @BindingState var displayName = ""
    @BindingState var enableNotifications = false
    var isLoading = false
    @BindingState var protectMyPosts = false
    @BindingState var sendEmailNotifications = false
    @BindingState var sendMobileNotifications = false
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}
