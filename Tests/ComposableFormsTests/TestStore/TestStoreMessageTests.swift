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
      issue.description.contains("− Saver.Delegate.saved(2)")
        && issue.description.contains("+ Saver.Delegate.saved(1)")
    }
    await store.skipReceivedActions()
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
      issue.description.contains("Expected an action of the case the test names")
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
