import Foundation

/// The `sqlite3` command-line shell: a second program touching the same database file.
enum SQLiteShell {
  static let executable = "/usr/bin/sqlite3"

  static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

  /// Runs `sql` against `database` and returns what the shell printed.
  static func run(_ sql: String, on database: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = [database, sql]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
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
