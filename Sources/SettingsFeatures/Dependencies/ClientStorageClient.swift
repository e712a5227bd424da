import Dependencies

/// Reads and writes saved clients. The live value (module SettingsStorage) is an SQLite
/// database with a unique email; tests inject their own.
public struct ClientStorageClient: Sendable {
  /// Whether a client with this email (compared without case) is already saved.
  public var emailExists: @Sendable (String) async throws -> Bool
  /// Saves a new client. Throws ``StorageError`` with a person-readable message, also when the
  /// email was taken in the meantime (another program saving the same email at once).
  public var add: @Sendable (Client) async throws -> Void
  /// Every saved client, oldest first.
  public var all: @Sendable () async throws -> [Client]
  /// Removes the client with the id, if it is still as given (what a person saw and confirmed):
  /// by id, so a client given the old email meanwhile is never the one removed.
  public var remove: @Sendable (SavedClient) async throws -> ClientRemoval
  /// The client with this email (compared without case), with its id, or `nil`.
  public var find: @Sendable (String) async throws -> SavedClient?
  /// Saves an edit of the client with the id: the fields the edited client (third) changed
  /// from the one the edit opened with (second); a field another program saved meanwhile and
  /// the edit left alone keeps that program's value (its email too). Returns the client as
  /// saved. Throws ``StorageError`` when the client was deleted, or the new email belongs to
  /// another.
  public var update: @Sendable (_ id: Int64, _ original: Client, _ edited: Client) async throws -> Client
  /// The ids of the clients whose name or email has a word starting with each word of the
  /// query (case aside), oldest first; every client's for an empty query.
  public var matches: @Sendable (String) async throws -> [Int64]
  /// The clients with these ids, in the order given; ids no longer saved are left out.
  public var clients: @Sendable ([Int64]) async throws -> [SavedClient]

  public init(
    emailExists: @escaping @Sendable (String) async throws -> Bool,
    add: @escaping @Sendable (Client) async throws -> Void,
    all: @escaping @Sendable () async throws -> [Client],
    remove: @escaping @Sendable (SavedClient) async throws -> ClientRemoval,
    find: @escaping @Sendable (String) async throws -> SavedClient?,
    update: @escaping @Sendable (_ id: Int64, _ original: Client, _ edited: Client) async throws -> Client,
    matches: @escaping @Sendable (String) async throws -> [Int64],
    clients: @escaping @Sendable ([Int64]) async throws -> [SavedClient]
  ) {
    self.emailExists = emailExists
    self.add = add
    self.all = all
    self.remove = remove
    self.find = find
    self.update = update
    self.matches = matches
    self.clients = clients
  }
}

extension ClientStorageClient: TestDependencyKey {
  public static let testValue = ClientStorageClient(
    emailExists: { _ in try unimplementedStorage("ClientStorageClient.emailExists") },
    add: { _ in try unimplementedStorage("ClientStorageClient.add") },
    all: { try unimplementedStorage("ClientStorageClient.all") },
    remove: { _ in try unimplementedStorage("ClientStorageClient.remove") },
    find: { _ in try unimplementedStorage("ClientStorageClient.find") },
    update: { _, _, _ in try unimplementedStorage("ClientStorageClient.update") },
    matches: { _ in try unimplementedStorage("ClientStorageClient.matches") },
    clients: { _ in try unimplementedStorage("ClientStorageClient.clients") }
  )
}

extension DependencyValues {
  public var clientStorage: ClientStorageClient {
    get { self[ClientStorageClient.self] }
    set { self[ClientStorageClient.self] = newValue }
  }
}
