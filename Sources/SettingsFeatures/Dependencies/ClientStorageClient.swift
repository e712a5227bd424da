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
  /// the edit left alone keeps that program's value (its email too). A field both changed, to
  /// different values, is the mode's to settle. Returns the client as saved. Throws
  /// ``ClientChanged`` (``UpdateMode/askIfBothChanged``), or ``StorageError`` when the client
  /// was deleted, or the new email belongs to another.
  public var update: @Sendable (_ id: Int64, _ original: Client, _ edited: Client, _ mode: UpdateMode) async throws -> Client
  /// The ids of the clients whose name or email has a word starting with each word of the
  /// query (case aside; a word in a script written without spaces, as Chinese, may also stand
  /// inside one), oldest first; every client's for an empty query.
  public var matches: @Sendable (String) async throws -> [Int64]
  /// The clients with these ids, in the order given; ids no longer saved are left out.
  public var clients: @Sendable ([Int64]) async throws -> [SavedClient]

  public init(
    emailExists: @escaping @Sendable (String) async throws -> Bool,
    add: @escaping @Sendable (Client) async throws -> Void,
    all: @escaping @Sendable () async throws -> [Client],
    remove: @escaping @Sendable (SavedClient) async throws -> ClientRemoval,
    find: @escaping @Sendable (String) async throws -> SavedClient?,
    update: @escaping @Sendable (_ id: Int64, _ original: Client, _ edited: Client, _ mode: UpdateMode) async throws -> Client,
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

extension ClientStorageClient {
  /// What an update does with a field another program saved meanwhile that the edit changed
  /// too, to another value.
  public enum UpdateMode: Hashable, Sendable {
    /// Save nothing and throw ``ClientChanged``, so the person can choose.
    case askIfBothChanged
    /// Save the edit's value over the other program's.
    case keepMine
  }

  /// Another program saved the client meanwhile, changing fields the edit changed too, to
  /// other values (``UpdateMode/askIfBothChanged``): nothing was saved.
  public struct ClientChanged: Error, Hashable, Sendable {
    /// The fields both changed, as `--set` spells them.
    public var fields: [String]
    /// The client as the other program saved it.
    public var saved: Client

    public init(fields: [String], saved: Client) {
      self.fields = fields
      self.saved = saved
    }
  }
}

extension ClientStorageClient: TestDependencyKey {
  public static let testValue = ClientStorageClient(
    emailExists: { _ in try unimplementedStorage("ClientStorageClient.emailExists") },
    add: { _ in try unimplementedStorage("ClientStorageClient.add") },
    all: { try unimplementedStorage("ClientStorageClient.all") },
    remove: { _ in try unimplementedStorage("ClientStorageClient.remove") },
    find: { _ in try unimplementedStorage("ClientStorageClient.find") },
    update: { _, _, _, _ in try unimplementedStorage("ClientStorageClient.update") },
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
