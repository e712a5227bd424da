import Dependencies
import IssueReporting

/// Work a reducer asks the store to do after it changed state, such as saving or asking for
/// permission, whose results come back as actions.
///
/// Effects are values: a reducer returns one, the ``Store`` runs it, and a `TestStore` can
/// assert every action it sends back.
///
/// ```swift
/// case .saveButtonTapped:
///   state.isSaving = true
///   return .run { [storage, values = state.values] send in
///     await send(.saveResponse(Result { try await storage.save(values) }))
///   }
/// ```
///
/// The closure is `@Sendable`: capture the dependencies it uses (`[storage]`), as a `public`
/// reducer is not `Sendable` itself and cannot be captured whole.
public struct Effect<Action> {
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    case run(priority: TaskPriority?, operation: @Sendable (Send<Action>) async -> Void)
    case merge([Effect<Action>])
    case concatenate([Effect<Action>])
    case cancellable(id: EffectID, cancelInFlight: Bool, effect: Effect<Action>)
    case cancel(id: EffectID)

    /// Whether the effect runs work in a task (a `.run` somewhere in it); one that does not
    /// only sends and cancels, all at once.
    var runsWork: Bool {
      switch self {
      case .none, .send, .cancel: false
      case .run: true
      case let .merge(effects), let .concatenate(effects): effects.contains { $0.operation.runsWork }
      case let .cancellable(_, _, effect): effect.operation.runsWork
      }
    }
  }

  @usableFromInline
  let operation: Operation

  @usableFromInline
  init(_ operation: Operation) { self.operation = operation }
}

extension Effect {
  /// An effect that does nothing.
  public static var none: Self { Self(.none) }

  /// An effect that sends an action straight away, before any asynchronous work.
  ///
  /// Prefer calling shared logic directly; use this to forward to a parent, for example.
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// An effect that runs asynchronous work and can send any number of actions back.
  ///
  /// Cancellation ends the task cooperatively; actions sent after cancellation are dropped.
  /// An error other than `CancellationError` goes to `handler`, or is reported as an issue.
  /// The work runs with the dependencies in force where the effect was made (the store's, as
  /// a reducer's ``Reducer/dependency(_:_:)`` or a `withDependencies` around it changed them).
  ///
  /// ```swift
  /// return .run { [permission] send in
  ///   let response = await permission.request()
  ///   await send(.permissionResponse(response))
  /// }
  /// ```
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let dependencies = DependencyValues._current
    return Self(
      .run(priority: priority) { send in
        await DependencyValues.$_current.withValue(dependencies) {
          do {
            try await operation(send)
          } catch is CancellationError {
          } catch {
            guard let handler else {
              reportIssue(
                "An 'Effect.run' threw \(error) and has no 'catch' handler.",
                fileID: fileID, filePath: filePath, line: line, column: column
              )
              return
            }
            await handler(error, send)
          }
        }
      }
    )
  }

  /// Runs effects at the same time.
  public static func merge(_ effects: Self...) -> Self { .merge(effects) }

  /// Runs effects at the same time.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { if case .none = $0.operation { false } else { true } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(.merge(effects))
    }
  }

  /// Runs this effect and another at the same time.
  @inlinable
  public func merge(with other: Self) -> Self {
    switch (self.operation, other.operation) {
    case (.none, _): return other
    case (_, .none): return self
    default: return Self(.merge([self, other]))
    }
  }

  /// Runs effects one after another: each starts when the previous one has finished.
  public static func concatenate(_ effects: Self...) -> Self { .concatenate(effects) }

  /// Runs effects one after another: each starts when the previous one has finished.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { if case .none = $0.operation { false } else { true } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(.concatenate(effects))
    }
  }

  /// Runs this effect, then `next` when it has finished.
  public func concatenate(with next: Self) -> Self { .concatenate([self, next]) }

  /// Transforms every action the effect sends, e.g. to embed a child's action in a parent's.
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case let .send(action):
      return .send(transform(action))
    case let .run(priority, operation):
      return Effect<NewAction>(
        .run(priority: priority) { send in
          await operation(Send { action in send(transform(action)) })
        }
      )
    case let .merge(effects):
      return Effect<NewAction>(.merge(effects.map { $0.map(transform) }))
    case let .concatenate(effects):
      return Effect<NewAction>(.concatenate(effects.map { $0.map(transform) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Effect<NewAction>(
        .cancellable(id: id, cancelInFlight: cancelInFlight, effect: effect.map(transform))
      )
    case let .cancel(id):
      return Effect<NewAction>(.cancel(id: id))
    }
  }
}
