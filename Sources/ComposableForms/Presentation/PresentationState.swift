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
  // NB: In a box of its own, copied on write, as TCA's: a feature can then present itself
  //     (`@PresentationState var subfolder: Folder.State?`), which a stored optional forbids.
  private var storage: Storage

  public init(wrappedValue: State?) {
    self.storage = Storage(wrappedValue)
  }

  /// The presented feature's state, or `nil` while nothing is presented.
  public var wrappedValue: State? {
    get { storage.value }
    set {
      if isKnownUniquelyReferenced(&storage) {
        storage.value = newValue
      } else {
        storage = Storage(newValue)
      }
    }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
      yield &storage.value
    }
  }

  /// The wrapper itself, reached as `$field`: what `ifLet` takes.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  private final class Storage {
    var value: State?
    init(_ value: State?) { self.value = value }
  }
}

extension PresentationState: Equatable where State: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

// NB: The box is never shared while written: a write to a shared one copies it first.
extension PresentationState: @unchecked Sendable where State: Sendable {}

extension PresentationState: Decodable where State: Decodable {
  /// Decodes the bare optional, so a state type's JSON has no trace of the wrapper.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try State?(from: decoder))
  }
}

extension PresentationState: Encodable where State: Encodable {
  /// Encodes the bare optional.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension PresentationState: CustomReflectable {
  /// Reflects as the optional state, so dumps and a `TestStore`'s diffs show values, not the
  /// wrapper.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue as Any) }
}
