import IssueReporting

/// The report of a child action that found no child state (an `ifLet`'s `nil`, a `forEach`'s
/// missing id, an enum in another case), with the usual causes, as TCA's: each one a logic
/// error with a different fix.
func reportChildActionWithoutState(
  _ reducer: String, found: String, action: some Any, at location: SourceLocation
) {
  reportIssue(
    """
    \(reducer) received a child action while \(found):

      \(action)

    This is a logic error. It usually comes from one of:
      • A reducer that runs before this one removed the child state. Run this one first \
    (`Reduce { … }.ifLet(…)`, not the other way round), so the child handles its action while \
    its state is there.
      • An effect sent it after the child state was removed. The child's own effects are \
    cancelled then; an effect the parent started for it is not: cancel it too.
      • It was sent to the store while the child state was absent: check the state first.
    """,
    fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
}
