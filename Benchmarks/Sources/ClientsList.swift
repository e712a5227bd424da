import ComposableForms
import Foundation
import GRDB
import SettingsFeatures
import SettingsStorage
import TerminalUI

/// Figure 6: the clients list over 100,000 saved clients, each step from the action to the
/// settled frame (the rows on screen loaded and drawn), through the real database, store,
/// reducer and layout: opening it, searching, scrolling.
@MainActor
func benchmarkClientsList(_ report: Report) async {
  print("6. Clients list, 100,000 clients")
  let count = 100_000
  let folder = NSTemporaryDirectory() + "settings-tui-bench-\(getpid())"
  let path = folder + "/clients.sqlite"
  defer { try? FileManager.default.removeItem(atPath: folder) }
  do {
    // The schema (and its search index) as the program makes it, then the rows in one go.
    _ = try ClientStorageClient.live(databaseAt: path)
    try fillDatabase(at: path, count: count)
  } catch {
    report.skip("Clients list", "100,000 clients", reason: "could not make the database: \(error)")
    return
  }

  // Keys: the rows came from another program (an import), without the keys ours keeps beside
  // them; the first program to open the file makes them, once. Made again for each sample.
  var keyed: [Double] = []
  for sample in 0..<3 {
    do {
      if sample > 0 {
        try await DatabaseQueue(path: path).write { db in
          try db.execute(sql: "UPDATE client SET emailKey = NULL, searchKey = NULL")
        }
      }
      let start = monotonicNanoseconds()
      _ = try ClientStorageClient.live(databaseAt: path)
      keyed.append(Double(monotonicNanoseconds() - start))
      // NB: An open that could not write the keys still opens: that would time nothing.
      let unkeyed = try await DatabaseQueue(path: path).read { db in
        try Int.fetchOne(db, sql: "SELECT count(*) FROM client WHERE emailKey IS NULL OR searchKey IS NULL") ?? 0
      }
      guard unkeyed == 0 else {
        report.skip("Clients list", "keys of 100,000 clients", reason: "\(unkeyed) rows were left without keys")
        return
      }
    } catch {
      report.skip("Clients list", "keys of 100,000 clients", reason: "\(error)")
      return
    }
  }
  let keys = Measurement(samples: keyed)
  report.add("Clients list", "first open after an import of 100,000 (keys made)", formatNanoseconds(keys.median))

  let samples = 15
  var open: [Double] = []
  var searches: [String: [Double]] = [:]
  var pageDown: [Double] = []
  var toEnd: [Double] = []
  // NB: "小龙" is in a script written without spaces: it reads every row.
  let queries = ["a", "lovelace", "ada lovelace", "ada.lovelace42", "小龙"]
  for _ in 0..<samples {
    // Open: the database opened, the ids matched, the first screen of rows loaded and drawn.
    var start = monotonicNanoseconds()
    guard let storage = try? ClientStorageClient.live(databaseAt: path) else { return }
    let list = ListHarness(storage: storage)
    await list.settle(after: .opened)
    open.append(Double(monotonicNanoseconds() - start))
    guard list.store.state.matches.count == count else {
      report.skip("Clients list", "100,000 clients", reason: "the list shows \(list.store.state.matches.count) clients")
      return
    }
    // Scroll: Page Down from the newest client's screen, and End from the top.
    await list.settle(after: .selected(0))
    start = monotonicNanoseconds()
    await list.press(.pageDown)
    pageDown.append(Double(monotonicNanoseconds() - start))
    start = monotonicNanoseconds()
    await list.press(.end)
    toEnd.append(Double(monotonicNanoseconds() - start))
    // Search: the whole query at once (each typed key is one such search).
    for query in queries {
      await list.settle(after: .searchChanged(""))
      start = monotonicNanoseconds()
      await list.settle(after: .searchChanged(query))
      searches[query, default: []].append(Double(monotonicNanoseconds() - start))
    }
  }
  let target = 50_000_000.0
  func add(_ name: String, _ values: [Double]) {
    let measurement = Measurement(samples: values)
    report.add(
      "Clients list", name, "\(formatNanoseconds(measurement.median)) (p90 \(formatNanoseconds(measurement.p90)))",
      target: "< 50 ms", pass: measurement.p90 < target)
  }
  add("open 100,000 clients", open)
  add("Page Down", pageDown)
  add("End (to the newest)", toEnd)
  for query in queries { add("search \"\(query)\"", searches[query] ?? []) }
}

/// The list's store, layout and runtime on a headless 80×24 screen.
@MainActor
private final class ListHarness {
  let store: Store<ClientList.State, ClientList.Action>
  let runtime: ListRuntime<ClientList.State, ClientList.Action>

  init(storage: ClientStorageClient) {
    store = Store(initialState: ClientList.State()) { ClientList() } withDependencies: {
      $0.clientStorage = storage
    }
    runtime = ListRuntime(
      store: store, layout: ClientList.layout,
      terminal: Terminal(backend: HeadlessBackend(size: Size(columns: 80, rows: 24))),
      events: ScriptedEventSource())
  }

  /// Sends `action`, waits for what it loads, draws; then, as the runtime does after a frame,
  /// tells the list which rows are on screen, waits for them, and draws the settled frame.
  func settle(after action: ClientList.Action) async {
    await store.send(action).finish()
    await drawSettled()
  }

  /// A key through the runtime, then the settled frame.
  func press(_ key: Key) async {
    _ = runtime.handle(key)
    await drawSettled()
  }

  private func drawSettled() async {
    runtime.render()
    let shown = runtime.view.shownRows(count: store.state.matches.count)
    await store.send(.rowsShown(shown)).finish()
    runtime.render()
  }
}

/// Adds `count` clients (names from a few common ones, unique emails) in one transaction, as
/// another program would (an import: no email or search keys); the search index's triggers
/// index them as they go in.
private func fillDatabase(at path: String, count: Int) throws {
  let first = ["Ada", "Grace", "Alan", "Barbara", "Edsger", "Donald", "Frances", "John", "Margaret", "Ken"]
  let last = ["Lovelace", "Hopper", "Turing", "Liskov", "Dijkstra", "Knuth", "Allen", "Backus", "Hamilton", "Thompson"]
  let queue = try DatabaseQueue(path: path)
  try queue.write { db in
    let statement = try db.makeStatement(
      sql: "INSERT INTO client (name, email, age, createdAt) VALUES (?, ?, ?, ?)")
    for index in 0..<count {
      let given = first[index % first.count]
      let family = last[(index / first.count) % last.count]
      let email = "\(given.lowercased()).\(family.lowercased())\(index)@example.com"
      try statement.execute(arguments: ["\(given) \(family)", email, 18 + index % 70, Date()])
    }
  }
}
