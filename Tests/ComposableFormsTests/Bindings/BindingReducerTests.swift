import ComposableForms
import ComposableFormsTesting
import Testing

@Suite(.mainSerialExecutor)
@MainActor
struct BindingReducerTests {
  @Test func settingANameChangesOnlyTheName() async {
    let store = TestStore(initialState: SettingsWithBindings.State()) { SettingsWithBindings() }
    await store.send(.binding(.set(\.$displayName, "Blob"))) {
      $0.displayName = "Blob"
    }
    await store.send(.set(\.$protectMyPosts, true)) {
      $0.protectMyPosts = true
    }
  }

  @Test func bindingsBehaveExactlyLikeOneActionPerField() {
    let longWay = SettingsLongWay()
    let bindings = SettingsWithBindings()
    var long = SettingsLongWay.State()
    var short = SettingsWithBindings.State()
    let steps: [(SettingsLongWay.Action, SettingsWithBindings.Action)] = [
      (.displayNameChanged("Blob"), .set(\.$displayName, "Blob")),
      (.digestChanged(.weekly), .set(\.$digest, .weekly)),
      (.enableNotificationsChanged(true), .set(\.$enableNotifications, true)),
      (.sendEmailNotificationsChanged(true), .set(\.$sendEmailNotifications, true)),
      (.sendMobileNotificationsChanged(true), .set(\.$sendMobileNotifications, true)),
      (.protectMyPostsChanged(true), .set(\.$protectMyPosts, true)),
      (.displayNameChanged(""), .set(\.$displayName, "")),
      (.digestChanged(.off), .set(\.$digest, .off)),
    ]
    for (longAction, bindingAction) in steps {
      _ = longWay.reduce(into: &long, action: longAction)
      _ = bindings.reduce(into: &short, action: bindingAction)
      #expect(long.digest == short.digest)
      #expect(long.displayName == short.displayName)
      #expect(long.enableNotifications == short.enableNotifications)
      #expect(long.isLoading == short.isLoading)
      #expect(long.protectMyPosts == short.protectMyPosts)
      #expect(long.sendEmailNotifications == short.sendEmailNotifications)
      #expect(long.sendMobileNotifications == short.sendMobileNotifications)
    }
  }

  @Test func nonBindingActionsPassThroughUntouched() {
    var state = ValidatedSettings.State()
    _ = BindingReducer<ValidatedSettings.State, ValidatedSettings.Action>()
      .reduce(into: &state, action: .permissionResponse(true))
    #expect(state == ValidatedSettings.State())
  }
}
