// swift-tools-version: 6.2
import Foundation
import PackageDescription

// NB: No macro products (CasePaths, DependenciesMacros, InlineSnapshotTesting): they compile
//     swift-syntax, 8.7 minutes in a release build on the 2-core machine, versus seconds without.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

// NB: The Makefile's release builds (`make run`, `make bench`) set SETTINGS_TUI_CROSS_MODULE=1
//     so the library's generic code (store, form engine, layout) is specialized for the app's
//     types (BENCHMARKS.md, "Per keystroke", has what it saves). Opt-in,
//     because a package whose targets carry unsafe flags cannot be depended on by version; and
//     only for our own modules, because on GRDB it crashes the Swift 6.3.1 optimizer.
let crossModule: [SwiftSetting] =
  Context.environment["SETTINGS_TUI_CROSS_MODULE"] == "1"
  ? [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))] : []
let fast = strict + crossModule

// NB: The version is written once, in the VERSION file; `--version` gets it through a C
//     define. SwiftPM keeps the evaluated manifest until Package.swift or the environment
//     changes, not when a file it read does: so the Makefile hands the file's contents and the
//     commit over in the environment (SETTINGS_TUI_VERSION, SETTINGS_TUI_COMMIT), and a plain
//     `swift build` reads the file.
let version =
  Context.environment["SETTINGS_TUI_VERSION"]
  ?? (try? String(contentsOfFile: Context.packageDirectory + "/VERSION", encoding: .utf8))?
  .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
let commit = Context.environment["SETTINGS_TUI_COMMIT"].flatMap { $0.isEmpty ? nil : " (\($0))" } ?? ""

let package = Package(
  name: "ComposableForms",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ComposableForms", targets: ["ComposableForms"]),
    .library(name: "ComposableFormsTesting", targets: ["ComposableFormsTesting"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "CursesBackend", targets: ["CursesBackend"]),
    .executable(name: "settings-tui", targets: ["settings-tui"]),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    // NB: Traits trimmed: the default "FoundationNetworking" trait links libcurl and ~40 libraries.
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1",
      traits: ["Clocks", "Foundation"]
    ),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    // Core library: store, reducers, effects, bindings, form engine.
    .target(
      name: "ComposableForms",
      dependencies: [
        .product(name: "CasePathsCore", package: "swift-case-paths"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: fast
    ),
    .target(
      name: "ComposableFormsTesting",
      dependencies: [
        "ComposableForms",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // NB: Carries what IssueReporting needs to fail Swift Testing and XCTest tests, so a
        //     test target that depends on this library alone sees its failures fail.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: strict
    ),

    // Terminal front end: pure rendering and input model, then the curses backend.
    .target(
      name: "TerminalUI",
      dependencies: ["ComposableForms", .product(name: "IssueReporting", package: "xctest-dynamic-overlay")],
      swiftSettings: fast
    ),
    .systemLibrary(
      name: "CNcurses",
      providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
    ),
    .target(
      name: "CursesBackend",
      dependencies: ["TerminalUI", "CNcurses"],
      swiftSettings: fast,
      linkerSettings: [
        .linkedLibrary("ncursesw", .when(platforms: [.linux])),
        .linkedLibrary("ncurses", .when(platforms: [.macOS])),
      ]
    ),

    // The application: features, storage, executable.
    .target(
      name: "SettingsFeatures",
      dependencies: [
        "ComposableForms", "TerminalUI",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: fast
    ),
    .target(
      name: "SettingsStorage",
      dependencies: [
        "SettingsFeatures",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      swiftSettings: strict
    ),
    .target(
      name: "CVersion",
      cSettings: [
        .define("SETTINGS_TUI_VERSION", to: "\"\(version)\"", .when(configuration: .debug)),
        .define("SETTINGS_TUI_VERSION", to: "\"\(version)\(commit)\"", .when(configuration: .release)),
      ]
    ),
    .target(name: "CStandardDescriptors"),
    .executableTarget(
      name: "settings-tui",
      dependencies: [
        "ComposableForms", "TerminalUI", "CursesBackend", "SettingsFeatures", "SettingsStorage", "CVersion",
        "CStandardDescriptors",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),

    // Benchmarks: run in release mode with `make bench`.
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        "ComposableForms", "TerminalUI", "CursesBackend", "SettingsFeatures", "SettingsStorage", "CNcurses",
        // NB: Only to fill a database with 100,000 clients in one transaction.
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Benchmarks/Sources",
      swiftSettings: strict
    ),

    // Tests mirror the source modules; TestSupport holds what several of them share.
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strict),
    .testTarget(
      name: "ComposableFormsTests",
      dependencies: [
        "ComposableForms", "ComposableFormsTesting", "TestSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: strict
    ),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"], swiftSettings: strict),
    .testTarget(
      name: "CursesBackendTests",
      dependencies: ["CursesBackend", "TerminalUI", "CNcurses"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "SettingsFeaturesTests",
      dependencies: [
        "SettingsFeatures", "ComposableFormsTesting", "TerminalUI", "TestSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "SettingsStorageTests",
      dependencies: ["SettingsStorage", "SettingsFeatures"],
      swiftSettings: strict
    ),
    .testTarget(name: "EndToEndTests", dependencies: [], swiftSettings: strict),
    .testTarget(
      name: "FuzzTests",
      dependencies: ["SettingsFeatures", "CursesBackend", "TerminalUI", "ComposableForms", "TestSupport"],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
