import CasePathsCore

/// An action of a presented feature, as TCA's: one of the child's own, or the parent's
/// request to dismiss it.
///
/// A child dismisses itself from an effect with `@Dependency(\.dismiss)`, which sends
/// `.dismiss` for it (``DismissEffect``).
public enum PresentationAction<Action> {
  /// Dismisses the presented feature: the parent's reducer sees this action while the child's
  /// state is still there, then the state becomes `nil` and the child's effects are cancelled.
  case dismiss
  /// An action of the presented feature.
  // NB: Indirect, as TCA's: a feature can then present itself.
  indirect case presented(Action)
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

extension PresentationAction: CasePathable {
  /// The paths of its cases: `\.editor.dismiss`, `\.editor.presented`, and, where the child's
  /// action is itself `CasePathable`, the child's cases directly: `\.editor.saved` is
  /// `\.editor.presented.saved`, as in TCA.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The request to dismiss.
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: { if case .dismiss = $0 { () } else { nil } })
    }

    /// Any action of the presented feature.
    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: { if case let .presented(action) = $0 { action } else { nil } })
    }

    /// A case of the presented feature's action, reached through `presented`.
    public subscript<Appended>(
      dynamicMember keyPath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, Appended>>
    ) -> AnyCasePath<PresentationAction, Appended> where Action: CasePathable {
      Self.presented(Action.allCasePaths[keyPath: keyPath])
    }

    // NB: Outside the `CasePathable` constraint: a closure made under it would capture the
    //     conformance, which is not `Sendable`.
    private static func presented<Appended>(
      _ child: AnyCasePath<Action, Appended>
    ) -> AnyCasePath<PresentationAction, Appended> {
      AnyCasePath(
        embed: { .presented(child.embed($0)) },
        extract: {
          guard case let .presented(action) = $0 else { return nil }
          return child.extract(from: action)
        })
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
