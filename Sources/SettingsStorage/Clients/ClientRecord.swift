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
  /// What the search index holds beside the name and the email (``searchKey(name:email:)``).
  /// `nil` in a row another program wrote, or whose name or email it changed.
  var searchKey: String?

  init(_ client: Client, createdAt: Date) {
    self.name = client.name
    self.email = client.email
    self.emailKey = Client.emailKey(client.email)
    self.searchKey = Self.searchKey(name: client.name, email: client.email)
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
    searchKey = row["searchKey"]
  }

  /// The name and email as the search reads them (``PlainSpelling``), where that is more than
  /// their lower case: SQLite's tokenizer takes off Latin accents and case, but leaves ł, ø,
  /// æ, ß, full-width letters and the accents of other scripts (Greek, Cyrillic) as they are,
  /// so `lodz` would not find Łódź, nor `αθηνα` Αθήνα. "" where the two read alike.
  ///
  /// NB: Kept in a column of its own rather than in a tokenizer of ours: every program that
  ///     writes the table would need that tokenizer, and sqlite3's cannot have it.
  static func searchKey(name: String, email: String) -> String {
    let text = name + " " + email
    let plain = PlainSpelling.of(text)
    // NB: Compared by their bytes: String's == holds é and e with an accent equal.
    return plain.utf8.elementsEqual(text.lowercased().utf8) ? "" : plain
  }

  var client: Client { Client(name: name, email: email, age: age) }

  mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}
