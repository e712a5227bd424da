import Dependencies
import IssueReporting
import Synchronization

/// Lets a presented feature dismiss itself from one of its effects, as TCA's `dismiss`
/// dependency: `await dismiss()` sends `.dismiss` to the ``PresentationAction`` case that
/// presented it, so the parent sees it (at once, before `dismiss()` returns) and the state
/// becomes `nil`.
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
///
/// case .saveResponse(.success):
///   return .run { [dismiss] _ in await dismiss() }
/// ```
///
/// It dismisses the feature whose effect calls it: the innermost one an
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)`` over a
/// ``PresentationState`` presented. It finds that presentation in the task that calls it (the
/// effect's, or a task the effect started): from work that left it (`Task.detached`, a
/// callback on another queue) it dismisses nothing and reports an issue, as it does in an
/// effect of a feature nothing presented. Once the effect has been cancelled (its feature
/// dismissed or replaced), it does nothing: a second `dismiss()`, or one from a task the
/// effect started and did not wait for, cannot dismiss what was presented next. (A task that
/// outlives an effect which ended by itself keeps its dismissal: wait for such work in the
/// effect, as TCA advises for every task an effect starts.)
///
/// A test can set its own: `$0.dismiss = DismissEffect { dismissed.withValue { $0 = true } }`.
/// It stands for the dismissal of the feature the test runs; a feature that one presents gets
/// the usual one again, unless the presenting `ifLet`'s child is given its own.
public struct DismissEffect: Sendable {
  let override: (@MainActor @Sendable () -> Void)?

  /// The dismissal of the presented feature whose effect calls it.
  public init() { self.override = nil }

  /// A dismissal that runs `dismiss` instead, for tests and previews.
  public init(_ dismiss: @escaping @MainActor @Sendable () -> Void) { self.override = dismiss }

  /// Dismisses the presented feature whose effect calls this.
  @MainActor
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    if let override { return override() }
    guard let dismiss = EffectContext.current.dismiss else {
      reportIssue(
        """
        'dismiss()' was called where no presented feature's effect runs: nothing was dismissed. \
        It dismisses a feature an 'ifLet' over a 'PresentationState' presented \
        ('.ifLet(\\.$child, action: \\.child) { Child() }'), from that feature's effect or a \
        task the effect started (not 'Task.detached' or another queue's callback).
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    dismiss()
  }
}

extension Effect {
  /// The effect with its presentation in force while each of its asynchronous parts runs, so
  /// `dismiss()` there sends `dismissAction`. An effect of a child this child presents was
  /// wrapped first, so its own presentation, set inside this one, is the one in force.
  func presented(dismissing dismissAction: @escaping @Sendable () -> Action) -> Self {
    withContext { context, send in
      // NB: Once the part is cancelled (its feature gone), its dismissal is spent: a task it
      //     left running must not dismiss the feature presented next.
      let cancelled = Cancelled()
      context.dismiss = { if !cancelled.value { send(dismissAction()) } }
      return { cancelled.set() }
    }
  }
}

/// Whether an effect's part was cancelled, told from its cancellation handler.
private final class Cancelled: Sendable {
  private let flag = Mutex(false)
  var value: Bool { flag.withLock { $0 } }
  func set() { flag.withLock { $0 = true } }
}

private enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

private enum IsPresentedKey: DependencyKey {
  static let liveValue = false
  static let testValue = false
}

extension DependencyValues {
  /// Dismisses the presented feature whose effect calls it (``DismissEffect``).
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }

  /// Whether the feature that reads it, in its reducer or its effects, was presented by an
  /// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)`` over a
  /// ``PresentationState`` (or is part of one that was), as TCA's `isPresented`: a feature
  /// shown both on its own and presented can ask before it calls `dismiss()`.
  public var isPresented: Bool {
    get { self[IsPresentedKey.self] }
    set { self[IsPresentedKey.self] = newValue }
  }
}
