import ComposableForms
import ComposableFormsTesting
import ConcurrencyExtras
import IssueReporting
import Testing

/// What a failing or non-exhaustive step says: readable on Linux too, where a case key path
/// prints as an address, and in the field names the test writes.
/// A parent whose effect tells it, through a case of its own, that something was saved.
private struct Saver: Reducer {
  struct State: Equatable {}
  enum Delegate: Equatable { case saved(Int) }
  enum Action: Equatable, CasePathable {
    case saveTapped
    case delegate(Delegate)

    struct AllCasePaths {
      var saveTapped: AnyCasePath<Action, Void> {
        AnyCasePath(embed: { .saveTapped }, extract: { if case .saveTapped = $0 { () } else { nil } })
      }
      var delegate: AnyCasePath<Action, Delegate> {
        AnyCasePath(embed: Action.delegate, extract: { if case let .delegate(d) = $0 { d } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    action == .saveTapped ? .send(.delegate(.saved(1))) : .none
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct TestStoreMessageTests {
  @Test func receivingACaseWithAnotherValueShowsTheDifference() async {
    let store = TestStore(initialState: Saver.State()) { Saver() }
    await store.send(.saveTapped)
    await withKnownIssue {
      await store.receive(\.delegate, .saved(2))
    } matching: { issue in
      issue.description.contains("Saver.Action.delegate(")
        && issue.description.contains("Its value differs:")
        && issue.description.contains("− Saver.Delegate.saved(2)")
        && issue.description.contains("+ Saver.Delegate.saved(1)")
    }
  }

  @Test func receivingAnotherCaseNamesTheActionOnce() async {
    let store = TestStore(initialState: Saver.State()) { Saver() }
    await store.send(.saveTapped)
    await withKnownIssue {
      await store.receive(\.saveTapped)
    } matching: { issue in
      issue.description.contains("Received an unexpected action:\n  Saver.Action.delegate(")
        && issue.description.contains("It is not an action of the case")
    }
  }

  /// TCA's `receive { … }`: a closure matches the action, for actions that are not
  /// `Equatable` or to match a part of one; one it does not match fails with the action.
  @Test func receivingByAClosureMatchesWhatItSays() async {
    let store = TestStore(initialState: Saver.State()) { Saver() }
    await store.send(.saveTapped)
    await store.receive({ if case .delegate(.saved) = $0 { true } else { false } })
    await store.send(.saveTapped)
    await withKnownIssue {
      await store.receive({ $0 == .saveTapped })
    } matching: { issue in
      issue.description.contains("Received an unexpected action:\n  Saver.Action.delegate(")
        && issue.description.contains("The test's closure does not match it.")
    }
  }

  /// TCA's `send(\.case)` and `send(\.case, value)`: the action named by its case.
  @Test func sendingByCaseKeyPath() async {
    let store = TestStore(initialState: Saver.State()) { Saver() }
    await store.send(\.saveTapped)
    await store.receive(\.delegate, .saved(1))
    await store.send(\.delegate, .saved(3))
  }

  @Test func skippingEffectsWhenNoneRunFailsUnlessNotStrict() async {
    let store = TestStore(initialState: Saver.State()) { Saver() }
    await withKnownIssue {
      await store.skipInFlightEffects()
    } matching: { issue in
      issue.description.contains("There were no in-flight effects to skip.")
    }
    await store.skipInFlightEffects(strict: false)
  }

  @Test func skippingWhenNothingWasReceivedFailsUnlessNotStrict() async {
    let store = TestStore(initialState: Saver.State()) { Saver() }
    await withKnownIssue {
      await store.skipReceivedActions()
    } matching: { issue in
      issue.description.contains("There were no received actions to skip.")
    }
    await store.skipReceivedActions(strict: false)
  }

  @Test func receivingACaseThatNeverArrivesNamesTheWholeAction() async {
    let store = TestStore(initialState: Saver.State()) { Saver() }
    await withKnownIssue {
      await store.receive(\.delegate, .saved(2), timeout: .milliseconds(50))
    } matching: { issue in
      issue.description.contains("Saver.Action.delegate(") && issue.description.contains(".saved(2)")
    }
    await withKnownIssue {
      await store.receive(\.delegate, timeout: .milliseconds(50))
    } matching: { issue in
      issue.description.contains("Expected an action of the case")
    }
  }

  @Test func skippedStateChangesNameBindableFieldsAsTheTestDoes() async {
    let reported = LockIsolated<[String]>([])
    // NB: The recorder takes the skipped step's known issue, so the test framework reports that
    //     it expected one and saw none: that is known too.
    await withKnownIssue(isIntermittent: true) {
      await withIssueReporters([Recorder(messages: reported)]) {
        let store = TestStore(initialState: SettingsWithBindings.State()) { SettingsWithBindings() }
        store.exhaustivity = .off(showSkippedAssertions: true)
        await store.send(.set(\.$displayName, "Blob"))
      }
    }
    let skipped = reported.value.first { $0.contains("State changed without an assertion") }
    #expect(skipped?.contains(#"displayName: "Blob""#) == true, "\(reported.value)")
    #expect(skipped?.contains("_displayName") == false, "\(reported.value)")
  }

  /// A received action's changes the test left out are shown too, as a sent one's are.
  @Test func skippedStateChangesOfAReceivedActionAreShown() async {
    struct Loader: Reducer {
      struct State: Equatable { var isLoading = false, count = 0 }
      enum Action: Equatable { case load, loaded(Int) }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .load:
          state.isLoading = true
          return .send(.loaded(3))
        case let .loaded(count):
          state.isLoading = false
          state.count = count
          return .none
        }
      }
    }
    let reported = LockIsolated<[String]>([])
    await withKnownIssue(isIntermittent: true) {
      await withIssueReporters([Recorder(messages: reported)]) {
        let store = TestStore(initialState: Loader.State()) { Loader() }
        store.exhaustivity = .off(showSkippedAssertions: true)
        await store.send(.load) { $0.isLoading = true }
        await store.receive(.loaded(3)) { $0.count = 3 }
      }
    }
    let skipped = reported.value.first { $0.contains("State changed without an assertion while receiving") }
    #expect(skipped?.contains("isLoading: false") == true, "\(reported.value)")
  }
}

/// Keeps every message reported or expected, in place of the test framework.
private struct Recorder: IssueReporter {
  let messages: LockIsolated<[String]>

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    let text = message() ?? ""
    messages.withValue { $0.append(text) }
  }

  func expectIssue(
    _ message: @autoclosure () -> String?, fileID: StaticString, filePath: StaticString,
    line: UInt, column: UInt
  ) {
    let text = message() ?? ""
    messages.withValue { $0.append(text) }
  }
}
