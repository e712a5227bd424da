import ComposableForms
import ComposableFormsTesting
import SettingsFeatures
import TerminalUI
import Testing

/// The settings file changed while the form was open: the form says so and offers to merge,
/// keep this form's values, use the saved ones, or go back.
@Suite(.mainSerialExecutor)
@MainActor
struct SettingsConflictTests {
  /// A storage whose file another program changed (digest) after the form loaded it, or
  /// removed.
  final class ChangedFile: Sendable {
    let saves = LockIsolated<[(UserSettings, SettingsStorageClient.SaveMode)]>([])
    let onDisk = LockIsolated(UserSettings(digest: .weekly, displayName: "Blob"))
    let isRemoved: Bool
    /// Whether another program saves again while the question is open: the first Keep mine
    /// is refused (as the live storage refuses it), naming both changes.
    let changesAgain: Bool

    init(isRemoved: Bool = false, changesAgain: Bool = false) {
      self.isRemoved = isRemoved
      self.changesAgain = changesAgain
    }

    var client: SettingsStorageClient {
      SettingsStorageClient(
        load: { [onDisk] in onDisk.value },
        save: { [saves, isRemoved, changesAgain] settings, mode in
          let overwrites = saves.withValue { saves in
            saves.append((settings, mode))
            return saves.filter { $0.1 == .overwrite }.count
          }
          if changesAgain, mode == .overwrite, overwrites == 1 {
            throw SettingsStorageClient.FileChanged(fields: ["digest", "protectMyPosts"])
          }
          guard mode == .askIfChanged else { return }
          throw SettingsStorageClient.FileChanged(fields: isRemoved ? [] : ["digest"], isRemoved: isRemoved)
        })
    }
  }

  func makeStore(_ file: ChangedFile) -> TestStore<SettingsForm.State, SettingsForm.Action> {
    var state = SettingsForm.State(settings: UserSettings(displayName: "Blob"))
    state.form.focus = .submit
    return TestStore(initialState: state) { SettingsForm() } withDependencies: {
      $0.settingsStorage = file.client
    }
  }

  static let asked = FormPrompt.settingsChanged(fields: ["digest"])

  func submitAndGetAsked(
    _ store: TestStore<SettingsForm.State, SettingsForm.Action>, asked: FormPrompt = Self.asked
  ) async {
    await store.send(.set(\.$protectMyPosts, true)) {
      $0.protectMyPosts = true
      $0.form.hasEdits = true
    }
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.digest, .displayName, .enableNotifications, .protectMyPosts]
      $0.form.submission = .saving
    }
    await store.receive(.form(.submitAsked(asked))) {
      $0.form.submission = nil
      $0.form.prompt = asked
    }
  }

  /// Keep mine (Save, for a removed file): the form's values, whole, and the form ends.
  func keepMine(_ store: TestStore<SettingsForm.State, SettingsForm.Action>) async {
    await store.send(answer("mine")) {
      $0.form.prompt = nil
      $0.saveMode = .overwrite
    }
    await store.receive(.form(.submitTapped)) { $0.form.submission = .saving }
    await store.receive(.form(.submitFinished(error: nil))) {
      $0.form.submission = nil
      $0.form.outcome = .submitted
      $0.saveMode = .askIfChanged
    }
  }

  func answer(_ choice: String) -> SettingsForm.Action {
    .form(.promptAnswered(prompt: "settingsChanged", choice: choice))
  }

  @Test func theQuestionNamesWhatChangedAndOffersFourAnswers() {
    #expect(Self.asked.message.contains("It changed: Digest."))
    #expect(Self.asked.choices.map(\.title) == ["Merge", "Keep mine", "Use saved", "Back"])
    #expect(Self.asked.cancelChoice == "back")
  }

  @Test func mergeSavesAgainKeepingTheOtherProgramsChanges() async {
    let file = ChangedFile()
    let store = makeStore(file)
    await submitAndGetAsked(store)
    await store.send(answer("merge")) {
      $0.form.prompt = nil
      $0.saveMode = .merge
    }
    await store.receive(.form(.submitTapped)) { $0.form.submission = .saving }
    await store.receive(.form(.submitFinished(error: nil))) {
      $0.form.submission = nil
      $0.form.outcome = .submitted
      $0.saveMode = .askIfChanged
    }
    #expect(file.saves.value.map(\.1) == [.askIfChanged, .merge])
  }

  @Test func keepMineOverwritesWithThisFormsValues() async {
    let file = ChangedFile()
    let store = makeStore(file)
    await submitAndGetAsked(store)
    await keepMine(store)
    #expect(file.saves.value.last?.0 == UserSettings(displayName: "Blob", protectMyPosts: true))
    #expect(file.saves.value.last?.1 == .overwrite)
  }

  @Test func useSavedShowsTheSavedSettingsAndTheFormStaysOpenUnchanged() async {
    let file = ChangedFile()
    let store = makeStore(file)
    await submitAndGetAsked(store)
    await store.send(answer("saved")) { $0.form.prompt = nil }
    await store.receive(.savedSettingsLoaded(UserSettings(digest: .weekly, displayName: "Blob"))) {
      $0.digest = .weekly
      $0.protectMyPosts = false
      $0.original = UserSettings(digest: .weekly, displayName: "Blob")
      $0.form.hasEdits = false
    }
    // Nothing to discard now: Esc leaves at once.
    await store.send(.form(.cancelTapped)) { $0.form.outcome = .cancelled }
    #expect(file.saves.value.count == 1)
  }

  /// Another program removed the file: the question says so and offers to save this form's
  /// values again, or to go back, not a merge with values nobody saved.
  @Test func aRemovedFileIsSaidSoAndSaveWritesThisFormsValues() async {
    let file = ChangedFile(isRemoved: true)
    let store = makeStore(file)
    await submitAndGetAsked(store, asked: .settingsRemoved)
    #expect(FormPrompt.settingsRemoved.message.hasPrefix("Another program removed the settings file"))
    #expect(FormPrompt.settingsRemoved.choices.map(\.title) == ["Save", "Back"])
    await keepMine(store)
    #expect(file.saves.value.map(\.1) == [.askIfChanged, .overwrite])
    #expect(file.saves.value.last?.0 == UserSettings(displayName: "Blob", protectMyPosts: true))
  }

  /// Use saved, with the file malformed by now: the form says why, as a failed save does (it
  /// was sent as a save's answer, which nothing takes without a save).
  @Test func useSavedThatCannotReadTheFileSaysWhy() async {
    let file = ChangedFile()
    let store = makeStore(file)
    await submitAndGetAsked(store)
    store.dependencies.settingsStorage.load = { throw StorageError("Cannot load settings: not valid JSON") }
    await store.send(answer("saved")) { $0.form.prompt = nil }
    await store.receive(.savedSettingsFailed("Cannot load settings: not valid JSON")) {
      $0.form.submitError = "Cannot load settings: not valid JSON"
    }
  }

  @Test func backReturnsToTheFormWithNothingSaved() async {
    let file = ChangedFile()
    let store = makeStore(file)
    await submitAndGetAsked(store)
    await store.send(answer("back")) { $0.form.prompt = nil }
    #expect(store.state.form.outcome == nil)
    #expect(store.state.protectMyPosts)
    #expect(file.saves.value.count == 1)
  }

  /// Keep mine refused because the file changed again while the question was open asks
  /// again, naming every change; Back then makes the next Save ask, not keep mine unasked.
  @Test func keepMineAsksAgainAfterAnotherSaveAndBackMakesTheNextSaveAsk() async {
    let file = ChangedFile(changesAgain: true)
    let store = makeStore(file)
    await submitAndGetAsked(store)
    let again = FormPrompt.settingsChanged(fields: ["digest", "protectMyPosts"])
    #expect(again.message.contains("It changed: Digest, Protect my posts."), "\(again.message)")
    await store.send(answer("mine")) {
      $0.form.prompt = nil
      $0.saveMode = .overwrite
    }
    await store.receive(.form(.submitTapped)) { $0.form.submission = .saving }
    await store.receive(.form(.submitAsked(again))) {
      $0.form.submission = nil
      $0.form.prompt = again
      $0.saveMode = .askIfChanged
    }
    await store.send(answer("back")) {
      $0.form.prompt = nil
    }
    await store.send(.form(.submitTapped)) { $0.form.submission = .saving }
    await store.receive(.form(.submitAsked(Self.asked))) {
      $0.form.submission = nil
      $0.form.prompt = Self.asked
    }
    #expect(file.saves.value.map(\.1) == [.askIfChanged, .overwrite, .askIfChanged])
  }

  /// Keep mine, then a save that fails for another reason (a full disk): the next Save asks
  /// about what changed by then instead of overwriting it unasked.
  @Test func keepMineAnswersOneSaveOnly() async {
    let file = ChangedFile()
    let store = makeStore(file)
    await submitAndGetAsked(store)
    store.dependencies.settingsStorage.save = { [saves = file.saves] settings, mode in
      saves.withValue { $0.append((settings, mode)) }
      if mode == .overwrite { throw StorageError("Cannot save settings: no space left on device") }
      throw SettingsStorageClient.FileChanged(fields: ["digest"])
    }
    await store.send(answer("mine")) {
      $0.form.prompt = nil
      $0.saveMode = .overwrite
    }
    await store.receive(.form(.submitTapped)) { $0.form.submission = .saving }
    await store.receive(.form(.submitFinished(error: "Cannot save settings: no space left on device"))) {
      $0.form.submission = nil
      $0.form.submitError = "Cannot save settings: no space left on device"
      $0.saveMode = .askIfChanged
    }
    await store.send(.form(.submitTapped)) {
      $0.form.submission = .saving
      $0.form.submitError = nil
    }
    await store.receive(.form(.submitAsked(Self.asked))) {
      $0.form.submission = nil
      $0.form.prompt = Self.asked
    }
    #expect(file.saves.value.map(\.1) == [.askIfChanged, .overwrite, .askIfChanged])
  }

  /// In line mode (`--accessible`), Back and Use saved go back to the fields, each with its
  /// value to keep, instead of submitting again at once.
  @Test func inLineModeBackAndUseSavedAskTheFieldsAgain() async {
    let file = ChangedFile()
    let store = Store(initialState: SettingsForm.State(settings: UserSettings(displayName: "Blob"))) {
      SettingsForm()
    } withDependencies: {
      $0.settingsStorage = file.client
    }
    // Digest, display name, notifications, protect my posts; then the question, and again.
    let channel = ScriptedLineChannel(["", "", "", "y", "b", "", "", "", "", "s", "", "", "", "", "m"])
    let outcome = await SettingsForm.layout.runLines(store, channel: channel)
    #expect(outcome == .submitted, "\(channel.transcript)")
    let transcript = channel.transcript
    // NB: Each time Digest is asked, its name comes first, then its options, then the prompt.
    #expect(transcript.components(separatedBy: "\nDigest:\n").count - 1 == 3, "asked three times:\n\(transcript)")
    #expect(transcript.contains("[Weekly]"), "the saved digest is offered to keep:\n\(transcript)")
    let again = "The form is still open: its questions again, each with its value now (Enter keeps it)."
    #expect(transcript.components(separatedBy: again).count - 1 == 2, "said after Back and Use saved:\n\(transcript)")
    #expect(file.saves.value.map(\.1) == [.askIfChanged, .askIfChanged, .askIfChanged, .merge])
    #expect(file.saves.value.last?.0.digest == .weekly)
  }
}
