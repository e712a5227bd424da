import IssueReporting

extension Reducer {
  /// Runs a child reducer on optional child state while it is present, before this reducer.
  ///
  /// When the child state becomes `nil`, or another child (another `id`, for an
  /// `Identifiable` child; another case, for an enum, whether this reducer or the child moved
  /// it), the running effects of the child that was there are cancelled. The child's cancellation identifiers are its own, as in TCA: the same
  /// identifier in another child (another `id`, or the same feature under another `Scope`)
  /// names other effects, and the child's cancel does not reach its parent's; the parent's
  /// cancel (or an ancestor's) of that identifier does reach the child's effects.
  /// A child action that arrives while the state is `nil` is reported as an issue (a logic error).
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifLet(\.client, action: \.client) { ClientForm() }
  /// ```
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped>
  where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction {
    _IfLetReducer(
      parent: self, child: wrapped(), toChildState: toWrappedState,
      toChildAction: AnyCasePath(toWrappedAction), identity: CaseIdentity().callAsFunction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs a child reducer on optional `Identifiable` child state, as
  /// ``ifLet(_:action:then:fileID:filePath:line:column:)`` does; the child's `id` tells one
  /// child from the next, so replacing it with another cancels the first one's effects.
  public func ifLet<WrappedState: Identifiable, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped>
  where Wrapped.State == WrappedState, Wrapped.Action == WrappedAction, WrappedState.ID: Sendable {
    _IfLetReducer(
      parent: self, child: wrapped(), toChildState: toWrappedState,
      toChildAction: AnyCasePath(toWrappedAction), identity: { AnyHashable($0.id) },
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)`` builds.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  /// The child's identity (its `id`, or an enum's case), or `nil` for a child that has none:
  /// every child at the key path is then the same one, as in TCA.
  let identity: (Child.State) -> AnyHashable?
  let location: SourceLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    let initial = state[keyPath: toChildState].map { EffectPlace(toChildState, identity: identity($0)) }
    var childEffect = Effect<Parent.Action>.none
    var afterChild = initial
    if let childAction = toChildAction.extract(from: action) {
      if var childState = state[keyPath: toChildState] {
        let toChildAction = self.toChildAction
        let effect = child.reduce(into: &childState, action: childAction)
        state[keyPath: toChildState] = childState
        // NB: Its effects belong to the state it left: it may have moved itself to another case.
        let place = EffectPlace(toChildState, identity: identity(childState))
        afterChild = place
        childEffect = effect
          .placed(under: place, everyID: true)
          .map { toChildAction.embed($0) }
          .cancellable(id: ChildEffectsID(place: place))
      } else {
        reportChildActionWithoutState(
          "An ifLet", found: "its optional state at \(toChildState) was nil", action: action, state: state,
          causes: [
            "A reducer that runs before this one set the state to nil. Run this one first "
              + "(`Reduce { … }.ifLet(…)`), so the child handles its action while its state is there.",
            "An effect sent it after the state became nil. When this reducer's parent set it to nil, "
              + "the child's own effects were cancelled; one the parent started for it was not: cancel it too.",
            "It was sent to the store while the state was nil.",
          ], at: location)
      }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    return .merge(
      childEffect, parentEffect,
      .endingChild(at: initial, now: afterChild?.identity),
      .endingChild(at: afterChild, now: state[keyPath: toChildState].map(identity)))
  }
}

extension Effect {
  /// Cancels the effects of the child that was at `place` when the child there is gone or is
  /// another one (`now`, its identity: another `id`, or another case); else nothing.
  static func endingChild(at place: EffectPlace?, now identity: AnyHashable??) -> Self {
    guard let place, identity != .some(place.identity) else { return .none }
    return .cancel(id: ChildEffectsID(place: place))
  }
}

/// Identifies the effects of the child at one place (key path and identity), so dismissing or
/// replacing the child cancels them; the library's own, so each `Scope` keeps it apart.
struct ChildEffectsID: PlacedEffectID {
  let place: EffectPlace
}
