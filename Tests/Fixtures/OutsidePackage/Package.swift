// swift-tools-version: 6.2
// A package outside ComposableForms that depends on it by path, as a user's package would.
// `make test` (Scripts/check-outside-package.sh) copies the README's examples into it, builds
// it from a clean scratch path, and runs its tests: the README's own test must pass, and the
// deliberately wrong expectations in ExpectedFailures.swift must fail `swift test`.
import Foundation
import PackageDescription

// NB: A path dependency is named after its folder, which is whatever the clone was called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../../..").standardizedFileURL
let composableForms = root.lastPathComponent

let package = Package(
  name: "OutsidePackage",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: root.path)],
  targets: [
    // NB: One module, as a small app is: the README's examples, its `main` included.
    .executableTarget(
      name: "SignUpApp",
      dependencies: [
        .product(name: "ComposableForms", package: composableForms),
        .product(name: "TerminalUI", package: composableForms),
        .product(name: "CursesBackend", package: composableForms),
      ]
    ),
    // NB: The testing library, and the terminal front end for the screen a state shows, as a
    //     user's test target would depend on them.
    .testTarget(
      name: "SignUpTests",
      dependencies: [
        "SignUpApp", .product(name: "ComposableFormsTesting", package: composableForms),
        .product(name: "TerminalUI", package: composableForms),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
