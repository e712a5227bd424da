import IssueReporting
import Synchronization

/// Finds features whose body forgot `.form { … }`: their form actions reach no form engine,
/// so Tab, Enter, Save and Esc do nothing, and nothing says why.
///
/// A debug build counts the form actions the engine (``Reducer/form(submit:)``) handles; `Store`
/// and `TestStore` watch their reducer's first form action and report it when the count did not
/// move. A release build counts nothing and watches nothing.
// NB: Like `BodyCheck`, what a macro could diagnose when the feature is compiled; we use no
//     macros (see ARCHITECTURE.md).
package enum MissingFormEngineCheck {
  private static let handled = Atomic<Int>(0)

  /// Called by the form engine for each form action it handles.
  @inline(__always)
  static func engineHandledFormAction() {
    #if DEBUG
      handled.add(1, ordering: .relaxed)
    #endif
  }

  /// `reduce`, watching its first form action in a debug build (see the type's description);
  /// a report points at the given place (a test store's, where a test made it).
  package static func watching<State, Action>(
    _ reduce: @escaping (inout State, Action) -> Effect<Action>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> (inout State, Action) -> Effect<Action> {
    #if DEBUG
      guard Action.self is any BindableFormAction.Type else { return reduce }
      var watched = false
      return { state, action in
        guard !watched, let form = action as? any BindableFormAction, let description = formAction(of: form)
        else { return reduce(&state, action) }
        watched = true
        // NB: Another store's engine on another thread may move the count meanwhile: that
        //     hides a mistake for one run, it never reports a sound feature.
        let before = handled.load(ordering: .relaxed)
        let effect = reduce(&state, action)
        if handled.load(ordering: .relaxed) == before {
          reportIssue(
            """
            The form action \(description) reached no form engine, so focus, validation and \
            submit do nothing: add .form { … } to the feature's body, after BindingReducer().
            """, fileID: fileID, filePath: filePath, line: line, column: column)
        }
        return effect
      }
    #else
      return reduce
    #endif
  }

  private static func formAction<Action: BindableFormAction>(of action: Action) -> String? {
    action.form.map { ".form(\($0))" }
  }
}
