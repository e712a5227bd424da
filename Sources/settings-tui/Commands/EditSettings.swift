import ArgumentParser
import ComposableForms
import Foundation
import SettingsFeatures
import SettingsStorage
import Synchronization

/// `settings-tui [settings]`: edit the saved settings.
struct EditSettings: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "settings",
    abstract: "Edit your settings (the default command).",
    discussion: """
      Fields for --set: digest (daily, weekly, off), displayName, enableNotifications, \
      sendEmailNotifications, sendMobileNotifications, protectMyPosts (true/false).
      """
  )

  @OptionGroup var options: FormOptions
  @OptionGroup var config: ConfigOption

  @MainActor
  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    let path = try config.path(environment: environment)
    let keptFromElsewhere = Mutex<[String]>([])
    let storage = SettingsStorageClient.live(fileAt: path) { fields in
      keptFromElsewhere.withLock { $0 = fields }
    }
    let saved: UserSettings?
    do {
      saved = try await storage.load()
    } catch {
      throw fail("\(error)")
    }
    let actions = try FormSession.actions(for: options, Self.action(for:))
    let original = saved ?? UserSettings()
    // NB: A form cut off earlier (kill -9, a lost link) left a draft: offer to take it up.
    let draftName = DraftKeeper<SettingsForm.State, UserSettings>.name(
      "settings", writingTo: path, usual: try? StoragePaths.settingsFile(environment: environment))
    let (initial, draft, waiting) = DraftKeeper<SettingsForm.State, UserSettings>.offer(
      form: draftName,
      // NB: A draft of another file than the usual one says which.
      question: "restore the settings you were editing" + (draftName == "settings" ? "" : " for \(path)"),
      original: original,
      options: options, environment: environment, merge: UserSettings.merging(ours:base:theirs:),
      extract: \.settings)
    defer {
      DraftKeeper<SettingsForm.State, UserSettings>.sayWaiting(
        at: waiting, resumedBy: draftName == "settings" ? [] : ["--config", path])
    }
    var state = SettingsForm.State(settings: initial)
    // NB: A restored draft is saved nowhere else: its values differ from what is saved, so
    //     Esc asks before it is thrown away.
    state.original = original
    // NB: With --no-input nobody can be asked: the --set fields go onto the latest file.
    state.saveMode = options.noInput ? .merge : .askIfChanged
    let store = Store(initialState: state) {
      SettingsForm()
    } withDependencies: {
      $0.settingsStorage = storage
      $0.notificationPermission = .live(environment: environment)
    }
    try await FormSession.run(
      store, layout: SettingsForm.layout, draft: draft, options: options, environment: environment,
      setting: actions,
      otherErrors: { state in
        state.notificationsDenial.map { ["enableNotifications: \($0)"] } ?? []
      },
      // NB: A save merges in what another program saved meanwhile: what is saved now.
      output: { state in ((try? await storage.load()) ?? nil) ?? state.settings },
      confirmation: { _ in
        let kept = keptFromElsewhere.withLock { $0 }
        // NB: Another program saved the file while this form was open: its changes stay.
        return kept.isEmpty
          ? "Settings saved to \(path)"
          : "Settings saved to \(path), keeping what was saved meanwhile for \(kept.joined(separator: ", "))"
      })
  }

  /// The binding action a `--set` stands for.
  static func action(for assignment: FieldAssignment) throws(ExitStatus) -> SettingsForm.Action {
    switch assignment.normalizedField {
    case "digest":
      let names = Digest.allCases.map(\.rawValue)
      guard let digest = Digest(rawValue: try assignment.option(of: names)) else {
        throw fail("--set \(assignment.shown): expected \(FieldAssignment.choices(names))")
      }
      return .set(\.$digest, digest)
    case "displayname":
      return .set(\.$displayName, assignment.value)
    case "enablenotifications":
      return .set(\.$enableNotifications, try assignment.bool())
    case "sendemailnotifications":
      return .set(\.$sendEmailNotifications, try assignment.bool())
    case "sendmobilenotifications":
      return .set(\.$sendMobileNotifications, try assignment.bool())
    case "protectmyposts":
      return .set(\.$protectMyPosts, try assignment.bool())
    default:
      throw fail(
        "--set \(assignment.shownField): no such settings field. Fields: "
          + SettingsForm.Field.allCases.map { "\($0)" }.joined(separator: ", "))
    }
  }
}
