import Foundation

/// The `sqlite3` command-line shell: a second program touching the same database file.
enum SQLiteShell {
  static let executable = "/usr/bin/sqlite3"

  static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

  /// What the shell said when a statement failed (a constraint, a malformed index).
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `sql` against `database` and returns what the shell printed; throws ``Failure``
  /// when a statement failed, so another program's write that SQLite refused is not taken
  /// for one that went through.
  static func run(_ sql: String, on database: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    // NB: -bail: the first failed statement ends the run with a non-zero status.
    process.arguments = ["-bail", database, sql]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "sqlite3 failed (\(process.terminationStatus)): " + String(decoding: said, as: UTF8.self))
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Starts the shell on `database`, reading commands from a pipe the caller writes to.
  static func start(on database: String) throws -> (process: Process, input: FileHandle) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = [database]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    return (process, input.fileHandleForWriting)
  }
}
