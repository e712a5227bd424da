import IssueReporting

/// Reports that a test used a dependency it did not override, then fails the call.
func unimplementedStorage<T>(_ name: String) throws(StorageError) -> T {
  reportIssue("Unimplemented: \(name). Override this dependency in the test.")
  throw StorageError("\(name) is not implemented in this test")
}

/// Reports that a test used a dependency it did not override, and answers a placeholder.
func unimplementedStorage<T>(_ name: String, placeholder: T) -> T {
  reportIssue("Unimplemented: \(name). Override this dependency in the test.")
  return placeholder
}
