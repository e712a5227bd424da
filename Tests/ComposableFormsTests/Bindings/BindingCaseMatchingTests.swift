import ComposableForms
import ComposableFormsTesting
import Testing

@Suite(.mainSerialExecutor)
@MainActor
struct BindingCaseMatchingTests {
  @Test func matchingTheNameFieldValidatesIt() async {
    let store = TestStore(initialState: ValidatedSettings.State()) { ValidatedSettings() }
    await store.send(.set(\.$displayName, "Blob")) {
      $0.displayName = "Blob"
    }
    await store.send(.set(\.$displayName, "")) {
      $0.displayName = ""
      $0.nameError = "Display name is required"
    }
    await store.send(.set(\.$displayName, String(repeating: "x", count: 33))) {
      $0.displayName = String(repeating: "x", count: 33)
      $0.nameError = "At most 32 characters"
    }
  }

  @Test func enablingNotificationsRequestsPermissionWhileLoading() async {
    let store = TestStore(initialState: ValidatedSettings.State()) {
      ValidatedSettings()
    } withDependencies: {
      $0.permission.request = { true }
    }
    await store.send(.set(\.$enableNotifications, true)) {
      $0.enableNotifications = true
      $0.isLoading = true
    }
    await store.receive(.permissionResponse(true)) {
      $0.isLoading = false
    }
  }

  @Test func deniedPermissionTurnsTheToggleBackOffAndSaysWhy() async {
    let store = TestStore(initialState: ValidatedSettings.State()) {
      ValidatedSettings()
    } withDependencies: {
      $0.permission.request = { false }
    }
    await store.send(.set(\.$enableNotifications, true)) {
      $0.enableNotifications = true
      $0.isLoading = true
    }
    await store.receive(\.permissionResponse, false) {
      $0.isLoading = false
      $0.enableNotifications = false
      $0.notificationsError = "Notifications are not allowed"
    }
  }

  @Test func otherFieldsDoNotMatchTheNameCase() {
    let action = BindingAction<ValidatedSettings.State>.set(\.$enableNotifications, true)
    var matched = false
    switch ValidatedSettings.Action.binding(action) {
    case .binding(\.$displayName): matched = true
    default: break
    }
    #expect(!matched)
  }
}
