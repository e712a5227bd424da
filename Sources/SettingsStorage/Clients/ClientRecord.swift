import Foundation
import GRDB
import SettingsFeatures

/// One row of the `client` table.
struct ClientRecord: Codable, Equatable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "client"

  var id: Int64?
  var name: String
  var email: String
  /// ``Client/emailKey(_:)`` of the email, unique: what makes two emails one client's. `nil`
  /// in a row another program wrote without it, or whose key another row had first.
  var emailKey: String?
  var age: Int
  var createdAt: Date?

  init(_ client: Client, createdAt: Date) {
    self.name = client.name
    self.email = client.email
    self.emailKey = Client.emailKey(client.email)
    self.age = client.age
    self.createdAt = createdAt
  }

  /// Reads a row; a `createdAt` that is no date (another program wrote it) reads as none,
  /// instead of failing the read of every client with it.
  init(row: Row) throws {
    id = try row.decode(forColumn: "id")
    name = try row.decode(forColumn: "name")
    email = try row.decode(forColumn: "email")
    emailKey = row["emailKey"]
    age = try row.decode(forColumn: "age")
    createdAt = Date.fromDatabaseValue(row["createdAt"] as DatabaseValue)
  }

  var client: Client { Client(name: name, email: email, age: age) }

  mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}
