import IssueReporting

/// Runs a child reducer on part of a parent's state, for the child's actions only.
///
/// State is focused with a writable key path and actions with a case key path, so a child
/// action changes only the child's state, and the parent can still observe it afterwards.
///
/// As in TCA, the child's cancellation identifiers are shared with the parent (which can cancel
/// the child's effects by them) and with other scoped children; the form engine's own are kept
/// apart, so two forms of one type, each in its `Scope`, never cancel each other's checks, and
/// so are those an `ifLet` or `forEach` inside the child placed (its children's own).
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.settings, action: \.settings) { Settings() }
///   Reduce { state, action in
///     if case .settings(.submitted) = action { state.savedCount += 1 }
///     return .none
///   }
/// }
/// ```
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  /// Where the child's state is: a property of the parent's, or a case of its enum.
  @usableFromInline
  enum ChildStatePath {
    case property(WritableKeyPath<ParentState, Child.State>)
    case enumCase(AnyCasePath<ParentState, Child.State>, CaseScopeReport)
  }

  @usableFromInline let toChildState: ChildStatePath
  @usableFromInline let place: EffectPlace
  @usableFromInline let toChildAction: AnyCasePath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes `child` to the state at `toChildState` and the actions in case `toChildAction`.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .property(toChildState)
    self.place = EffectPlace(toChildState)
    self.toChildAction = AnyCasePath(toChildAction)
    self.child = child()
  }

  /// Scopes `child` to one case of the parent's enum state, as TCA's `Scope(state: \.case, …)`:
  /// a feature that is a signed-in screen or a signed-out one, each case its own reducer.
  ///
  /// A child action that arrives while the state is in another case changes nothing and is
  /// reported as an issue, here (a logic error: an effect outlived its screen, say). Unlike
  /// ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)``, nothing is cancelled
  /// when the case changes: that operator suits a parent that moves between cases itself.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Scope(state: \.signedIn, action: \.signedIn) { Account() }
  ///   Scope(state: \.signedOut, action: \.signedOut) { SignIn() }
  /// }
  /// ```
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentState: CasePathable {
    self.toChildState = .enumCase(
      AnyCasePath(toChildState),
      CaseScopeReport(location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
    self.place = EffectPlace(toChildState)
    self.toChildAction = AnyCasePath(toChildAction)
    self.child = child()
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let toChildAction = self.toChildAction
    let effect: Effect<Child.Action>
    switch toChildState {
    case let .property(keyPath):
      effect = child.reduce(into: &state[keyPath: keyPath], action: childAction)
    case let .enumCase(casePath, report):
      guard var childState = casePath.extract(from: state) else {
        report.childActionInAnotherCase(action, state: state)
        return .none
      }
      effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
    }
    return effect
      .placed(under: place, everyID: false)
      .map { toChildAction.embed($0) }
  }
}

/// Where a `Scope` of an enum's case was written, and its report of a child action that arrived
/// while the state was in another case.
@usableFromInline
struct CaseScopeReport: Sendable {
  let location: SourceLocation

  @usableFromInline
  func childActionInAnotherCase(_ action: some Any, state: some Any) {
    reportChildActionWithoutState(
      "A Scope", found: "the state was in another case", action: action, state: state,
      causes: [
        "A reducer that runs before this Scope moved the state to another case: put the Scope first.",
        "An effect of the case's feature sent it after the state left the case. A Scope does not "
          + "cancel them; `ifCaseLet` does, where the parent moves between cases itself.",
        "It was sent to the store while the state was in another case.",
      ], at: location)
  }
}
