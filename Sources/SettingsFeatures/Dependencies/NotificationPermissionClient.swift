import Dependencies

/// Asks whether this machine can deliver notifications to the person.
public struct NotificationPermissionClient: Sendable {
  /// The answer to a permission request.
  public enum Response: Equatable, Sendable {
    case granted
    /// Denied, with the reason shown under the toggle (e.g. "No notification service is running").
    case denied(reason: String)
  }

  public var request: @Sendable () async -> Response

  public init(request: @escaping @Sendable () async -> Response) {
    self.request = request
  }
}

extension NotificationPermissionClient: TestDependencyKey {
  public static let testValue = NotificationPermissionClient(
    request: { unimplementedStorage("NotificationPermissionClient.request", placeholder: .denied(reason: "unimplemented")) }
  )
}

extension DependencyValues {
  public var notificationPermission: NotificationPermissionClient {
    get { self[NotificationPermissionClient.self] }
    set { self[NotificationPermissionClient.self] = newValue }
  }
}
