import IssueReporting

/// The report of a child action that found no child state (an `ifLet`'s `nil`, a `forEach`'s
/// missing id, an enum in another case), with its usual causes, as TCA's: each one a logic
/// error with its own fix, which only the reducer that reports it can name. The action reads
/// as a `TestStore` shows it: its type, and the fields its bindings set where `state` (the
/// parent's) holds a value of their root, such as another element of a `forEach`'s array.
func reportChildActionWithoutState(
  _ reducer: String, found: String, action: some Any, state: some Any, causes: [String],
  at location: SourceLocation
) {
  reportIssue(
    """
    \(reducer) received a child action while \(found):

      \(ReducerChanges.describe(action, state: state))

    This is a logic error. It usually comes from one of:
    \(causes.map { "  • " + $0 }.joined(separator: "\n"))
    """,
    fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
}
