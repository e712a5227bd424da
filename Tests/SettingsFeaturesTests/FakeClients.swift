import SettingsFeatures

/// Saved clients for the list's tests, searched like the database does (word starts) and
/// updated by its rule: an edit's changes only, a field both changed asked about.
actor FakeClients {
  var saved: [SavedClient]
  var removed: [String] = []
  /// The clients as each update saved them.
  var updated: [Client] = []

  func update(
    _ id: Int64, _ original: Client, _ client: Client, _ mode: ClientStorageClient.UpdateMode = .askIfBothChanged
  ) throws -> Client {
    guard let index = saved.firstIndex(where: { $0.id == id }) else { throw StorageError.deleted(original) }
    let theirs = saved[index].client
    let conflicts = Client.conflicts(ours: client, base: original, theirs: theirs)
    if mode == .askIfBothChanged, !conflicts.isEmpty {
      throw ClientStorageClient.ClientChanged(fields: conflicts, saved: theirs)
    }
    let merged = Client.merging(ours: client, base: original, theirs: theirs)
    updated.append(merged)
    saved[index].client = merged
    return merged
  }

  /// Another program removes the client with `id`.
  func removeElsewhere(id: Int64) { saved.removeAll { $0.id == id } }

  /// Another program saves `client` under `id`.
  func save(_ client: Client, as id: Int64) {
    if let index = saved.firstIndex(where: { $0.id == id }) { saved[index].client = client }
  }

  init(_ clients: [Client]) {
    saved = clients.enumerated().map { SavedClient(id: Int64($0.offset + 1), client: $0.element) }
  }

  func matches(_ query: String) -> [Int64] {
    let words = query.lowercased().split(separator: " ")
    return saved.filter { saved in
      let text = "\(saved.client.name) \(saved.client.email)".lowercased()
      let tokens = text.split { !$0.isLetter && !$0.isNumber }
      return words.allSatisfy { word in tokens.contains { $0.hasPrefix(word) } }
    }.map(\.id)
  }

  func clients(_ ids: [Int64]) -> [SavedClient] { ids.compactMap { id in saved.first { $0.id == id } } }

  func remove(_ client: SavedClient) -> ClientRemoval {
    removed.append(client.client.email)
    guard let index = saved.firstIndex(where: { $0.id == client.id }) else { return .gone }
    guard saved[index].client == client.client else { return .changed(saved[index].client) }
    saved.remove(at: index)
    return .removed
  }
}

extension FakeClients {
  /// A client storage that keeps its clients here.
  nonisolated var storage: ClientStorageClient {
    ClientStorageClient(
      emailExists: { email in await self.saved.contains { $0.client.email.lowercased() == email.lowercased() } },
      add: { client in await self.add(client) },
      all: { await self.saved.map(\.client) },
      remove: { await self.remove($0) },
      find: { email in await self.saved.first { $0.client.email == email } },
      update: { try await self.update($0, $1, $2, $3) },
      matches: { await self.matches($0) },
      clients: { await self.clients($0) })
  }

  func add(_ client: Client) {
    saved.append(SavedClient(id: (saved.map(\.id).max() ?? 0) + 1, client: client))
  }
}
