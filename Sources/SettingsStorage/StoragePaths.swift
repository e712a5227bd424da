import Foundation
import SettingsFeatures

/// Where settings-tui keeps its data by default, following the XDG Base Directory rules.
///
/// Settings live in `$XDG_CONFIG_HOME/settings-tui/settings.json` and clients in
/// `$XDG_DATA_HOME/settings-tui/clients.sqlite`. A variable that is unset, empty or not an
/// absolute path is ignored (as the XDG specification asks), and the defaults `~/.config` and
/// `~/.local/share` are used instead. The environment is a parameter, so tests control it.
///
/// ```swift
/// let settingsPath = try StoragePaths.settingsFile()
/// // "/home/blob/.config/settings-tui/settings.json"
/// let databasePath = try StoragePaths.clientsDatabase(environment: ["HOME": "/home/blob"])
/// // "/home/blob/.local/share/settings-tui/clients.sqlite"
/// ```
public enum StoragePaths {
  /// The folder name under the XDG base folders.
  public static let applicationFolder = "settings-tui"

  /// The default settings file. Throws ``StorageError`` when neither `XDG_CONFIG_HOME` nor `HOME`
  /// gives a folder.
  public static func settingsFile(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(StorageError) -> String {
    let base = try baseFolder(
      variable: "XDG_CONFIG_HOME", homeRelative: ".config", option: "--config", environment: environment
    )
    return "\(base)/\(applicationFolder)/settings.json"
  }

  /// The default clients database. Throws ``StorageError`` when neither `XDG_DATA_HOME` nor
  /// `HOME` gives a folder.
  public static func clientsDatabase(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(StorageError) -> String {
    let base = try baseFolder(
      variable: "XDG_DATA_HOME", homeRelative: ".local/share", option: "--database",
      environment: environment
    )
    return "\(base)/\(applicationFolder)/clients.sqlite"
  }

  /// Where the draft of a form in progress is kept (`$XDG_STATE_HOME/settings-tui/drafts/`,
  /// default `~/.local/state/settings-tui/drafts/`); `nil` when no folder can be told.
  public static func draftFile(
    named name: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    let base = try? baseFolder(
      variable: "XDG_STATE_HOME", homeRelative: ".local/state", option: "", environment: environment)
    return base.map { "\($0)/\(applicationFolder)/drafts/\(name).json" }
  }

  private static func baseFolder(
    variable: String, homeRelative: String, option: String, environment: [String: String]
  ) throws(StorageError) -> String {
    if let folder = absolutePath(environment[variable]) {
      return folder
    }
    guard let home = absolutePath(environment["HOME"]) else {
      throw StorageError(
        "Cannot tell where to keep settings-tui's data: neither HOME nor \(variable) is set "
          + "to an absolute folder. Set HOME, or pass \(option) PATH."
      )
    }
    return "\(home)/\(homeRelative)"
  }

  /// `value` without trailing slashes when it is an absolute path, else `nil`.
  ///
  /// NB: The root folder becomes "", so appending "/name" never doubles a slash.
  private static func absolutePath(_ value: String?) -> String? {
    guard let value, value.hasPrefix("/") else { return nil }
    var trimmed = Substring(value)
    while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return String(trimmed)
  }
}
