import CasePathsCore
import IssueReporting

extension Reducer where State: CasePathable {
  /// Runs a child reducer on one case of enum state while the state is in that case, before
  /// this reducer, as TCA's `ifCaseLet` (a signed-out screen and a signed-in one, a wizard's
  /// steps).
  ///
  /// When this reducer moves the state to another case, the child's running effects are
  /// cancelled; its cancellation identifiers are its own, as under
  /// ``ifLet(_:action:then:fileID:filePath:line:column:)``. A child action that arrives while
  /// the state is in another case is reported as an issue (a logic error).
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifCaseLet(\.signedIn, action: \.signedIn) { Account() }
  /// ```
  ///
  /// Without macros, the state enum states its cases' paths itself, as an action enum does
  /// (see `Scope`).
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case>
  where Action: CasePathable, Case.State == CaseState, Case.Action == CaseAction {
    _IfCaseLetReducer(
      parent: self, child: `case`(), toChildState: AnyCasePath(toCaseState),
      toChildAction: AnyCasePath(toCaseAction), place: EffectPlace(toCaseState),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)`` builds.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: AnyCasePath<Parent.State, Child.State>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  /// Where the child's effects are kept apart: the case's path.
  let place: EffectPlace
  let location: SourceLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let wasInCase = toChildState.extract(from: state) != nil
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(from: action) {
      if var childState = toChildState.extract(from: state) {
        let toChildAction = self.toChildAction
        childEffect = child.reduce(into: &childState, action: childAction)
          .placed(under: place, everyID: true)
          .map { toChildAction.embed($0) }
          .cancellable(id: ChildEffectsID(place: place))
        state = toChildState.embed(childState)
      } else {
        reportChildActionWithoutState(
          "An ifCaseLet", found: "the state was in another case", action: action, state: state,
          causes: [
            "A reducer that runs before this one moved the state to another case. Run this one "
              + "first (`Reduce { … }.ifCaseLet(…)`), so the case handles its action while it holds.",
            "An effect sent it after the state left the case. When this reducer's parent moved it, "
              + "the case's own effects were cancelled; one the parent started for it was not: cancel it too.",
            "It was sent to the store while the state was in another case.",
          ], at: location)
      }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    // NB: Moved to another case: the child's effects end.
    guard wasInCase, toChildState.extract(from: state) == nil else { return .merge(childEffect, parentEffect) }
    return .merge(childEffect, parentEffect, .cancel(id: ChildEffectsID(place: place)))
  }
}
