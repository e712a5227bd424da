import GRDB
import SettingsFeatures

extension ClientDatabase {
  /// The ids of the clients whose name or email has a word starting with each word of `query`
  /// (case and accents aside), oldest first; every client's for a query without words. A word
  /// in a script written without spaces (Chinese, Japanese, Thai, ...) is also found inside a
  /// word of the name or email: `小龙` finds 李小龙.
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
        let tokenizer = try db.makeTokenizer(Self.searchTokenizer)
        func tokens(_ text: String) throws -> [String] {
          try tokenizer.tokenize(query: text).map { $0.token.filter { $0.isLetter || $0.isNumber } }
            .filter { !$0.isEmpty }
        }
        // NB: A word as typed, and in its plain spelling where that differs (`łódź`, `lodz`):
        //     the index holds both spellings of a name (``ClientRecord/searchKey(name:email:)``),
        //     but only the first of a row another program wrote since this program opened.
        func spellings(_ word: String) throws -> [[String]] {
          let typed = try tokens(word)
          let plain = try tokens(PlainSpelling.of(word))
          return plain.isEmpty || plain == typed ? [typed] : [typed, plain]
        }
        // NB: Every word's tokens, each a prefix, in either spelling. The tokens hold only
        //     letters and digits, so quoted they are plain strings to FTS5.
        func prefixes(_ words: [[[String]]]) throws -> FTS5Pattern? {
          let groups = words.compactMap { spellings -> String? in
            let options = spellings.filter { !$0.isEmpty }.map { $0.map { "\"\($0)\"*" }.joined(separator: " AND ") }
            guard options.count > 1 else { return options.first }
            return "(" + options.map { "(\($0))" }.joined(separator: " OR ") + ")"
          }
          // NB: A pattern SQLite refuses is an error to show, not a search for everyone.
          return groups.isEmpty ? nil : try FTS5Pattern(rawPattern: groups.joined(separator: " AND "))
        }
        let table = ClientRecord.databaseTableName
        // NB: The ids whose words start with a pattern's, read from the index.
        let matching = "SELECT rowid FROM \(Self.searchTableName) WHERE \(Self.searchTableName) MATCH ?"
        // NB: The tokenizer splits at spaces and punctuation, so the index holds a run of Han,
        //     kana or Thai letters as one word ("李小龙"), whose inner words no prefix finds:
        //     such a word of the query, as typed, is also looked for inside the name and email
        //     (ASCII case aside: "tシャツ" finds Tシャツ), reading every row (BENCHMARKS.md,
        //     part 6).
        var spaced: [[[String]]] = []
        var conditions: [String] = []
        var arguments = StatementArguments()
        for word in query.split(whereSeparator: \.isWhitespace).map(String.init) {
          let words = try spellings(word)
          guard Self.isWrittenWithoutSpaces(word), let pattern = try prefixes([words]) else {
            spaced.append(words)
            continue
          }
          // NB: LIKE ignores the case of ASCII letters, as lower() would, without a copy of
          //     every row's text; its own wildcards in the word are escaped.
          let escaped = word.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
          conditions.append(
            "id IN (SELECT id FROM \(table) WHERE name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\' "
              + "UNION \(matching))")
          arguments += ["%\(escaped)%", "%\(escaped)%", pattern]
        }
        if conditions.isEmpty {
          guard let pattern = try prefixes(spaced) else {
            return try Int64.fetchAll(db, sql: "SELECT id FROM \(table) ORDER BY id")
          }
          return try Int64.fetchAll(db, sql: "\(matching) ORDER BY rowid", arguments: [pattern])
        }
        if let pattern = try prefixes(spaced) {
          conditions.append("id IN (\(matching))")
          arguments += [pattern]
        }
        return try Int64.fetchAll(
          db, sql: "SELECT id FROM \(table) WHERE \(conditions.joined(separator: " AND ")) ORDER BY id",
          arguments: arguments)
      }
    } catch {
      throw mapped(error, doing: "search")
    }
  }

  /// Whether `word` holds letters of a script written without spaces between words: Han
  /// (Chinese, and Japanese kanji), hiragana, katakana, Thai, Lao, Khmer, Myanmar.
  static func isWrittenWithoutSpaces(_ word: String) -> Bool {
    word.unicodeScalars.contains { scalar in
      scalar.properties.isIdeographic || unspacedScripts.contains { $0.contains(scalar.value) }
    }
  }

  /// The Unicode blocks of the scripts besides Han written without spaces between words:
  /// hiragana and katakana (with their extensions and half-width forms), Thai, Lao, Myanmar,
  /// Khmer.
  private static let unspacedScripts: [ClosedRange<UInt32>] = [
    0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F, 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF,
  ]

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
