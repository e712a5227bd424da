/// What the work of a running effect was started under, for the calls it makes from inside
/// (`dismiss()`, `withTaskCancellation(id:)`, `Task.cancel(id:)`): the runner that started it,
/// the places in the state it came up through, and the presentation it belongs to.
///
/// The runner starts each effect's task with a fresh one, so work started while another
/// effect's task sends an action (a parent's effect, made as its child's effect sends) keeps
/// nothing of that effect's context.
struct EffectContext: Sendable {
  /// The runner that started the effect; weak, so a store let go still cancels its effects.
  weak var runner: (any EffectCancelling)?
  /// The places the effect came up through, outermost first, each with whether it places
  /// every identifier (an `ifLet`'s child) or only placed ones (a `Scope`'s).
  var places: [(place: EffectPlace, everyID: Bool)] = []
  /// Sends `.dismiss` for the presented feature the effect belongs to (see ``DismissEffect``).
  var dismiss: (@MainActor @Sendable () -> Void)?

  @TaskLocal static var current = EffectContext()

  /// `id` as the effect's reducer would have placed it in a `.cancellable(id:)`.
  func placed(_ id: some Hashable & Sendable) -> EffectID {
    places.reversed().reduce(EffectID(id)) { id, step in id.placed(under: step.place, everyID: step.everyID) }
  }
}

/// The runner's side of cancellation by identifier, without its action type.
@MainActor
protocol EffectCancelling: AnyObject, Sendable {
  func cancel(id: EffectID)
  /// Registers work made cancellable under `id`; returns the key that forgets it.
  func register(_ id: EffectID, cancel: @escaping @Sendable () -> Void) -> Int
  func forget(_ key: Int)
}

extension Effect {
  /// The effect with `update` applied to the context of each of its asynchronous parts while
  /// they run (given the part's sender at this level): applied to an effect as it comes up
  /// through a reducer, so an outer reducer's update runs first and an inner one's, nearer the
  /// work, last. What `update` returns runs when the part is cancelled.
  func withContext(
    _ update: @escaping @Sendable (inout EffectContext, Send<Action>) -> (@Sendable () -> Void)?
  ) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case let .run(priority, operation):
      return Self(
        .run(priority: priority) { send in
          var context = EffectContext.current
          guard let onCancel = update(&context, send) else {
            return await EffectContext.$current.withValue(context) { await operation(send) }
          }
          await withTaskCancellationHandler {
            await EffectContext.$current.withValue(context) { await operation(send) }
          } onCancel: {
            onCancel()
          }
        })
    case let .merge(effects):
      return Self(.merge(effects.map { $0.withContext(update) }))
    case let .concatenate(effects):
      return Self(.concatenate(effects.map { $0.withContext(update) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Self(.cancellable(id: id, cancelInFlight: cancelInFlight, effect: effect.withContext(update)))
    }
  }
}
