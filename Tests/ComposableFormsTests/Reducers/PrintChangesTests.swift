import ComposableForms
import Testing

@MainActor
struct PrintChangesTests {
  /// A store whose reducer prints through `printer` into `log`.
  private func store(
    _ log: LockIsolated<[String]>,
    _ printer: (@escaping @Sendable (String) -> Void) -> _ReducerPrinter<SettingsWithBindings.State, SettingsWithBindings.Action>
  ) -> Store<SettingsWithBindings.State, SettingsWithBindings.Action> {
    Store(initialState: SettingsWithBindings.State()) {
      SettingsWithBindings()._printChanges(printer { report in log.withValue { $0.append(report) } })
    }
  }

  @Test func aReportNamesTheActionAndShowsTheLinesItChanged() {
    let log = LockIsolated<[String]>([])
    let store = store(log, _ReducerPrinter.diff(to:))
    store.send(.binding(.set(\.$displayName, "Blob")))
    #expect(
      log.value == [
        """
        received action:
          ComposableFormsTests.SettingsWithBindings.Action.binding(.set(\\SettingsWithBindings.State.displayName, "Blob"))
            ▿ ComposableFormsTests.SettingsWithBindings.State
              - _digest: ComposableFormsTests.SettingsLongWay.Digest.daily
        -     - _displayName: ""
        +     - _displayName: "Blob"
              - _enableNotifications: false
            … (4 unchanged)
        """
      ])
  }

  @Test func anActionThatChangesNothingSaysSo() {
    let log = LockIsolated<[String]>([])
    let store = store(log, _ReducerPrinter.diff(to:))
    store.send(.binding(.set(\.$displayName, "")))
    #expect(
      log.value == [
        """
        received action:
          ComposableFormsTests.SettingsWithBindings.Action.binding(.set(\\SettingsWithBindings.State.displayName, ""))
          (No state changes)
        """
      ])
  }

  @Test func changesFarApartEachKeepTheirContextAndTheLinesBetweenAreCounted() {
    let log = LockIsolated<[String]>([])
    let store = Store(initialState: SettingsWithBindings.State()) {
      SettingsWithBindings()
        .onChange(of: \.displayName) { _, _ in
          Reduce { state, _ in
            state.sendMobileNotifications = true
            return .none
          }
        }
        ._printChanges(.diff { report in log.withValue { $0.append(report) } })
    }
    store.send(.binding(.set(\.$displayName, "Blob")))
    #expect(
      log.value.first?.split(separator: "\n").dropFirst(2).joined(separator: "\n") == """
            ▿ ComposableFormsTests.SettingsWithBindings.State
              - _digest: ComposableFormsTests.SettingsLongWay.Digest.daily
        -     - _displayName: ""
        +     - _displayName: "Blob"
              - _enableNotifications: false
            … (2 unchanged)
              - _sendEmailNotifications: false
        -     - _sendMobileNotifications: false
        +     - _sendMobileNotifications: true
        """)
  }

  @Test func aChangeDeepInTheStateShowsTheLinesThatHoldIt() {
    let log = LockIsolated<[String]>([])
    let store = Store(initialState: Nested.State()) {
      Nested()._printChanges(.diff { report in log.withValue { $0.append(report) } })
    }
    store.send(.bumpLast)
    #expect(
      log.value == [
        """
        received action:
          ComposableFormsTests.Nested.Action.bumpLast
            ▿ ComposableFormsTests.Nested.State
            … (1 unchanged)
              ▿ inner: ComposableFormsTests.Nested.Inner
            … (2 unchanged)
                - third: 0
        -       - last: 0
        +       - last: 1
              - numbers: 0 elements
        """
      ])
  }

  @Test func actionLabelsPrintTheActionAlone() {
    let log = LockIsolated<[String]>([])
    let store = store(log, _ReducerPrinter.actionLabels(to:))
    store.send(.binding(.set(\.$enableNotifications, true)))
    #expect(
      log.value == [
        """
        received action:
          ComposableFormsTests.SettingsWithBindings.Action.binding(.set(\\SettingsWithBindings.State.enableNotifications, …))
        """
      ])
    #expect(store.state.enableNotifications)
  }

  @Test func actionLabelsLeaveOutWhatTheCasesCarry() {
    let log = LockIsolated<[String]>([])
    let store = Store(initialState: Nested.State()) {
      Nested()._printChanges(.actionLabels { report in log.withValue { $0.append(report) } })
    }
    store.send(.rename(String(repeating: "x", count: 1_000)))
    store.send(.bumpLast)
    #expect(
      log.value == [
        "received action:\n  ComposableFormsTests.Nested.Action.rename(…)",
        "received action:\n  ComposableFormsTests.Nested.Action.bumpLast",
      ])
  }

  /// The dump of a long list changed at one place: the lines around it, the rest counted.
  @Test func aChangeInALongListShowsItsPlace() {
    let log = LockIsolated<[String]>([])
    let store = Store(initialState: Nested.State()) {
      Nested()._printChanges(.diff { report in log.withValue { $0.append(report) } })
    }
    store.send(.fill(20_000))
    log.setValue([])
    store.send(.bump(at: 10_000))
    let report = log.value.first ?? ""
    #expect(report.contains("      ▿ numbers: 20000 elements\n    … (9999 unchanged)\n        - 9999\n-       - 10000\n+       - 10001\n        - 10001\n    … (9998 unchanged)"), "\(report.prefix(600))")
  }

  /// A change spanning thousands of lines is counted, not diffed: a diff's time grows with
  /// the lines times the changes, and the next action waits for it.
  @Test func aChangeTooLargeToDiffIsCounted() {
    let log = LockIsolated<[String]>([])
    let store = Store(initialState: Nested.State()) {
      Nested()._printChanges(.diff { report in log.withValue { $0.append(report) } })
    }
    store.send(.fill(20_000))
    log.setValue([])
    store.send(.bumpEveryOther)
    #expect(log.value.first?.hasSuffix("… (19999 lines changed to 19999, too many to show)") == true, "\(log.value)")
  }

  @Test func withoutAPrinterTheReducerRunsAlone() {
    let store = Store(initialState: SettingsWithBindings.State()) { SettingsWithBindings()._printChanges(nil) }
    store.send(.binding(.set(\.$displayName, "Blob")))
    #expect(store.state.displayName == "Blob")
  }
}

/// A state with a struct inside, for changes whose lines sit below their holder's.
struct Nested: Reducer {
  struct State {
    var title = "a"
    var inner = Inner()
    var numbers: [Int] = []
  }
  struct Inner {
    var first = 0
    var second = 0
    var third = 0
    var last = 0
  }
  enum Action {
    case bumpLast
    case rename(String)
    case fill(Int)
    case bump(at: Int)
    case bumpEveryOther
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .bumpLast: state.inner.last += 1
    case let .rename(title): state.title = title
    case let .fill(count): state.numbers = Array(0..<count)
    case let .bump(index): state.numbers[index] += 1
    case .bumpEveryOther:
      for index in state.numbers.indices where index.isMultiple(of: 2) { state.numbers[index] += 1 }
    }
    return .none
  }
}
