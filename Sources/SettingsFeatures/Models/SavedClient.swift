/// A client as the database keeps it: with the id that orders the list (newest last).
public struct SavedClient: Equatable, Hashable, Sendable, Identifiable {
  public var id: Int64
  public var client: Client

  public init(id: Int64, client: Client) {
    self.id = id
    self.client = client
  }
}
