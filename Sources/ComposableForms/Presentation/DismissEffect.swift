import Dependencies
import IssueReporting

/// Lets a presented feature dismiss itself from one of its effects, as TCA's `dismiss`
/// dependency: `await dismiss()` sends `.dismiss` to the ``PresentationAction`` case that
/// presented it, so the parent sees it and the state becomes `nil`.
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
/// ``PresentationState`` presented. Called from anywhere else (an effect of a feature nothing
/// presented), it dismisses nothing and reports an issue. A test can set its own:
/// `$0.dismiss = DismissEffect { dismissed.withValue { $0 = true } }`.
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
        'dismiss()' was called from an effect of a feature that no 'ifLet' over a \
        'PresentationState' presented: nothing was dismissed. Present the feature with \
        '.ifLet(\\.$child, action: \\.child) { Child() }', or send the parent an action instead.
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
    // NB: Through the part's own sender: nothing is sent once it has been cancelled.
    withContext { context, send in context.dismiss = { send(dismissAction()) } }
  }
}

private enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

extension DependencyValues {
  /// Dismisses the presented feature whose effect calls it (``DismissEffect``).
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }
}
