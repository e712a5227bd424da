import SettingsFeatures
import SettingsStorage
import Testing

@Suite("Default storage paths")
struct StoragePathsTests {
  @Test func xdgFoldersWinWhenAbsolute() throws {
    let environment = ["HOME": "/home/blob", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/data/"]
    #expect(try StoragePaths.settingsFile(environment: environment) == "/cfg/settings-tui/settings.json")
    #expect(
      try StoragePaths.clientsDatabase(environment: environment) == "/data/settings-tui/clients.sqlite")
  }

  @Test(arguments: [nil, "", "relative/config"])
  func homeDefaultsWhenXDGIsUnsetEmptyOrRelative(xdg: String?) throws {
    var environment = ["HOME": "/home/blob"]
    environment["XDG_CONFIG_HOME"] = xdg
    environment["XDG_DATA_HOME"] = xdg
    #expect(
      try StoragePaths.settingsFile(environment: environment)
        == "/home/blob/.config/settings-tui/settings.json")
    #expect(
      try StoragePaths.clientsDatabase(environment: environment)
        == "/home/blob/.local/share/settings-tui/clients.sqlite")
  }

  @Test func rootFoldersDoNotDoubleSlashes() throws {
    #expect(try StoragePaths.settingsFile(environment: ["HOME": "/"]) == "/.config/settings-tui/settings.json")
    #expect(
      try StoragePaths.clientsDatabase(environment: ["XDG_DATA_HOME": "/"]) == "/settings-tui/clients.sqlite")
  }

  @Test func xdgAloneIsEnoughWithoutHome() throws {
    #expect(
      try StoragePaths.settingsFile(environment: ["XDG_CONFIG_HOME": "/cfg"])
        == "/cfg/settings-tui/settings.json")
  }

  @Test(arguments: [[:], ["HOME": ""], ["HOME": "relative", "XDG_CONFIG_HOME": "x"]])
  func noHomeIsAnErrorSayingWhatToDo(environment: [String: String]) {
    #expect {
      try StoragePaths.settingsFile(environment: environment)
    } throws: { error in
      let message = (error as? StorageError)?.message ?? ""
      return message.contains("Set HOME") && message.contains("--config PATH")
    }
    #expect {
      try StoragePaths.clientsDatabase(environment: environment)
    } throws: { error in
      let message = (error as? StorageError)?.message ?? ""
      return message.contains("Set HOME") && message.contains("--database PATH")
    }
  }
}
