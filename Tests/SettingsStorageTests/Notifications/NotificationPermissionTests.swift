import Foundation
import SettingsFeatures
import Testing

@testable import SettingsStorage

@Suite("Notification permission")
struct NotificationPermissionTests {
  let session = "unix:path=/run/user/1000/bus"

  @Test func grantedWithASenderAndASession() async throws {
    try await withTemporaryFolder { folder in
      try installSender(in: folder, mode: 0o755)
      let permission = NotificationPermissionClient.live(
        environment: ["PATH": "/nonexistent:\(folder.path("bin"))", "DBUS_SESSION_BUS_ADDRESS": session])
      #expect(await permission.request() == .granted)
    }
  }

  @Test(arguments: [nil, ""])
  func deniedWithoutASession(bus: String?) async throws {
    try await withTemporaryFolder { folder in
      try installSender(in: folder, mode: 0o755)
      var environment = ["PATH": folder.path("bin")]
      environment["DBUS_SESSION_BUS_ADDRESS"] = bus
      #expect(
        await NotificationPermissionClient.live(environment: environment).request()
          == .denied(reason: "No desktop session to deliver notifications to"))
    }
  }

  @Test func deniedWithoutASender() async throws {
    try await withTemporaryFolder { folder in
      try FileManager.default.createDirectory(atPath: folder.path("bin"), withIntermediateDirectories: true)
      let permission = NotificationPermissionClient.live(
        environment: ["PATH": folder.path("bin"), "DBUS_SESSION_BUS_ADDRESS": session])
      #expect(
        await permission.request()
          == .denied(reason: "No desktop notification service (notify-send) is installed"))
    }
  }

  @Test func aSenderThatIsNotExecutableDoesNotCount() async throws {
    try await withTemporaryFolder { folder in
      try installSender(in: folder, mode: 0o644)
      try FileManager.default.createDirectory(
        atPath: folder.path("dir/notify-send"), withIntermediateDirectories: true)
      let permission = NotificationPermissionClient.live(
        environment: ["PATH": "\(folder.path("bin")):\(folder.path("dir"))", "DBUS_SESSION_BUS_ADDRESS": session])
      #expect(await permission.request() == .denied(reason: NotificationAvailability.noSender))
    }
  }

  @Test func reasonsFitUnderAFormField() {
    #expect(NotificationAvailability.noSender.count <= 60)
    #expect(NotificationAvailability.noSession.count <= 60)
  }

  @Test func searchTakesTheFirstMatchAndSkipsRelativeEntries() {
    let search = ExecutableSearch(path: "::relative:/a:/b/:/c") { path in
      ["relative/tool", "/b/tool", "/c/tool"].contains(path)
    }
    #expect(search.folders == ["/a", "/b/", "/c"])
    #expect(search.find("tool") == "/b/tool")
    #expect(search.find("other") == nil)
  }

  @Test func unsetPathSearchesTheSystemDefault() {
    #expect(ExecutableSearch(path: nil).folders == ["/usr/local/bin", "/usr/bin", "/bin"])
  }

  @Test func injectedLookupDecides() {
    let available = NotificationAvailability(
      environment: ["PATH": "/usr/bin", "DBUS_SESSION_BUS_ADDRESS": session],
      isExecutableFile: { $0 == "/usr/bin/notify-send" })
    #expect(available.response == .granted)
    let missing = NotificationAvailability(
      environment: ["PATH": "/usr/bin", "DBUS_SESSION_BUS_ADDRESS": session], isExecutableFile: { _ in false })
    #expect(missing.response == .denied(reason: NotificationAvailability.noSender))
  }

  private func installSender(in folder: TemporaryFolder, mode: Int) throws {
    try folder.write("#!/bin/sh\nexit 0\n", to: "bin/notify-send")
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: folder.path("bin/notify-send"))
  }
}
