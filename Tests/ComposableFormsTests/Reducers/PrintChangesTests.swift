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
          ComposableFormsTests.SettingsWithBindings.Action.binding(.set(\\SettingsWithBindings.State.enableNotifications, true))
        """
      ])
    #expect(store.state.enableNotifications)
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
  }
  struct Inner {
    var first = 0
    var second = 0
    var third = 0
    var last = 0
  }
  enum Action { case bumpLast }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.inner.last += 1
    return .none
  }
}
