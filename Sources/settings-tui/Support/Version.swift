import CVersion

/// The program's version, from the VERSION file (see Package.swift).
enum Version {
  static let current = String(cString: settings_tui_version())
}
