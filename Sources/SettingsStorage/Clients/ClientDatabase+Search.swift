import GRDB
import SettingsFeatures

extension ClientDatabase {
  /// The ids of the clients whose name or email has a word starting with each word of `query`
  /// (case and accents aside), oldest first; every client's for a query without words.
  ///
  /// Ids, not rows: a list of 100,000 clients keeps 100,000 numbers and loads only the rows on
  /// screen (``clients(_:)``). BENCHMARKS.md, part 6, has the figures.
  func matches(_ query: String) async throws -> [Int64] {
    do {
      return try await queue.read { db in
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: Self.indexedCharacters(of: query)) else {
          return try Int64.fetchAll(db, sql: "SELECT id FROM \(ClientRecord.databaseTableName) ORDER BY id")
        }
        return try Int64.fetchAll(
          db, sql: "SELECT rowid FROM \(Self.searchTableName) WHERE \(Self.searchTableName) MATCH ? ORDER BY rowid",
          arguments: [pattern])
      }
    } catch {
      throw mapped(error, doing: "search")
    }
  }

  /// `query` with what the index does not keep (unicode61 keeps letters, digits and marks;
  /// emoji and symbols separate words) turned into spaces: such a word would match nothing
  /// alone and be dropped beside others, so it is dropped alike everywhere.
  static func indexedCharacters(of query: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in query.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark,
        .privateUse:
        scalars.append(scalar)
      default:
        scalars.append(" ")
      }
    }
    return String(scalars)
  }

  /// The clients with these ids, in the order of `ids`; ids no longer saved are left out.
  func clients(_ ids: [Int64]) async throws -> [SavedClient] {
    do {
      let records = try await queue.read { db in try ClientRecord.fetchAll(db, keys: ids) }
      var byID: [Int64: SavedClient] = [:]
      for record in records {
        if let id = record.id { byID[id] = SavedClient(id: id, client: record.client) }
      }
      return ids.compactMap { byID[$0] }
    } catch {
      throw mapped(error, doing: "read clients from")
    }
  }
}
