import Foundation

/// Where the `settings-tui` binary under test is: next to the test bundle in the build products
/// folder (`swift build --build-tests` builds both), or `SETTINGS_TUI_BINARY` when set.
enum Executable {
  struct NotFound: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
      "settings-tui was not found next to the test bundle (looked at: "
        + searched.joined(separator: ", ")
        + "). Build it with `swift build --build-tests` (it builds the executable too), or set "
        + "SETTINGS_TUI_BINARY to its path."
    }
  }

  /// The path of the binary, or an error that says where it was looked for.
  static func settingsTUI() throws -> String {
    let fileManager = FileManager.default
    var candidates: [String] = []
    if let override = ProcessInfo.processInfo.environment["SETTINGS_TUI_BINARY"], !override.isEmpty {
      candidates.append(override)
    }
    // NB: On Linux the test bundle is an executable (`…/debug/ComposableFormsPackageTests.xctest`)
    //     run directly, so /proc/self/exe names it; on macOS it is a folder inside `…/debug/`.
    var folders: [URL] = []
    if let exe = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      folders.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
    }
    if let first = CommandLine.arguments.first {
      folders.append(URL(fileURLWithPath: first).standardizedFileURL.deletingLastPathComponent())
    }
    let bundle = URL(fileURLWithPath: Bundle.main.bundlePath)
    folders.append(bundle)
    folders.append(bundle.deletingLastPathComponent())
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      folders.append(URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent())
    }
    for folder in folders {
      // A macOS bundle's executable is three folders below the products folder.
      var url = folder
      for _ in 0..<4 {
        candidates.append(url.appendingPathComponent("settings-tui").path)
        url = url.deletingLastPathComponent()
      }
    }
    var seen = Set<String>()
    let unique = candidates.filter { seen.insert($0).inserted }
    for path in unique {
      var isFolder: ObjCBool = false
      if fileManager.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
        fileManager.isExecutableFile(atPath: path)
      {
        return path
      }
    }
    throw NotFound(searched: unique)
  }
}
