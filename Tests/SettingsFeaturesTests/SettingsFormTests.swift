import Clocks
import ComposableForms
import ComposableFormsTesting
import SettingsFeatures
import TerminalUI
import Testing

@Suite(.mainSerialExecutor)
@MainActor
struct SettingsFormTests {
  @Test func disabledTogglesAreSkippedByFocus() async {
    let store = TestStore(initialState: SettingsForm.State()) { SettingsForm() }
    await store.send(.form(.focus(.field(.enableNotifications)))) {
      $0.form.focus = .field(.enableNotifications)
      $0.form.validated = [.digest]
    }
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.protectMyPosts)
      $0.form.validated = [.digest, .enableNotifications]
    }
    await store.send(.form(.focusPrevious)) {
      $0.form.focus = .field(.enableNotifications)
      $0.form.validated = [.digest, .enableNotifications, .protectMyPosts]
    }
    // A disabled field cannot be focused directly either.
    await store.send(.form(.focus(.field(.sendEmailNotifications))))
  }

  @Test func permissionGrantedEnablesTheChannelToggles() async {
    let store = TestStore(initialState: SettingsForm.State()) { SettingsForm() } withDependencies: {
      $0.notificationPermission.request = { .granted }
    }
    await store.send(.set(\.$enableNotifications, true)) {
      $0.form.hasEdits = true
      $0.enableNotifications = true
      $0.isLoading = true
    }
    await store.receive(.permissionResponse(.granted)) { $0.isLoading = false }
    await store.send(.form(.focus(.field(.enableNotifications)))) {
      $0.form.focus = .field(.enableNotifications)
      $0.form.validated = [.digest]
    }
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.sendEmailNotifications)
      $0.form.validated = [.digest, .enableNotifications]
    }
  }

  @Test func permissionDeniedRevertsTheToggleAndSaysWhy() async {
    let store = TestStore(initialState: SettingsForm.State()) { SettingsForm() } withDependencies: {
      $0.notificationPermission.request = { .denied(reason: "No desktop session") }
    }
    await store.send(.set(\.$enableNotifications, true)) {
      $0.form.hasEdits = true
      $0.enableNotifications = true
      $0.isLoading = true
    }
    await store.receive(.permissionResponse(.denied(reason: "No desktop session"))) {
      $0.isLoading = false
      $0.enableNotifications = false
      $0.notificationsDenial = "No desktop session"
    }
  }

  @Test func turningNotificationsOffWhileAskingCancelsTheRequest() async {
    let clock = TestClock()
    let store = TestStore(initialState: SettingsForm.State()) { SettingsForm() } withDependencies: {
      $0.notificationPermission.request = {
        try? await clock.sleep(for: .seconds(5))
        return .granted
      }
    }
    await store.send(.set(\.$enableNotifications, true)) {
      $0.form.hasEdits = true
      $0.enableNotifications = true
      $0.isLoading = true
    }
    await store.send(.set(\.$enableNotifications, false)) {
      $0.enableNotifications = false
      $0.isLoading = false
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  /// Space, Tab, Space typed at once on Notifications: the channel toggles wait for the
  /// permission, so the second Space cannot tick one that a refusal would then leave ticked
  /// and disabled, out of the person's reach.
  @Test func keysTypedAheadWhileAskingCannotTickAChannel() async {
    let clock = TestClock()
    var state = SettingsForm.State()
    state.form.focus = .field(.enableNotifications)
    let store = TestStore(initialState: state) { SettingsForm() } withDependencies: {
      $0.notificationPermission.request = {
        try? await clock.sleep(for: .milliseconds(50))
        return .denied(reason: "No desktop session")
      }
    }
    await store.send(.set(\.$enableNotifications, true)) {
      $0.form.hasEdits = true
      $0.enableNotifications = true
      $0.isLoading = true
    }
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.protectMyPosts)
      $0.form.validated = [.enableNotifications]
    }
    await store.send(.set(\.$protectMyPosts, true)) { $0.protectMyPosts = true }
    await clock.advance(by: .milliseconds(50))
    await store.receive(.permissionResponse(.denied(reason: "No desktop session"))) {
      $0.isLoading = false
      $0.enableNotifications = false
      $0.notificationsDenial = "No desktop session"
    }
    #expect(!store.state.sendEmailNotifications)
  }

  @Test func focusLeavingAChannelToggleThatGetsDisabledMovesOn() async {
    var state = SettingsForm.State(settings: UserSettings(enableNotifications: true))
    state.form.focus = .field(.sendMobileNotifications)
    let store = TestStore(initialState: state) { SettingsForm() }
    await store.send(.set(\.$enableNotifications, false)) {
      $0.form.hasEdits = true
      $0.enableNotifications = false
      $0.form.focus = .field(.protectMyPosts)
    }
  }

  @Test func displayNameIsRequiredAndAtMost32Characters() async {
    let store = TestStore(initialState: SettingsForm.State()) { SettingsForm() }
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.displayName)
      $0.form.validated = [.digest]
    }
    await store.send(.form(.focusNext)) {
      $0.form.focus = .field(.enableNotifications)
      $0.form.validated = [.digest, .displayName]
      $0.form.errors[.displayName] = "Please enter a display name"
    }
    await store.send(.form(.focusPrevious)) {
      $0.form.focus = .field(.displayName)
      $0.form.validated = [.digest, .displayName, .enableNotifications]
    }
    let long = String(repeating: "x", count: 33)
    await store.send(.set(\.$displayName, long)) {
      $0.form.hasEdits = true
      $0.displayName = long
      $0.form.errors[.displayName] = "At most 32 characters"
    }
    await store.send(.set(\.$displayName, String(long.dropLast()))) {
      $0.displayName = String(long.dropLast())
      $0.form.errors[.displayName] = nil
    }
  }

  @Test func submitSavesExactlyTheFormsValues() async {
    let saved = LockIsolated<UserSettings?>(nil)
    var state = SettingsForm.State(settings: UserSettings(displayName: "Blob"))
    state.form.focus = .submit
    let store = TestStore(initialState: state) { SettingsForm() } withDependencies: {
      $0.settingsStorage.save = { settings, _ in saved.setValue(settings) }
    }
    await store.send(.set(\.$digest, .weekly)) {
      $0.digest = .weekly
      $0.form.hasEdits = true
    }
    await store.send(.set(\.$protectMyPosts, true)) { $0.protectMyPosts = true }
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.digest, .displayName, .enableNotifications, .protectMyPosts]
      $0.form.submission = .saving
    }
    await store.receive(.form(.submitFinished(error: nil))) {
      $0.form.submission = nil
      $0.form.outcome = .submitted
    }
    #expect(
      saved.value == UserSettings(digest: .weekly, displayName: "Blob", protectMyPosts: true))
  }

  /// The display name is saved without the spaces around it, as a client's name is; a file
  /// that holds it with them opens with nothing to discard.
  @Test func theDisplayNameIsSavedTrimmed() async {
    let saved = LockIsolated<UserSettings?>(nil)
    var state = SettingsForm.State(settings: UserSettings(displayName: " Blob "))
    #expect(state.hasChangedValues == false)
    state.form.focus = .submit
    let store = TestStore(initialState: state) { SettingsForm() } withDependencies: {
      $0.settingsStorage.save = { settings, _ in saved.setValue(settings) }
    }
    await store.send(.set(\.$displayName, "  Sp  ")) {
      $0.displayName = "  Sp  "
      $0.form.hasEdits = true
    }
    #expect(store.state.hasChangedValues == true)
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.digest, .displayName, .enableNotifications, .protectMyPosts]
      $0.form.submission = .saving
    }
    await store.receive(.form(.submitFinished(error: nil))) {
      $0.form.submission = nil
      $0.form.outcome = .submitted
    }
    #expect(saved.value?.displayName == "Sp")
  }

  /// A display name of invisible characters only (a zero-width space) is no name.
  @Test func aDisplayNameOfInvisibleCharactersIsRequired() {
    var state = SettingsForm.State(settings: UserSettings(displayName: "\u{200B}\u{200B}"))
    #expect(SettingsForm.State.rules.syncError(for: .displayName, in: state) == "Please enter a display name")
    state.displayName = "\u{200B}Blob"
    #expect(SettingsForm.State.rules.syncError(for: .displayName, in: state) == nil)
  }

  @Test func focusWrapsAroundThroughTheButtons() async {
    var state = SettingsForm.State()
    state.form.focus = .field(.protectMyPosts)
    let store = TestStore(initialState: state) { SettingsForm() }
    await store.send(.form(.focusNext)) {
      $0.form.focus = .submit
      $0.form.validated = [.protectMyPosts]
    }
    await store.send(.form(.focusNext)) { $0.form.focus = .cancel }
    await store.send(.form(.focusNext)) { $0.form.focus = .field(.digest) }
    await store.send(.form(.focusPrevious)) {
      $0.form.focus = .cancel
      $0.form.validated = [.protectMyPosts, .digest]
    }
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct AppFeatureTests {
  @Test func eachFormRunsInItsOwnScope() async {
    let store = TestStore(initialState: AppFeature.State()) { AppFeature() }
    await store.send(.client(.set(\.$name, "Blob"))) {
      $0.client.name = "Blob"
      $0.client.form.hasEdits = true
    }
    await store.send(.settings(.set(\.$displayName, "Blob"))) {
      $0.settings.displayName = "Blob"
      $0.settings.form.hasEdits = true
    }
    await store.send(.client(.form(.cancelTapped))) { $0.client.form.prompt = .discardChanges }
    await store.send(.client(.form(.promptAnswered(prompt: "discardChanges", choice: "discard")))) {
      $0.client.form.prompt = nil
      $0.client.form.outcome = .cancelled
    }
    #expect(store.state.outcome == nil)
  }
}

/// The settings form asked line by line: what is said once is not said again.
@Suite(.mainSerialExecutor)
@MainActor
struct SettingsLineModeTests {
  /// Notifications refused (no desktop service): said once, asked again; Enter keeps Off and
  /// goes on without saying it again.
  @Test func aRefusalIsSaidOnceAndEnterKeepsTheValue() async {
    let store = Store(initialState: SettingsForm.State(settings: UserSettings(displayName: "Blob"))) {
      SettingsForm()
    } withDependencies: {
      $0.notificationPermission.request = { .denied(reason: "No desktop session") }
      $0.settingsStorage = SettingsStorageClient(load: { nil }, save: { _, _ in })
    }
    let channel = ScriptedLineChannel(["", "", "y", "", ""])
    let outcome = await SettingsForm.layout.runLines(store, channel: channel)
    #expect(outcome == .submitted, "\(channel.transcript)")
    #expect(channel.transcript.components(separatedBy: "Error: No desktop session").count - 1 == 1, "\(channel.transcript)")
  }

  /// A save fails; No to trying again, No to discarding: the fields are asked again, and the
  /// form then saves again, instead of repeating the old failure.
  @Test func aFailedSaveIsTriedAgainAfterTheFieldsAreAskedAgain() async {
    let saves = LockIsolated(0)
    let store = Store(initialState: SettingsForm.State(settings: UserSettings(displayName: "Blob"))) {
      SettingsForm()
    } withDependencies: {
      $0.settingsStorage = SettingsStorageClient(
        load: { nil },
        save: { _, _ in
          let count = saves.withValue { $0 += 1; return $0 }
          if count == 1 { throw StorageError("Cannot save settings: the disk is full") }
        })
    }
    let channel = ScriptedLineChannel(["", "Ada", "", "", "n", "n", "", "", "", ""])
    let outcome = await SettingsForm.layout.runLines(store, channel: channel)
    #expect(outcome == .submitted, "\(channel.transcript)")
    #expect(saves.value == 2)
    #expect(channel.transcript.components(separatedBy: "the disk is full").count - 1 == 1, "\(channel.transcript)")
  }
}
