import ComposableForms
import ComposableFormsTesting
import CustomDump
import Testing

@MainActor
struct BindingActionTests {
  typealias State = SettingsWithBindings.State

  @Test func equalWhenKeyPathAndValueAreEqual() {
    #expect(BindingAction<State>.set(\.$displayName, "Blob") == .set(\.$displayName, "Blob"))
    #expect(BindingAction<State>.set(\.$displayName, "Blob") != .set(\.$displayName, "Blob Jr"))
    #expect(BindingAction<State>.set(\.$protectMyPosts, true) != .set(\.$enableNotifications, true))
  }

  @Test func changesOnlyAStateWhoseFieldHoldsAnotherValue() {
    var state = State()
    state.displayName = "Blob"
    #expect(!BindingAction<State>.set(\.$displayName, "Blob").changes(state))
    #expect(BindingAction<State>.set(\.$displayName, "Blob Jr").changes(state))
  }

  @Test func dumpsAsTheCodeThatMadeIt() {
    // NB: Linux key paths through `$` projections have no names; a sample state supplies them.
    resolveBindingFieldNames(in: BindingAction<State>.set(\.$displayName, "Blob"), state: State())
    resolveBindingFieldNames(in: BindingAction<State>.set(\.$protectMyPosts, true), state: State())
    let dump = String(customDumping: BindingAction<State>.set(\.$displayName, "Blob"))
    #expect(dump == #".set(\SettingsWithBindings.State.displayName, "Blob")"#)
    #expect(
      BindingAction<State>.set(\.$protectMyPosts, true).description
        == #".set(\SettingsWithBindings.State.protectMyPosts, true)"#)
  }

  @Test func storeBindingReadsAndWritesThroughActions() {
    let store = Store(initialState: State()) { SettingsWithBindings() }
    let name = store.binding(\.$displayName)
    #expect(name.wrappedValue == "")
    name.wrappedValue = "Blob"
    #expect(store.state.displayName == "Blob")
    #expect(name.wrappedValue == "Blob")
  }

  @Test func adHocBindingSendsTheActionItMakes() {
    let store = Store(initialState: SettingsLongWay.State()) { SettingsLongWay() }
    let name = store.binding(get: \.displayName, send: { .displayNameChanged($0) })
    name.wrappedValue = "Blob"
    #expect(store.state.displayName == "Blob")
  }
}
