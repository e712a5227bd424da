import Foundation
import SettingsFeatures

extension NotificationPermissionClient {
  /// Grants notifications when this machine can deliver them to the person: a desktop
  /// notification sender (`notify-send`, from libnotify) is installed, and there is a desktop
  /// session to deliver to (`DBUS_SESSION_BUS_ADDRESS` is set).
  ///
  /// Otherwise the answer is `.denied(reason:)` with a reason short enough to show under the
  /// form's toggle. The environment is a parameter, so tests (and `env -i`) control the answer;
  /// `PATH` is searched when the request is made, not when the client is built.
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.notificationPermission = .live()
  /// } operation: {
  ///   // ... run the settings form
  /// }
  /// let bare = NotificationPermissionClient.live(environment: ["PATH": "/nonexistent"])
  /// await bare.request() // .denied(reason: "No desktop notification service (notify-send) is installed")
  /// ```
  public static func live(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Self {
    Self {
      NotificationAvailability(environment: environment).response
    }
  }
}

/// What the environment says about delivering desktop notifications.
struct NotificationAvailability {
  static let senderName = "notify-send"
  static let noSender = "No desktop notification service (notify-send) is installed"
  static let noSession = "No desktop session to deliver notifications to"

  var environment: [String: String]
  /// Whether a path names an executable file; tests replace it.
  var isExecutableFile: (String) -> Bool = ExecutableSearch.isExecutableFile

  var response: NotificationPermissionClient.Response {
    let search = ExecutableSearch(path: environment["PATH"], isExecutableFile: isExecutableFile)
    guard search.find(Self.senderName) != nil else { return .denied(reason: Self.noSender) }
    guard let bus = environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty else {
      return .denied(reason: Self.noSession)
    }
    return .granted
  }
}
