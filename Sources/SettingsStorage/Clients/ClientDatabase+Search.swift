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
        // NB: The query's words as the index's own tokenizer reads them (GRDB's pattern alone
        //     splits with the ASCII tokenizer). SQLite's keeps an emoji outside the first
        //     65,536 characters inside a word ("ana🙂"), which then finds nothing: a word's
        //     letters and digits are what is searched for.
        let words = try db.makeTokenizer(Self.searchTokenizer).tokenize(query: query)
          .map { $0.token.filter { $0.isLetter || $0.isNumber } }
          .filter { !$0.isEmpty }
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: words.joined(separator: " ")) else {
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
