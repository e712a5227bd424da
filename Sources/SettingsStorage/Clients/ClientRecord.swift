import Foundation
import GRDB
import SettingsFeatures

/// One row of the `client` table.
struct ClientRecord: Codable, Equatable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "client"

  var id: Int64?
  var name: String
  var email: String
  var age: Int
  var createdAt: Date?

  init(_ client: Client, createdAt: Date) {
    self.name = client.name
    self.email = client.email
    self.age = client.age
    self.createdAt = createdAt
  }

  var client: Client { Client(name: name, email: email, age: age) }

  mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}
