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
  @usableFromInline let toChildState: WritableKeyPath<ParentState, Child.State>
  @usableFromInline let toChildAction: AnyCasePath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes `child` to the state at `toChildState` and the actions in case `toChildAction`.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = toChildState
    self.toChildAction = AnyCasePath(toChildAction)
    self.child = child()
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let toChildAction = self.toChildAction
    return child.reduce(into: &state[keyPath: toChildState], action: childAction)
      .placed(under: EffectPlace(toChildState), everyID: false)
      .map { toChildAction.embed($0) }
  }
}
