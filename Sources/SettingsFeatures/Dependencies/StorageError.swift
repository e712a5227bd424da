/// A failure to read or write saved data, with a message a person can act on.
public struct StorageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong and what to do, e.g. "~/.config/settings-tui/settings.json is not valid
  /// JSON (line 3): fix or remove the file."
  public var message: String
  /// The client an edit was saving, when another program deleted it meanwhile: the form then
  /// offers to add it again with the edit's values.
  public var deletedClient: Client?

  public init(_ message: String) { self.message = message }

  /// The client being edited (as the edit opened it) was deleted by another program.
  public static func deleted(_ client: Client) -> StorageError {
    var error = StorageError("\(client.name) <\(client.email)> was deleted by another program")
    error.deletedClient = client
    return error
  }

  /// A client with the email being saved exists already: the unique email, kept by the
  /// storage when two programs save the same one at once (the form's check sees it earlier).
  public static let emailTaken = StorageError("A client with this email already exists")

  public var description: String { message }
}
