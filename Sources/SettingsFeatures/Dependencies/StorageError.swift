/// A failure to read or write saved data, with a message a person can act on.
public struct StorageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong and what to do, e.g. "~/.config/settings-tui/settings.json is not valid
  /// JSON (line 3): fix or remove the file."
  public var message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
