/// Marks the state of a feature presented by its parent (a sheet, a question, an editor over a
/// list): `nil` while nothing is presented, as TCA's `PresentationState`.
///
/// Its `$` projection is what ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``
/// takes, together with a case of ``PresentationAction``; setting the state to `nil` (or
/// sending `.dismiss`) dismisses the child and cancels its effects.
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var editor: ClientForm.State?
/// }
/// enum Action {
///   case editor(PresentationAction<ClientForm.Action>)
///   case addTapped
/// }
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in
///     switch action {
///     case .addTapped:
///       state.editor = ClientForm.State()
///       return .none
///     case .editor:
///       return .none
///     }
///   }
///   .ifLet(\.$editor, action: \.editor) { ClientForm() }
/// }
/// ```
@propertyWrapper
public struct PresentationState<State> {
  /// The presented feature's state, or `nil` while nothing is presented.
  public var wrappedValue: State?

  public init(wrappedValue: State?) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, reached as `$field`: what `ifLet` takes.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension PresentationState: Equatable where State: Equatable {}
extension PresentationState: Hashable where State: Hashable {}
extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: CustomReflectable {
  /// Reflects as the optional state, so dumps and a `TestStore`'s diffs show values, not the
  /// wrapper.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue as Any) }
}
