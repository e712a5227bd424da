import ComposableForms
import CustomDump
import IssueReporting

/// A store for tests that checks every state change, every action effects send back, and that
/// every effect finishes.
///
/// ```swift
/// @Test func displayName() async {
///   let store = TestStore(initialState: Settings.State()) { Settings() }
///   await store.send(.binding(.set(\.$displayName, "Blob"))) {
///     $0.displayName = "Blob"
///   }
/// }
/// ```
///
/// A mismatch is reported through IssueReporting (so it fails Swift Testing and XCTest alike)
/// with a diff of expected (−) against actual (+).
///
/// While a test store lives, tasks run on the main serial executor (as with the
/// ``MainSerialExecutorTrait/mainSerialExecutor`` trait, and TCA's test store): effects start,
/// and answer, in the order they were started, the same in every run.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The current state, after every action sent and received so far.
  public private(set) var state: State
  /// How strictly this test is checked.
  public var exhaustivity: Exhaustivity = .on
  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and ``finish(timeout:fileID:filePath:line:column:)`` wait by default.
  public var timeout: Duration = .seconds(1)
  /// The dependencies the reducer and the effects it makes from then on run with; change them
  /// between steps.
  public var dependencies: DependencyValues {
    didSet {
      // NB: A body may read dependencies while it is built: build it again with the new ones.
      reducer = makeReducer()
    }
  }

  private var reducer: (inout State, Action) -> Effect<Action>
  private let makeReducer: () -> (inout State, Action) -> Effect<Action>
  private var runner: EffectRunner<Action>?
  /// Actions effects sent, with the state after each and the effects each started, not yet
  /// asserted.
  private var received: [(action: Action, state: State, tokens: [Int])] = []
  /// The effects each step started, where the step was written: an effect still running at the
  /// end is reported at the step that started it.
  private var steps: [(tokens: [Int], action: String, location: Location)] = []
  /// The state after the last asserted step.
  private var asserted: State
  private let location: Location

  /// Creates a test store running `reducer` from `initialState`, with dependencies in test mode
  /// and overridden by `prepareDependencies` (the initial state is made with them too, as in
  /// TCA: a `@Dependency(\.uuid)` in its `init` reads the test's).
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var dependencies = DependencyValues._current
    dependencies.context = .test
    prepareDependencies(&dependencies)
    let (initialState, reducer) = DependencyValues.$_current.withValue(dependencies) { (initialState(), reducer()) }
    self.state = initialState
    self.asserted = initialState
    // NB: The same entry point as `Store`, so a test runs the code the app runs.
    let watched = { MissingFormEngineCheck.watching(reducer._builtOnce(), fileID: fileID, filePath: filePath, line: line, column: column) }
    self.makeReducer = watched
    self.reducer = watched()
    self.dependencies = dependencies
    self.location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    self.runner = EffectRunner { [weak self] action in
      self?.receiveFromEffects([action]) ?? []
    }
    MainSerialExecutorUsers.enter()
  }

  /// Sends an action and asserts how it changed state: the closure gets the state as it was
  /// before, and must turn it into the state after (in a non-exhaustive store, as in TCA, it
  /// gets the state after, and states what must hold there).
  ///
  /// Omit the closure when the action must not change state.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let here = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    if !received.isEmpty {
      if exhaustivity == .on {
        fail(
          """
          Must handle \(received.count) received \(received.count == 1 ? "action" : "actions") \
          before sending an action:

          \(bulleted(received.map(\.action)))
          """, at: here)
      }
      // NB: Their state changes stand: the next step is compared with the state after them,
      //     so one missed action is reported once, not again by the next correct assertion.
      if exhaustivity.showsSkipped {
        showSkipped("Skipped receiving before sending an action:\n\n\(bulleted(received.map(\.action)))", at: here)
      }
      skip(received, at: here)
    }
    let before = state
    let effect = DependencyValues.$_current.withValue(dependencies) { reducer(&state, action) }
    let after = state
    expect(
      before: exhaustivity == .on ? asserted : before, after: after,
      updateStateToExpectedResult, step: "sending \(describe(action))", at: here)
    asserted = after
    var sentNow: [Action] = []
    let tokens = runner?.start(effect) { sentNow.append($0) } ?? []
    if !tokens.isEmpty { steps.append((tokens, describe(action), here)) }
    // NB: The task covers what the actions sent at once start too, as a `Store`'s does.
    let chained = receiveFromEffects(sentNow)
    await Task.megaYield()
    guard let runner else {
      return TestStoreTask(store: StoreTask(runner: EffectRunner<Action>?.none, tokens: []), timeout: timeout)
    }
    return TestStoreTask(store: .init(runner: runner, tokens: tokens + chained), timeout: timeout)
  }

  /// Sends the action of the case at `actionCase`, a case without a value, as TCA's
  /// `send(\.case)`: `await store.send(\.destination.child.saveTapped)`.
  @discardableResult
  public func send(
    _ actionCase: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask where Action: CasePathable {
    await send(
      actionCase(), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends the action of the case at `actionCase` with `value`, as TCA's
  /// `send(\.case, value)`: `await store.send(\.rows[id: 2].renamed, "Ada")`.
  @discardableResult
  public func send<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask where Action: CasePathable {
    await send(
      actionCase(value), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs `operation` with the store's dependencies changed by `updateValuesForOperation`,
  /// then the store's own again, as TCA's: a step whose effects see another clock or client.
  ///
  /// ```swift
  /// await store.withDependencies {
  ///   $0.clients.save = { _ in throw SaveError.diskFull }
  /// } operation: {
  ///   await store.send(.saveTapped)
  /// }
  /// ```
  @discardableResult
  public func withDependencies<Result>(
    _ updateValuesForOperation: (_ dependencies: inout DependencyValues) throws -> Void,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    let own = dependencies
    defer { dependencies = own }
    try updateValuesForOperation(&dependencies)
    return try await operation()
  }

  /// Asserts that an effect sent `expectedAction` next, and how it changed state.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receiveAction(
      matching: { $0 == expectedAction },
      expected: { "Expected:\n\(String(customDumping: expectedAction).indented)" },
      mismatch: { actual in
        _ = self.describe(expectedAction)
        _ = self.describe(actual)
        return CustomDump.diff(expectedAction, actual, format: .proportional)
          .map { "\($0)\n(Expected: −, Received: +)" }
          ?? self.describe(actual)
      },
      timeout: timeout, updateStateToExpectedResult,
      at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action for which `isMatching` is true next, as TCA's
  /// `receive { … }`: for actions that are not `Equatable`, or a part of one.
  ///
  /// ```swift
  /// await store.receive({ if case .response(.success) = $0 { true } else { false } }) {
  ///   $0.isLoading = false
  /// }
  /// ```
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: isMatching,
      expected: { "Expected an action that the test's closure matches." },
      mismatch: { "\(self.describe($0).indented)\n\nThe test's closure does not match it." },
      timeout: timeout, updateStateToExpectedResult,
      at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action of the case at `actionCase` next.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    let casePath = AnyCasePath(actionCase)
    await receiveAction(
      matching: { casePath.extract(from: $0) != nil },
      expected: { "Expected an action of \(Self.describe(actionCase))." },
      mismatch: { "\(self.describe($0).indented)\n\nIt is not an action of \(Self.describe(actionCase))." },
      timeout: timeout, updateStateToExpectedResult,
      at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent the case at `actionCase` with `value` next.
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    let casePath = AnyCasePath(actionCase)
    await receiveAction(
      matching: { casePath.extract(from: $0) == value },
      // NB: Shown as the whole action: a case key path prints as an address on Linux.
      expected: { "Expected:\n\(self.describe(casePath.embed(value)).indented)" },
      mismatch: { actual in
        guard let actualValue = casePath.extract(from: actual) else {
          return "\(self.describe(actual).indented)\n\nIt is not an action of \(Self.describe(actionCase))."
        }
        let difference = CustomDump.diff(value, actualValue, format: .proportional)
          .map { "\n\nIts value differs:\n\n\($0.indented)\n\n(Expected: −, Received: +)" } ?? ""
        return "\(self.describe(actual).indented)\(difference)"
      },
      timeout: timeout, updateStateToExpectedResult,
      at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for every running effect to finish; reports the ones still running after `timeout`.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    let finished = await Task.wait(upTo: timeout) { [runner] in (runner?.runningCount ?? 0) == 0 }
    guard !finished else { return }
    // NB: As TCA's: a non-exhaustive store lets running effects through (shown as a known
    //     issue when it shows what it skipped).
    failUnlessSkipped(
      """
      Expected effects to finish, but effects of these steps still run after \(timeout):

      \(stillRunningList)

      If an effect waits on a test clock, advance the clock; if it runs forever, cancel it.
      """,
      at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Drops the received actions not asserted yet (their state changes stay). With `strict`
  /// (the default, as in TCA), that there was none to drop fails the test: the call then says
  /// something about the feature that is not so.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.megaYield()
    let here = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    if strict, received.isEmpty {
      fail("There were no received actions to skip.", at: here)
    }
    // NB: Effects the skipped actions started and that still run at the end are reported here.
    skip(received, at: here)
    asserted = state
  }

  /// Asserts the state as it is now, without sending anything: after actions skipped with
  /// ``skipReceivedActions(strict:fileID:filePath:line:column:)``, or in a non-exhaustive test,
  /// what the steps so far must have done. The closure gets the state as last asserted.
  ///
  /// ```swift
  /// store.assert { $0.count = 3 }
  /// ```
  public func assert(
    _ updateStateToExpectedResult: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    withoutActuallyEscaping(updateStateToExpectedResult) { update in
      expect(
        before: exhaustivity == .on ? asserted : state, after: state, update,
        step: "asserting the state", expectsChange: false,
        at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    asserted = state
  }

  /// Runs `operation` with `exhaustivity` in force, then the store's own again: a part of an
  /// exhaustive test checked loosely, or the other way round.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.refreshTapped)
  ///   await store.receive(.refreshed(rows)) { $0.rows = rows }
  /// }
  /// ```
  @discardableResult
  public func withExhaustivity<Result>(
    _ exhaustivity: Exhaustivity, operation: () async throws -> Result
  ) async rethrows -> Result {
    let own = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = own }
    return try await operation()
  }

  /// Cancels every effect still running. With `strict` (the default, as in TCA), that none
  /// was running fails the test: the call then says something about the feature that is not so.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    if strict, (runner?.runningCount ?? 0) == 0 {
      fail(
        "There were no in-flight effects to skip.",
        at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    runner?.cancelAll()
    await Task.megaYield()
  }

  // NB: Not an isolated deinit: that one may run later, after the test has ended, where its
  //     failures would belong to no test. A TestStore lives and dies on the main actor.
  nonisolated deinit {
    MainActor.assumeIsolated { self.checkAtEnd() }
    MainSerialExecutorUsers.leave()
  }

  private func checkAtEnd() {
    guard exhaustivity == .on else {
      if exhaustivity.showsSkipped {
        if !received.isEmpty {
          showSkipped("Skipped \(received.count) received actions:\n\n\(bulleted(received.map(\.action)))", at: location)
        }
        if !stillRunning.isEmpty {
          showSkipped(
            "Skipped waiting for the effects of these steps:\n\n\(stillRunningList)",
            at: location)
        }
      }
      runner?.cancelAll()
      return
    }
    if !received.isEmpty {
      fail(
        """
        The store received \(received.count) unexpected \
        \(received.count == 1 ? "action" : "actions") that the test did not assert:

        \(bulleted(received.map(\.action)))
        """, at: location)
      skip(received, at: location)
    }
    guard let runner, runner.runningCount > 0 else { return }
    let advice = """
      Every effect must finish: await 'store.finish()', advance the test clock, or cancel \
      long-living effects.
      """
    let steps = stillRunning
    for step in steps {
      fail(
        """
        An effect is still running at the end of the test, started by:

          • \(step.action.indentedAfterFirstLine)

        \(advice)
        """, at: step.location)
    }
    if steps.isEmpty { fail("An effect is still running at the end of the test. \(advice)", at: location) }
    runner.cancelAll()
  }

  /// ``stillRunning`` as a bulleted list, for messages.
  private var stillRunningList: String {
    stillRunning.map { "  • " + $0.action.indentedAfterFirstLine }.joined(separator: "\n")
  }

  /// The steps whose effects still run (received actions not asserted yet count from where the
  /// store was made).
  private var stillRunning: [(tokens: [Int], action: String, location: Location)] {
    guard let runner else { return [] }
    let pending = received.filter { !$0.tokens.isEmpty }.map {
      (tokens: $0.tokens, action: describe($0.action), location: location)
    }
    return (steps + pending).filter { runner.isRunning($0.tokens) }
  }

  /// Drops received actions that were not asserted: their state changes stand, and the effects
  /// they started count from `location`.
  private func skip(_ actions: [(action: Action, state: State, tokens: [Int])], at location: Location) {
    if let last = actions.last { asserted = last.state }
    for entry in actions where !entry.tokens.isEmpty {
      steps.append((entry.tokens, describe(entry.action), location))
    }
    received.removeAll()
  }

  private func bulleted(_ actions: [Action]) -> String {
    actions.map { "  • " + describe($0).indentedAfterFirstLine }.joined(separator: "\n")
  }

  // MARK: - Private

  /// Runs actions effects sent, in the order a ``Store`` runs them: those an action's effect
  /// sends at once queue behind the ones already waiting (`.merge(.send(.b), .send(.c))`, where
  /// `.b` sends `.d`, runs b, c, d).
  ///
  /// Returns the tokens of the effect tasks they started.
  @discardableResult
  private func receiveFromEffects(_ actions: [Action]) -> [Int] {
    var queue = actions
    var started: [Int] = []
    var index = 0
    while index < queue.count {
      let action = queue[index]
      index += 1
      let effect = DependencyValues.$_current.withValue(dependencies) { reducer(&state, action) }
      let entry = received.count
      received.append((action, state, []))
      let tokens = runner?.start(effect) { queue.append($0) } ?? []
      if !tokens.isEmpty { received[entry].tokens = tokens }
      started += tokens
    }
    return started
  }

  private func receiveAction(
    matching predicate: (Action) -> Bool,
    expected: () -> String,
    mismatch: (Action) -> String,
    timeout: Duration?,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at here: Location
  ) async {
    let timeout = timeout ?? self.timeout
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while true {
      // NB: As TCA's: a non-exhaustive store skips the actions before a matching one once it
      //     is there; while none is, it waits, and a failure leaves every action in place.
      if exhaustivity != .on, received.contains(where: { predicate($0.action) }) {
        while let first = received.first, !predicate(first.action) {
          received.removeFirst()
          asserted = first.state
          if !first.tokens.isEmpty { steps.append((first.tokens, describe(first.action), here)) }
          showSkipped("Skipped receiving \(describe(first.action))", at: here)
        }
      }
      if let first = received.first, exhaustivity == .on || predicate(first.action) {
        received.removeFirst()
        if !first.tokens.isEmpty { steps.append((first.tokens, describe(first.action), here)) }
        if predicate(first.action) {
          // NB: From the state after the last step, in every mode: a non-exhaustive store that
          //     shows what it skipped shows this action's changes the test left out.
          expect(
            before: asserted, after: first.state,
            updateStateToExpectedResult, step: "receiving \(describe(first.action))", at: here)
        } else {
          // NB: The state assertion was written for another action: comparing it would report
          //     the same mistake twice.
          fail("Received an unexpected action:\n\(mismatch(first.action))", at: here)
        }
        asserted = first.state
        await Task.megaYield()
        return
      }
      let running = runner?.runningCount ?? 0
      guard running > 0, ContinuousClock.now < deadline else {
        let none = received.isEmpty ? "received none" : "none of the actions received matches"
        let unmatched = received.isEmpty ? "" : "\n\nReceived:\n\n\(bulleted(received.map(\.action)))"
        fail(
          running == 0
            ? "Expected to receive an action, but \(none) and no effect is running.\n\n\(expected())\(unmatched)"
            : """
            Expected to receive an action, but \(none) after \(timeout).
            If an effect waits on a test clock, advance the clock first.

            \(expected())\(unmatched)
            """, at: here)
        return
      }
      await Task.megaYield()
      try? await Task.sleep(for: .milliseconds(1))
    }
  }

  private func expect(
    before: State,
    after actual: State,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    step: String,
    expectsChange: Bool = true,
    at here: Location
  ) {
    // NB: The closure runs with the store's dependencies, as its reducer does.
    let update = updateStateToExpectedResult.map { update in
      { (state: inout State) throws in
        try DependencyValues.$_current.withValue(self.dependencies) { try update(&state) }
      }
    }
    var expected = exhaustivity == .on ? before : actual
    do {
      // NB: Non-exhaustive: the asserted changes only need to hold in the actual state.
      try update?(&expected)
    } catch {
      fail("The state assertion threw \(error) while \(step).", at: here)
      return
    }
    if exhaustivity.showsSkipped, expected == actual {
      // NB: What the test left out: the closure on the state before, where it may not apply
      //     (an optional still nil), so anything it reports there is expected.
      var fromBefore = before
      withExpectedIssue(isIntermittent: true) { try update?(&fromBefore) }
      if fromBefore != actual {
        let difference = (CustomDump.diff(fromBefore, actual, format: .proportional) ?? "").withoutWrapperUnderscores
        showSkipped("State changed without an assertion while \(step):\n\n\(difference)", at: here)
      }
    }
    guard expected != actual else {
      if exhaustivity == .on, expectsChange, updateStateToExpectedResult != nil, before == actual {
        fail(
          """
          Expected state to change, but no change occurred while \(step).
          The trailing closure made no observable change; omit it if no change is expected.
          """, at: here)
      }
      return
    }
    let difference = (CustomDump.diff(expected, actual, format: .proportional) ?? "")
      .withoutWrapperUnderscores
    let headline =
      updateStateToExpectedResult == nil
      ? "State was not expected to change, but a change occurred while \(step):"
      : "A state change does not match the expectation while \(step):"
    fail("\(headline)\n\n\(difference.indented)\n\n(Expected: −, Actual: +)", at: here)
  }

  /// "the case \Action.Cases.saved", where the runtime knows a case key path's name: on Linux
  /// a key path through computed properties prints as addresses, which name nothing.
  private static func describe<Value>(_ casePath: CaseKeyPath<Action, Value>) -> String {
    let description = String(describing: casePath)
    return description.contains("<computed") ? "the case named at this line" : "the case \(description)"
  }

  private func describe(_ action: Action) -> String {
    resolveBindingFieldNames(in: action, state: state)
    return String(customDumping: action)
  }

  /// Reports what a non-exhaustive store let through, as a known issue, when asked to show it.
  private func showSkipped(_ message: String, at location: Location) {
    guard exhaustivity.showsSkipped else { return }
    withExpectedIssue {
      reportIssue(
        message, fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column)
    }
  }

  /// Fails an exhaustive test; a non-exhaustive one lets it through (shown when it shows
  /// what it skipped), as TCA's `XCTFailHelper`.
  private func failUnlessSkipped(_ message: String, at location: Location) {
    if exhaustivity == .on { fail(message, at: location) } else { showSkipped(message, at: location) }
  }

  private func fail(_ message: String, at location: Location) {
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }
}

/// Where a test step was written.
struct Location {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}

extension String {
  /// Dumps name a `@BindingState` field by its storage, `_displayName`; show `displayName`.
  fileprivate var withoutWrapperUnderscores: String {
    split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
      guard let underscore = line.firstIndex(where: { !($0.isWhitespace || "−+".contains($0)) }),
        line[underscore] == "_",
        let colon = line[underscore...].firstIndex(of: ":"),
        line[line.index(after: underscore)..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
      else { return line }
      var fixed = line
      fixed.remove(at: underscore)
      return fixed
    }.joined(separator: "\n")
  }

  /// Continuation lines indented to sit under a bullet's text (`  • `).
  fileprivate var indentedAfterFirstLine: String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ")
  }

  fileprivate var indented: String {
    split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(
      separator: "\n")
  }
}

extension Task where Success == Never, Failure == Never {
  /// Yields many times so effects started on other executors get to run.
  static func megaYield(count: Int = 50) async {
    for _ in 0..<count { await Task<Void, Never>.detached(priority: .background) { await Task.yield() }.value }
  }

  /// Lets effects run until `isDone` holds, for at most `timeout`; whether it came to hold.
  @MainActor
  static func wait(upTo timeout: Duration, until isDone: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !isDone() {
      guard ContinuousClock.now < deadline else { return false }
      await megaYield()
      try? await Task.sleep(for: .milliseconds(1))
    }
    return true
  }
}

/// The test store of a feature's reducer: `TestStoreOf<Settings>` for
/// `TestStore<Settings.State, Settings.Action>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
