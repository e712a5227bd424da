import Foundation
import Testing

/// Only `@BindingState` fields can be named by a binding action, and the compiler says so: these
/// tests type-check small programs against the built `ComposableForms` module.
struct BindableFieldsCompileTimeTests {
  static let program = """
    import ComposableForms
    struct State { @BindingState var displayName = ""; var isLoading = false }

    """

  @Test func aBindableFieldCanBeSet() throws {
    let result = try typeCheck(Self.program + #"let a = BindingAction<State>.set(\.$displayName, "Blob")"#)
    #expect(result.status == 0, "\(result.output)")
  }

  @Test func aFieldWithoutBindingStateCannotBeSetThroughABinding() throws {
    let result = try typeCheck(Self.program + #"let a = BindingAction<State>.set(\.$isLoading, true)"#)
    #expect(result.status != 0)
    #expect(result.output.contains("WritableKeyPath<State, BindingState<Bool>>"), "\(result.output)")
  }

  /// Runs `swiftc -typecheck` on `source` with the test build's modules on the search path.
  private func typeCheck(_ source: String) throws -> (status: Int32, output: String) {
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let products = URL(fileURLWithPath: executable).deletingLastPathComponent()
      .deletingLastPathComponent().path
    let modules = [products + "/Modules", URL(fileURLWithPath: executable).deletingLastPathComponent().path + "/Modules"]
      .first { FileManager.default.fileExists(atPath: $0 + "/ComposableForms.swiftmodule") }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("main.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-typecheck", "-I", modules ?? products + "/Modules", file.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }
}
