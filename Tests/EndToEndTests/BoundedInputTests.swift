import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// A settings file that is a device, a FIFO or huge is refused at once with exit 2.
  @Suite struct BoundedInputTests {
    @Test(arguments: ["device", "fifo", "huge"])
    func anUnreadableSettingsFileIsRefusedAtOnce(kind: String) throws {
      let session = try TmuxSession()
      defer { session.close() }
      let path = session.settingsFile.path
      try FileManager.default.createDirectory(
        at: session.settingsFile.deletingLastPathComponent(), withIntermediateDirectories: true)
      switch kind {
      case "device": #expect(symlink("/dev/zero", path) == 0)
      case "fifo": #expect(mkfifo(path, 0o600) == 0)
      default: try Data(repeating: 0x20, count: 2 << 20).write(to: session.settingsFile)
      }
      let started = ContinuousClock.now
      let result = try session.runDirectly(["--no-input", "--set", "displayName=Blob"])
      #expect(ContinuousClock.now - started < .seconds(5))
      #expect(result.status == 2, "\(result)")
      #expect(
        result.stderr.contains(kind == "huge" ? "larger than 1024 KiB" : "not a regular file"),
        "\(result)")
    }
  }
}

extension EndToEnd.BoundedInputTests {
  /// Every value is valid and the save itself fails: an environment error (2), not a cancel (1).
  @Test func aSaveThatFailsIsExitTwo() throws {
    let session = try TmuxSession()
    defer { session.close() }
    // NB: Nothing can be created in /proc, not even by root.
    let result = try session.runDirectly([
      "--no-input", "--set", "displayName=Blob", "--config", "/proc/settings-tui-test/settings.json",
    ])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr.contains("Cannot save settings"), "\(result)")
  }
}

extension EndToEnd.BoundedInputTests {
  /// Two programs saving different fields at the same moment both keep their change.
  @Test func concurrentSavesOfDifferentFieldsLoseNothing() throws {
    let session = try TmuxSession()
    defer { session.close() }
    var environment = session.environment
    environment["BIN"] = session.binary
    for round in 1...15 {
      let flag = round.isMultiple(of: 2) ? "true" : "false"
      let result = try run(
        "/bin/sh",
        [
          "-c",
          #""$BIN" --no-input --set displayName=Round\#(round) & "$BIN" --no-input --set protectMyPosts=\#(flag) & wait"#,
        ], environment: environment)
      #expect(result.status == 0, "\(result)")
      let saved = try String(contentsOf: session.settingsFile, encoding: .utf8)
      #expect(saved.contains("\"Round\(round)\""), "round \(round): \(saved)")
      #expect(saved.contains("\"protectMyPosts\" : \(flag)"), "round \(round): \(saved)")
    }
  }
}
