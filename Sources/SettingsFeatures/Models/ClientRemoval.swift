/// What removing a client a person confirmed came to (``ClientStorageClient/remove``).
public enum ClientRemoval: Equatable, Sendable {
  /// The client is gone.
  case removed
  /// Another program had removed it already.
  case gone
  /// Another program changed it since it was shown (here as it is now), so it was kept: the
  /// person confirmed removing the client as shown, not what it became.
  case changed(Client)
}
