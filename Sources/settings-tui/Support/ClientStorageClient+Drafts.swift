import SettingsFeatures

extension ClientStorageClient {
  /// This storage, where a client removed takes the drafts of its edits with it
  /// (``DraftKeeper/discardDrafts(editing:in:environment:)``): `clients remove` and the list's
  /// `d` alike.
  func discardingDrafts(in database: String, environment: [String: String]) -> ClientStorageClient {
    var storage = self
    storage.remove = { saved in
      let removal = try await self.remove(saved)
      if case .removed = removal {
        DraftKeeper<ClientForm.State, Client>.discardDrafts(editing: saved.id, in: database, environment: environment)
      }
      return removal
    }
    return storage
  }
}
