import ArgumentParser
import Foundation
import SettingsFeatures
import SettingsStorage

/// `settings-tui clients [list]`: list saved clients as JSON.
struct ListClients: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List saved clients as JSON, oldest first."
  )

  @OptionGroup var database: DatabaseOption

  func run() async throws {
    let path = try database.path(environment: ProcessInfo.processInfo.environment)
    do {
      let clients = try ClientStorageClient.live(databaseAt: path)
      try printJSON(try await clients.all())
    } catch let error as StorageError {
      throw fail(error.message)
    }
  }
}
