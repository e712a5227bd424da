import CasePathsCore
import IssueReporting

/// An action of one element of a collection of child features: which element, by its id, and
/// the element's own action, as TCA's `IdentifiedAction`.
///
/// ```swift
/// enum Action {
///   case rows(IdentifiedAction<Row.State.ID, Row.Action>)
/// }
/// store.send(.rows(.element(id: 2, action: .startTapped)))
/// ```
public enum IdentifiedAction<ID: Hashable & Sendable, Action> {
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

extension IdentifiedAction: CasePathable {
  /// The paths of its case, as TCA's: `\.rows.element` for any element's action with its id,
  /// and `\.rows[id: 2]` for the actions of the element with id 2
  /// (`store.receive(\.rows[id: 2].saved)`).
  public struct AllCasePaths: Sendable {
    /// Any element's action, with the element's id.
    public var element: AnyCasePath<IdentifiedAction, (id: ID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: { if case let .element(id, action) = $0 { (id, action) } else { nil } })
    }

    /// The actions of the element with `id`.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case let .element(elementID, action) = $0, elementID == id else { return nil }
          return action
        })
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Case {
  /// The actions of the element with `id` in a `forEach`'s case: `\.rows[id: 2]`.
  public subscript<ID: Hashable & Sendable, ElementAction>(id id: ID) -> Case<ElementAction>
  where Value == IdentifiedAction<ID, ElementAction> {
    self[dynamicMember: \.[id: id]]
  }
}

extension Reducer {
  /// Runs a child reducer on each element of an array of `Identifiable` child states, before
  /// this reducer: an element's action (``IdentifiedAction``) reaches the element with its id.
  ///
  /// As with ``ifLet(_:action:then:fileID:filePath:line:column:)``, each element's effects are
  /// its own (the same cancellation identifier in another element names other effects, and the
  /// parent's cancel of it reaches every element's), and
  /// an element this reducer removes has its running effects cancelled. The ids must be
  /// unique, as in TCA's `IdentifiedArray`: an action reaches the first element with its id.
  /// An action for an id that is not in the array is reported as an issue (a logic error).
  ///
  /// ```swift
  /// Reduce { state, action in ... }
  ///   .forEach(\.rows, action: \.rows) { Row() }
  /// ```
  public func forEach<ElementState: Identifiable, ElementAction, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, [ElementState]>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ElementState.ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, Element>
  where Element.State == ElementState, Element.Action == ElementAction, ElementState.ID: Sendable {
    _ForEachReducer(
      parent: self, element: element(), toElementsState: toElementsState,
      toElementAction: AnyCasePath(toElementAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)`` builds.
public struct _ForEachReducer<Parent: Reducer, Element: Reducer>: Reducer
where Element.State: Identifiable, Element.State.ID: Sendable {
  typealias ID = Element.State.ID
  let parent: Parent
  let element: Element
  let toElementsState: WritableKeyPath<Parent.State, [Element.State]>
  let toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  let location: SourceLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var elementEffect = Effect<Parent.Action>.none
    if case let .element(id, elementAction)? = toElementAction.extract(from: action) {
      if let index = state[keyPath: toElementsState].firstIndex(where: { $0.id == id }) {
        let place = EffectPlace(toElementsState, identity: AnyHashable(id))
        let toElementAction = self.toElementAction
        elementEffect = element.reduce(into: &state[keyPath: toElementsState][index], action: elementAction)
          .placed(under: place, everyID: true)
          .map { toElementAction.embed(.element(id: id, action: $0)) }
          .cancellable(id: ChildEffectsID(place: place))
      } else {
        reportChildActionWithoutState(
          "A forEach", found: "no element with id \(id) was in the array at \(toElementsState)", action: action, state: state,
          causes: [
            "A reducer that runs before this one removed the element. Run this one first "
              + "(`Reduce { … }.forEach(…)`), so the element handles its action while it is there.",
            "An effect sent it after the element was removed. When this reducer's parent removed it, "
              + "the element's own effects were cancelled; one the parent started for it was not: cancel it too.",
            "It was sent to the store for an element that is not there.",
          ], at: location)
      }
    }
    // NB: The array before shares its storage: ids are compared, without allocating, and
    //     only where they changed is the set of those left built.
    let before = state[keyPath: toElementsState]
    let parentEffect = parent.reduce(into: &state, action: action)
    let after = state[keyPath: toElementsState]
    guard !before.elementsEqual(after, by: { $0.id == $1.id }) else { return .merge(elementEffect, parentEffect) }
    // NB: Elements the parent removed: their effects end with them.
    let idsAfter = Set(after.map(\.id))
    let removed = before.map(\.id).filter { !idsAfter.contains($0) }
    guard !removed.isEmpty else { return .merge(elementEffect, parentEffect) }
    let cancels = removed.map { id in
      Effect<Parent.Action>.cancel(id: ChildEffectsID(place: EffectPlace(toElementsState, identity: AnyHashable(id))))
    }
    return .merge([elementEffect, parentEffect] + cancels)
  }
}
