import Clocks
import ComposableForms
import ComposableFormsTesting
import Testing

/// The TestStore must fail when a test misses something, not only pass when it doesn't.
@Suite(.mainSerialExecutor)
@MainActor
struct TestStoreFailureTests {
  @Test func anUnassertedStateChangeFails() async {
    let store = TestStore(initialState: SettingsWithBindings.State()) { SettingsWithBindings() }
    await withKnownIssue {
      await store.send(.set(\.$displayName, "Blob"))
    } matching: { issue in
      issue.description.contains("State was not expected to change")
        && issue.description.contains(#"+   displayName: "Blob""#)
        && issue.description.contains(#".set(\SettingsWithBindings.State.displayName, "Blob")"#)
    }
  }

  @Test func aWrongExpectationFailsWithADiff() async {
    let store = TestStore(initialState: SettingsWithBindings.State()) { SettingsWithBindings() }
    await withKnownIssue {
      await store.send(.set(\.$displayName, "Blob")) {
        $0.displayName = "Blobby"
      }
    } matching: { issue in
      issue.description.contains("does not match")
        && issue.description.contains(#"−   displayName: "Blobby""#)
        && issue.description.contains(#"+   displayName: "Blob""#)
    }
  }

  @Test func aClosureThatChangesNothingFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await withKnownIssue {
      await store.send(.delayedIncrementTapped) { _ in }
    } matching: { $0.description.contains("Expected state to change") }
    await store.skipInFlightEffects()
  }

  @Test func aStepsTaskThatDoesNotFinishFailsAfterTheTimeoutInsteadOfHanging() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = clock
    }
    store.timeout = .milliseconds(50)
    let task = await store.send(.delayedIncrementTapped)
    await withKnownIssue {
      await task.finish()
    } matching: { issue in
      issue.description.contains("Expected the effects of this step to finish, but they still run after")
    }
    #expect(task.isRunning)
    await task.cancel()
    #expect(!task.isRunning, "cancel lets the effect end before it returns")
  }

  @Test func anActionReceivedButNotAssertedFails() async {
    await withKnownIssue {
      let store = TestStore(initialState: Effects.State()) { Effects() }
      await store.send(.mergeTapped)
      await store.receive(.logged("a")) { $0.log = ["a"] }
    } matching: { issue in
      issue.description.contains("received 2 unexpected actions")
    }
  }

  @Test func sendingWithUnhandledReceivedActionsFails() async {
    let store = TestStore(initialState: Effects.State()) { Effects() }
    await store.send(.mergeTapped)
    await withKnownIssue {
      await store.send(.tick) { $0.log = ["a", "b", "c", "tick"] }
    } matching: { $0.description.contains("Must handle 3 received actions") }
  }

  @Test func anEffectStillRunningAtTheEndFails() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = TestStore(initialState: Effects.State()) { Effects() } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.startTimer)
    } matching: { $0.description.contains("still running at the end of the test") }
  }

  @Test func oneMissedActionIsReportedOnceNotAgainByTheNextCorrectStep() async {
    let store = TestStore(initialState: Effects.State()) { Effects() }
    await store.send(.mergeTapped)
    // NB: Only the missed actions are reported: the next step is judged from the state after
    //     them, so its correct assertion passes.
    await withKnownIssue {
      await store.send(.tick) { $0.log.append("tick") }
    } matching: { $0.description.contains("Must handle 3 received actions") }
    #expect(store.state.log == ["a", "b", "c", "tick"])
  }

  @Test func anEffectStillRunningIsReportedAtTheStepThatStartedIt() async {
    let clock = TestClock()
    let sendLine = #line + 6
    await withKnownIssue {
      let store = TestStore(initialState: Effects.State()) { Effects() } withDependencies: {
        $0.continuousClock = clock
      }
      // NB: A concatenation runs two tasks; the step that started them is reported once.
      await store.send(.concatenateTapped)
    } matching: { issue in
      issue.description.contains("still running at the end of the test, started by")
        && issue.description.contains(".concatenateTapped")
        && issue.sourceLocation?.line == sendLine
    }
  }

  /// An effect started by a skipped action is reported where it was skipped, the step the
  /// test wrote, as an effect of a received action is where it was received.
  @Test func anEffectOfASkippedActionIsReportedWhereItWasSkipped() async {
    let clock = TestClock()
    let skipLine = #line + 6
    await withKnownIssue {
      let store = TestStore(initialState: Effects.State()) { Effects() } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.timerRequested)
      await store.skipReceivedActions()
    } matching: { issue in
      issue.description.contains("still running at the end of the test, started by")
        && issue.description.contains(".startTimer")
        && issue.sourceLocation?.line == skipLine
    }
  }

  @Test func finishNamesTheStepsWhoseEffectsStillRun() async {
    let clock = TestClock()
    let store = TestStore(initialState: Effects.State()) { Effects() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      issue.description.contains("Expected effects to finish")
        && issue.description.contains("effects of these steps still run")
        && issue.description.contains("• Effects.Action.startTimer")
    }
    await store.send(.stopTimer)
  }

  @Test func receivingTheWrongActionIsReportedOnceWithTheSameSignsAsStateDiffs() async {
    let store = TestStore(initialState: Effects.State()) { Effects() }
    await store.send(.mergeTapped)
    // NB: The closure was written for the expected action; it is not compared as well.
    await withKnownIssue {
      await store.receive(.logged("z")) { $0.log = ["z"] }
    } matching: { issue in
      issue.description.contains("Received an unexpected action")
        && issue.description.contains(#"− Effects.Action.logged("z")"#)
        && issue.description.contains(#"+ Effects.Action.logged("a")"#)
    }
    await store.skipReceivedActions()
  }

  @Test func receivingWhenNothingArrivesFailsAfterTheTimeout() async {
    let clock = TestClock()
    let store = TestStore(initialState: Effects.State()) { Effects() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await withKnownIssue {
      await store.receive(.tick, timeout: .milliseconds(50)) { $0.log = ["tick"] }
    } matching: { $0.description.contains("received none after") }
    await store.send(.stopTimer)
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct TestStoreNonExhaustiveTests {
  /// As TCA's: the closure gets the state after the step, so it states values
  /// (`$0.log = [...]`); it is not run on the state before, where it may not apply.
  @Test func onlyWhatIsAssertedIsChecked() async {
    let store = TestStore(initialState: Effects.State()) { Effects() }
    store.exhaustivity = .off
    await store.send(.mergeTapped)
    await store.receive(.logged("c")) { $0.log = ["a", "b", "c"] }
    await store.send(.logged("d")) { state in
      if state.log.count < 4 { Issue.record("the closure ran on the state before the step") }
      state.log = ["a", "b", "c", "d"]
    }
    await withKnownIssue {
      await store.send(.logged("e")) { $0.log.append("e") }
    } matching: { $0.description.contains(#"−     [5]: "e""#) }
  }

  @Test func skippedAssertionsCanBeShownWithoutFailingTheTest() async {
    // Each skipped step is reported as a known issue (see the test report), not as a failure.
    let store = TestStore(initialState: Effects.State()) { Effects() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    #expect(store.exhaustivity != .off)
    await store.send(.mergeTapped)
    await store.receive(.logged("c")) { $0.log = ["a", "b", "c"] }
    await store.send(.logged("d")) { $0.log = ["a", "b", "c", "d"] }
  }

  /// As TCA's: a `receive` that matches nothing fails and leaves the received actions for the
  /// next one, rather than dropping them all.
  @Test func aReceiveThatMatchesNothingKeepsTheReceivedActions() async {
    let store = TestStore(initialState: Effects.State()) { Effects() }
    store.exhaustivity = .off
    await store.send(.mergeTapped)
    await withKnownIssue {
      await store.receive(.logged("z"), timeout: .milliseconds(50))
    } matching: { issue in
      issue.description.contains("none of the actions received matches")
        && issue.description.contains(#".logged("b")"#)
    }
    await store.receive(.logged("b")) { $0.log = ["a", "b"] }
  }

  /// As TCA's: a non-exhaustive store lets effects still running at `finish` through, shown
  /// as a known issue when it shows what it skipped.
  @Test func finishLetsRunningEffectsThroughWhenNotExhaustive() async {
    let clock = TestClock()
    let store = TestStore(initialState: Effects.State()) { Effects() } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.startTimer)
    await store.finish(timeout: .milliseconds(50))
    // NB: Reported as a known issue by the store itself: the test still passes.
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.finish(timeout: .milliseconds(50))
    store.exhaustivity = .on
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { $0.description.contains("Expected effects to finish") }
    await store.send(.stopTimer)
  }

  /// A part of an exhaustive test checked loosely; the store's own exhaustivity is back after.
  @Test func withExhaustivityAppliesOnlyInsideItsBlock() async {
    let store = TestStore(initialState: Effects.State()) { Effects() }
    await store.withExhaustivity(.off) {
      await store.send(.mergeTapped)
      await store.receive(.logged("c")) { $0.log = ["a", "b", "c"] }
    }
    #expect(store.exhaustivity == .on)
    await withKnownIssue {
      await store.send(.logged("d"))
    } matching: { $0.description.contains("State was not expected to change") }
  }

  /// `assert` checks the state without a step: after skipped actions, and it fails with a diff.
  @Test func assertChecksTheStateWithoutSendingAnything() async {
    let store = TestStore(initialState: Effects.State()) { Effects() }
    await store.send(.mergeTapped)
    await store.skipReceivedActions()
    store.assert { $0.log = ["a", "b", "c"] }
    store.assert { $0.log = ["a", "b", "c"] }
    withKnownIssue {
      store.assert { $0.log = ["a"] }
    } matching: { issue in
      issue.description.contains("does not match the expectation while asserting the state")
        && issue.description.contains(#"+     [1]: "b""#)
    }
  }

  @Test func dependencyOverridesApplyToEffects() async {
    let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.delayedIncrementTapped)
    await store.receive(.incrementDone) { $0.count = 1 }
  }
}
