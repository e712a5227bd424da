import Dependencies
import IssueReporting

extension Reducer {
  /// Runs a presented child's reducer while its ``PresentationState`` holds state, before this
  /// reducer, as TCA's `ifLet` over `@Presents` state.
  ///
  /// - `.presented(action)` reaches the child.
  /// - `.dismiss` (sent by the parent, or by the child's `@Dependency(\.dismiss)`) reaches this
  ///   reducer while the child's state is still there; then the state becomes `nil`, unless
  ///   this reducer presented another child in its place.
  /// - When the state becomes `nil`, or another child (another `id`, for an `Identifiable`
  ///   child; another case, for an enum such as a `Destination`, whoever moved it), the
  ///   child's running effects are cancelled. Its cancellation identifiers follow the rules of
  ///   ``ifLet(_:action:then:fileID:filePath:line:column:)``.
  /// - An action of either kind that arrives while nothing is presented is reported as an issue
  ///   (a logic error).
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .ifLet(\.$editor, action: \.editor) { ClientForm() }
  /// ```
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _PresentationReducer(
      parent: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: AnyCasePath(toPresentationAction), identity: CaseIdentity().callAsFunction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs a presented `Identifiable` child, as
  /// ``ifLet(_:action:destination:fileID:filePath:line:column:)`` does; its `id` tells one
  /// presentation from the next, so presenting another in its place cancels the first one's
  /// effects.
  public func ifLet<DestinationState: Identifiable, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where
    Destination.State == DestinationState, Destination.Action == DestinationAction,
    DestinationState.ID: Sendable
  {
    _PresentationReducer(
      parent: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: AnyCasePath(toPresentationAction), identity: { AnyHashable($0.id) },
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)`` builds.
public struct _PresentationReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  let parent: Parent
  let destination: Destination
  let toPresentationState: WritableKeyPath<Parent.State, PresentationState<Destination.State>>
  let toPresentationAction: AnyCasePath<Parent.Action, PresentationAction<Destination.Action>>
  /// The child's identity (its `id`, or an enum's case), or `nil` for a child that has none:
  /// every child at the key path is then the same one, as with `ifLet` over an optional.
  let identity: (Destination.State) -> AnyHashable?
  let location: SourceLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let initial = state[keyPath: toPresentationState].wrappedValue.map {
      EffectPlace(toPresentationState, identity: identity($0))
    }
    let presentationAction = toPresentationAction.extract(from: action)
    var destinationEffect = Effect<Parent.Action>.none
    var afterChild = initial
    switch presentationAction {
    case let .presented(destinationAction)?:
      if var destinationState = state[keyPath: toPresentationState].wrappedValue {
        let toPresentationAction = self.toPresentationAction
        // NB: The child (and the effects it makes) is presented; a dismissal set for the
        //     presenting feature (a test's) is not its: it gets the usual one, unless its own
        //     reducer sets another, as TCA's `ifLet` sets both.
        let effect = withDependencies {
          $0.isPresented = true
          if $0.dismiss.override != nil { $0.dismiss = DismissEffect() }
        } operation: {
          destination.reduce(into: &destinationState, action: destinationAction)
        }
        state[keyPath: toPresentationState].wrappedValue = destinationState
        // NB: Its effects belong to the state it left: it may have moved itself to another case.
        let place = EffectPlace(toPresentationState, identity: identity(destinationState))
        afterChild = place
        destinationEffect = effect
          .placed(under: place, everyID: true)
          .map { toPresentationAction.embed(.presented($0)) }
          .presented(dismissing: { toPresentationAction.embed(.dismiss) })
          .cancellable(id: ChildEffectsID(place: place))
      } else {
        reportWithoutState(action, state: state)
      }
    case .dismiss?:
      if initial == nil { reportWithoutState(action, state: state) }
    case nil:
      break
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    var now = state[keyPath: toPresentationState].wrappedValue.map(identity)
    // NB: Dismissed, unless the parent presented another child in its place.
    if case .dismiss? = presentationAction, let afterChild, now == .some(afterChild.identity) {
      state[keyPath: toPresentationState].wrappedValue = nil
      now = nil
    }
    return .merge(
      destinationEffect, parentEffect,
      .endingChild(at: initial, now: afterChild?.identity),
      .endingChild(at: afterChild, now: now))
  }

  private func reportWithoutState(_ action: Parent.Action, state: Parent.State) {
    reportChildActionWithoutState(
      "An ifLet over a PresentationState",
      found: "nothing was presented (its PresentationState<\(typeName(Destination.State.self))> in "
        + "\(typeName(Parent.State.self)) was nil)",
      action: action, state: state,
      causes: [
        "A reducer that runs before this one dismissed the child (set its state to nil). Run this "
          + "one first (`Reduce { … }.ifLet(\\.$child, …)`), so the child handles its action while it is there.",
        "An effect sent it after the child was dismissed. The child's own effects were cancelled "
          + "with it; one the parent started for it was not: cancel it too.",
        "It was sent to the store while nothing was presented.",
      ], at: location)
  }
}
