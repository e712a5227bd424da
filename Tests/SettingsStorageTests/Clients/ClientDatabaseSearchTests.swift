import Foundation
import SettingsFeatures
import SettingsStorage
import Testing

/// The clients list's search: word starts of names and emails, through the full-text index.
@Suite("Clients database search")
struct ClientDatabaseSearchTests {
  let clients = [
    Client(name: "Ada Lovelace", email: "ada@example.com", age: 36),
    Client(name: "Grace Hopper", email: "grace@navy.mil", age: 85),
    Client(name: "Alan Turing", email: "alan.turing@bletchley.uk", age: 41),
    Client(name: "José Núñez", email: "jose@example.es", age: 29),
  ]

  /// A database in `folder` with the four clients, oldest first.
  func saved(in folder: TemporaryFolder) async throws -> ClientStorageClient {
    let storage = try ClientStorageClient.live(databaseAt: folder.path("clients.sqlite"))
    for client in clients { try await storage.add(client) }
    return storage
  }

  func names(_ storage: ClientStorageClient, _ query: String) async throws -> [String] {
    try await storage.clients(try await storage.matches(query)).map(\.client.name)
  }

  @Test func anEmptySearchFindsEveryoneOldestFirst() async throws {
    try await withTemporaryFolder { folder in
      let storage = try await saved(in: folder)
      #expect(try await names(storage, "") == ["Ada Lovelace", "Grace Hopper", "Alan Turing", "José Núñez"])
      #expect(try await names(storage, "  ") == ["Ada Lovelace", "Grace Hopper", "Alan Turing", "José Núñez"])
    }
  }

  @Test func eachWordStartsAWordOfTheNameOrEmailInAnyCaseOrAccent() async throws {
    try await withTemporaryFolder { folder in
      let storage = try await saved(in: folder)
      #expect(try await names(storage, "a") == ["Ada Lovelace", "Alan Turing"])
      #expect(try await names(storage, "TUR") == ["Alan Turing"])
      #expect(try await names(storage, "navy") == ["Grace Hopper"])
      #expect(try await names(storage, "example") == ["Ada Lovelace", "José Núñez"])
      #expect(try await names(storage, "example ada") == ["Ada Lovelace"])
      #expect(try await names(storage, "nunez") == ["José Núñez"])
      #expect(try await names(storage, "ada@exa") == ["Ada Lovelace"])
      #expect(try await names(storage, "velace") == [])
    }
  }

  /// Chinese, Japanese and Thai write words without spaces: a query word in those scripts is
  /// found anywhere in a name or email (the index holds 李小龙 as one word), alone or beside
  /// words of other scripts, which still start words.
  @Test func wordsOfScriptsWithoutSpacesAreFoundInsideNames() async throws {
    try await withTemporaryFolder { folder in
      let storage = try await saved(in: folder)
      for client in [
        Client(name: "Bruce 李小龙", email: "bruce@example.hk", age: 32),
        Client(name: "山田太郎", email: "taro@example.jp", age: 40),
        Client(name: "カタカナ タロウ", email: "kana@example.jp", age: 50),
        Client(name: "สมชาย ใจดี", email: "somchai@example.th", age: 45),
        Client(name: "Tシャツ ＡＢＣ商事", email: "shop@example.jp", age: 33),
        Client(name: "Café東京", email: "cafe@example.jp", age: 28),
      ] { try await storage.add(client) }
      // Words mixing scripts find themselves, as word starts still do (case, width and
      // accents aside), and inside a word (ASCII case aside).
      #expect(try await names(storage, "Tシャツ") == ["Tシャツ ＡＢＣ商事"])
      #expect(try await names(storage, "tシャ") == ["Tシャツ ＡＢＣ商事"])
      #expect(try await names(storage, "シャツ") == ["Tシャツ ＡＢＣ商事"])
      #expect(try await names(storage, "ＡＢＣ商事") == ["Tシャツ ＡＢＣ商事"])
      #expect(try await names(storage, "cafe東京") == ["Café東京"])
      #expect(try await names(storage, "東京") == ["Café東京"])
      #expect(try await names(storage, "小龙") == ["Bruce 李小龙"])
      #expect(try await names(storage, "李") == ["Bruce 李小龙"])
      #expect(try await names(storage, "太郎") == ["山田太郎"])
      #expect(try await names(storage, "タロ") == ["カタカナ タロウ"])
      #expect(try await names(storage, "ใจ") == ["สมชาย ใจดี"])
      #expect(try await names(storage, "bru 小龙") == ["Bruce 李小龙"])
      #expect(try await names(storage, "ruce 小龙") == [], "a Latin word still starts a word")
      #expect(try await names(storage, "小龙 太郎") == [], "every word must be found")
      #expect(try await names(storage, "老虎") == [])
      #expect(try await names(storage, "李_龙") == [], "_ is no wildcard")
      #expect(try await names(storage, "李%") == ["Bruce 李小龙"], "% is no wildcard, and dropped as a word start")
    }
  }

  /// Emoji and symbols are not in the index: a search drops them wherever they stand, so one
  /// of them alone lists everyone (as a lone `.` does) instead of no one.
  @Test func emojiAndSymbolsAreDroppedAlikeAloneOrBesideAWord() async throws {
    try await withTemporaryFolder { folder in
      let storage = try await saved(in: folder)
      let everyone = try await names(storage, "")
      #expect(try await names(storage, "😀") == everyone)
      #expect(try await names(storage, "👍 ★") == everyone)
      #expect(try await names(storage, "ada 😀") == ["Ada Lovelace"])
      #expect(try await names(storage, "😀ada") == ["Ada Lovelace"])
      // SQLite's tokenizer keeps these inside a word: they are dropped from it.
      #expect(try await names(storage, "ada🙂") == ["Ada Lovelace"])
      #expect(try await names(storage, "🙂") == everyone)
    }
  }

  /// A database whose index an earlier version made (it took off one accent, not two) is
  /// indexed again when it opens.
  @Test func anIndexFromAnEarlierVersionIsMadeAgain() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      let storage = try ClientStorageClient.live(databaseAt: path)
      try await storage.add(Client(name: "Nguyễn Văn Hữu", email: "huu@example.vn", age: 40))
      _ = try SQLiteShell.run(
        """
        DROP TABLE client_search;
        CREATE VIRTUAL TABLE client_search USING fts5(name, email, content='client', content_rowid='id');
        INSERT INTO client_search(client_search) VALUES('rebuild');
        DELETE FROM grdb_migrations WHERE identifier = 'v6-search-without-stacked-accents';
        """, on: path)
      #expect(try await names(storage, "nguyen") == [], "the earlier index")
      let reopened = try ClientStorageClient.live(databaseAt: path)
      #expect(try await names(reopened, "nguyen") == ["Nguyễn Văn Hữu"])
      try await reopened.add(Client(name: "Trần Thị", email: "tran@example.vn", age: 30))
      #expect(try await names(reopened, "tran") == ["Trần Thị"], "kept in step with the table")
    }
  }

  /// A letter with two accents (Vietnamese) is found without either.
  @Test func lettersWithTwoAccentsAreFoundWithout() async throws {
    try await withTemporaryFolder { folder in
      let storage = try await saved(in: folder)
      try await storage.add(Client(name: "Nguyễn Văn Hữu", email: "huu@example.vn", age: 40))
      #expect(try await names(storage, "nguyen") == ["Nguyễn Văn Hữu"])
      #expect(try await names(storage, "huu van") == ["Nguyễn Văn Hữu"])
      #expect(try await names(storage, "Nguyễn") == ["Nguyễn Văn Hữu"])
    }
  }

  /// Letters SQLite's tokenizer keeps as they are (a stroke, two letters in one, full width)
  /// are found by their plain spelling, as a spec's list filter finds them, and by their own.
  @Test func lettersWithAStrokeOrTwoInOneAreFoundByTheirPlainSpelling() async throws {
    try await withTemporaryFolder { folder in
      let storage = try await saved(in: folder)
      for name in ["Anna Łódź", "Łukasz Żółć", "İsmail Işık", "Ærøskøbing Æble", "Straße Groß", "ＡＢＣ Wide", "Lodz Plain"] {
        try await storage.add(Client(name: name, email: "\(name.count)-\(name.unicodeScalars.first?.value ?? 0)@x.com", age: 30))
      }
      #expect(try await names(storage, "lodz") == ["Anna Łódź", "Lodz Plain"])
      #expect(try await names(storage, "ŁÓDŹ") == ["Anna Łódź", "Lodz Plain"])
      #expect(try await names(storage, "zolc lukasz") == ["Łukasz Żółć"])
      #expect(try await names(storage, "isik") == ["İsmail Işık"])
      #expect(try await names(storage, "aeroskobing") == ["Ærøskøbing Æble"])
      #expect(try await names(storage, "ærø") == ["Ærøskøbing Æble"])
      #expect(try await names(storage, "strasse") == ["Straße Groß"])
      #expect(try await names(storage, "gro") == ["Straße Groß"])
      #expect(try await names(storage, "abc") == ["ＡＢＣ Wide"])
      #expect(try await names(storage, "nunez") == ["José Núñez"])
    }
  }

  /// Rows another program writes are found by their letters as typed at once, and by their
  /// plain spelling once a program opens the file again; a name another program changes is no
  /// longer found by its old one, and the index stays whole.
  @Test(.enabled(if: SQLiteShell.isInstalled))
  func rowsAnotherProgramWritesAreFound() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      let storage = try await saved(in: folder)
      try await storage.add(Client(name: "Anna Łódź", email: "anna@x.pl", age: 30))
      _ = try SQLiteShell.run(
        """
        INSERT INTO client (name, email, age) VALUES ('Łucja Nowak', 'lucja@x.pl', 20);
        UPDATE client SET name = 'Anna Plain' WHERE email = 'anna@x.pl';
        """, on: path)
      #expect(try await names(storage, "łucja") == ["Łucja Nowak"])
      #expect(try await names(storage, "lodz") == [], "the old name's plain spelling went with it")
      #expect(try await names(storage, "anna plain") == ["Anna Plain"])
      let reopened = try ClientStorageClient.live(databaseAt: path)
      #expect(try await names(reopened, "lucja") == ["Łucja Nowak"])
      #expect(try indexMatchesTable(path))
      // An edit of ours keeps the index as whole.
      let lucja = try #require(try await reopened.find("lucja@x.pl"))
      _ = try await reopened.update(lucja.id, lucja.client, Client(name: "Łucja Żak", email: "lucja@x.pl", age: 20), .askIfBothChanged)
      #expect(try await names(reopened, "lucja zak") == ["Łucja Żak"])
      #expect(try await names(reopened, "nowak") == [])
      #expect(try indexMatchesTable(path))
    }
  }

  /// Whether the search index holds exactly what the table does (FTS5's check with `rank` 1
  /// compares the two; without it, only the index's own structure).
  func indexMatchesTable(_ path: String) throws -> Bool {
    try SQLiteShell.run("INSERT INTO client_search(client_search, rank) VALUES('integrity-check', 1);", on: path) == ""
  }

  /// Whatever another program changes (an id through `rowid`, a name with triggers recursive,
  /// an age), the index keeps holding what the table does.
  @Test(.enabled(if: SQLiteShell.isInstalled), arguments: [
    "UPDATE client SET rowid = 50 WHERE email = 'anna@x.pl';",
    "PRAGMA recursive_triggers = ON; UPDATE client SET name = 'Anna Krakow' WHERE email = 'anna@x.pl';",
    "UPDATE client SET name = 'Anna Krakow' WHERE email = 'anna@x.pl';",
    "UPDATE client SET age = 31, emailKey = NULL, searchKey = NULL WHERE email = 'anna@x.pl';",
    "UPDATE client SET email = 'anna@x.de', name = 'Anna Łęcka' WHERE email = 'anna@x.pl';",
  ])
  func theIndexFollowsWhateverAnotherProgramChanges(_ sql: String) async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("clients.sqlite")
      let storage = try await saved(in: folder)
      try await storage.add(Client(name: "Anna Łódź", email: "anna@x.pl", age: 30))
      _ = try SQLiteShell.run(sql, on: path)
      #expect(try indexMatchesTable(path))
      let reopened = try ClientStorageClient.live(databaseAt: path)
      #expect(try indexMatchesTable(path))
      let annas = try await names(reopened, "anna")
      #expect(annas.count == 1, "\(annas)")
      #expect(try await names(reopened, "lodz") == (annas.first == "Anna Łódź" ? ["Anna Łódź"] : []))
    }
  }

  /// Letters of other scripts keep their accents in SQLite's tokenizer (Greek, Cyrillic): the
  /// plain spelling finds them without, as a spec's list filter does.
  @Test func accentsOfOtherScriptsAreFoundWithout() async throws {
    try await withTemporaryFolder { folder in
      let storage = try await saved(in: folder)
      try await storage.add(Client(name: "Αθήνα Παπαδοπούλου", email: "athina@x.gr", age: 30))
      try await storage.add(Client(name: "Алёна Котова", email: "alena@x.ru", age: 30))
      #expect(try await names(storage, "αθηνα") == ["Αθήνα Παπαδοπούλου"])
      #expect(try await names(storage, "Αθήνα") == ["Αθήνα Παπαδοπούλου"])
      #expect(try await names(storage, "алена") == ["Алёна Котова"])
    }
  }

  @Test func searchSyntaxIsTakenAsText() async throws {
    try await withTemporaryFolder { folder in
      let storage = try await saved(in: folder)
      for query in ["\"", "ada OR grace", "NEAR(", "*", "a:b", "-ada", "(("] {
        _ = try await storage.matches(query)
      }
      #expect(try await names(storage, "ada OR grace") == [])
    }
  }

  @Test func theIndexFollowsEditsAndRemovals() async throws {
    try await withTemporaryFolder { folder in
      let storage = try await saved(in: folder)
      let grace = try #require(try await storage.find("grace@navy.mil"))
      _ = try await storage.update(
        grace.id, grace.client,
        Client(name: "Grace Brewster", email: "grace@yale.edu", age: 85), .askIfBothChanged)
      #expect(try await names(storage, "hopper") == [])
      #expect(try await names(storage, "brewster yale") == ["Grace Brewster"])
      #expect(try await storage.remove(try #require(try await storage.find("ada@example.com"))) == .removed)
      #expect(try await names(storage, "ada") == [])
      try await storage.add(Client(name: "Ada Yonath", email: "yonath@example.org", age: 86))
      #expect(try await names(storage, "ada") == ["Ada Yonath"])
    }
  }

  @Test func rowsComeInTheOrderAskedAndMissingIdsAreLeftOut() async throws {
    try await withTemporaryFolder { folder in
      let storage = try await saved(in: folder)
      let ids = try await storage.matches("")
      let asked = [ids[2], ids[0], 9_999]
      #expect(try await storage.clients(asked).map(\.client.name) == ["Alan Turing", "Ada Lovelace"])
    }
  }

  @Test(.enabled(if: SQLiteShell.isInstalled))
  func aDatabaseFromBeforeTheSearchIsIndexedWhenOpened() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path("old.sqlite")
      _ = try SQLiteShell.run(
        """
        PRAGMA application_id = \(0x5354_5549);
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1-create-client'), ('v2-application-id');
        CREATE TABLE client (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL,
          email TEXT NOT NULL UNIQUE COLLATE NOCASE, age INTEGER NOT NULL, createdAt TIMESTAMP);
        INSERT INTO client (name, email, age) VALUES ('Ada Lovelace', 'ada@example.com', 36);
        """, on: path)
      let storage = try ClientStorageClient.live(databaseAt: path)
      #expect(try await names(storage, "love") == ["Ada Lovelace"])
    }
  }
}
