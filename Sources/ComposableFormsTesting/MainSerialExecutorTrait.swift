import ComposableForms
import Testing

/// Runs a suite's tests with every task on the main serial executor, so effects reach their
/// first suspension (say, a test clock's `sleep`) before the test goes on: no races between
/// `clock.advance` and an effect that has not started sleeping yet.
///
/// ```swift
/// @Suite(.mainSerialExecutor)
/// @MainActor
/// struct SearchTests { ... }
/// ```
public struct MainSerialExecutorTrait: SuiteTrait, TestTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil else { return try await function() }
    MainSerialExecutorUsers.enter()
    defer { MainSerialExecutorUsers.leave() }
    try await function()
  }
}

extension Trait where Self == MainSerialExecutorTrait {
  /// Runs tasks on the main serial executor while the tests run.
  public static var mainSerialExecutor: Self { Self() }
}

/// Counts the tests that need the main serial executor, so overlapping suites (Swift Testing
/// runs suites in parallel) keep it on until the last one is done.
enum MainSerialExecutorUsers {
  private static let count = LockIsolated(0)

  static func enter() {
    count.withValue {
      $0 += 1
      uncheckedUseMainSerialExecutor = true
    }
  }

  static func leave() {
    count.withValue {
      $0 -= 1
      if $0 == 0 { uncheckedUseMainSerialExecutor = false }
    }
  }
}
