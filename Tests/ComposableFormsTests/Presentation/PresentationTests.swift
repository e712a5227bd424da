import Clocks
import Foundation
import ComposableForms
import ComposableFormsTesting
import ConcurrencyExtras
import Testing

@Suite(.mainSerialExecutor)
@MainActor
struct PresentationTests {
  @Test func aPresentedActionReachesTheChild() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    await store.send(.open(id: 1)) { $0.editor = NoteEditor.State(id: 1) }
    await store.send(.editor(.presented(.textChanged("milk")))) { $0.editor?.text = "milk" }
  }

  /// TCA's order: the parent sees `.dismiss` with the child still there, then it is gone.
  @Test func dismissReachesTheParentWhileTheChildIsThereThenRemovesIt() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    await store.send(.open(id: 1)) { $0.editor = NoteEditor.State(id: 1) }
    await store.send(.editor(.presented(.textChanged("milk")))) { $0.editor?.text = "milk" }
    await store.send(.editor(.dismiss)) {
      $0.textsAtDismissal = ["milk"]
      $0.editor = nil
    }
  }

  @Test func aChildDismissesItselfFromItsEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: Notes.State()) { Notes() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.open(id: 1)) { $0.editor = NoteEditor.State(id: 1) }
    await store.send(.editor(.presented(.textChanged("milk")))) { $0.editor?.text = "milk" }
    await store.send(.editor(.presented(.saveTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.editor.saved) { $0.saved = ["milk"] }
    await store.receive(\.editor.dismiss) {
      $0.textsAtDismissal = ["milk"]
      $0.editor = nil
    }
  }

  @Test func dismissingCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Notes.State()) { Notes() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.open(id: 1)) { $0.editor = NoteEditor.State(id: 1) }
    await store.send(.editor(.presented(.startTicking)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.editor.tick) { $0.editor?.ticks = 1 }
    await store.send(.editor(.dismiss)) {
      $0.textsAtDismissal = [""]
      $0.editor = nil
    }
    // NB: A tick after this would be an action the test did not expect.
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func presentingAnotherChildInItsPlaceCancelsTheFirstOnesEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Notes.State()) { Notes() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.open(id: 1)) { $0.editor = NoteEditor.State(id: 1) }
    await store.send(.editor(.presented(.startTicking)))
    await store.send(.open(id: 2)) { $0.editor = NoteEditor.State(id: 2) }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  /// A parent that presents the next child as it handles the dismissal keeps that child.
  @Test func aChildPresentedInTheDismissedOnesPlaceStays() async {
    var state = Notes.State()
    state.opensNextOnDismissal = true
    let store = TestStore(initialState: state) { Notes() }
    await store.send(.open(id: 1)) { $0.editor = NoteEditor.State(id: 1) }
    await store.send(.editor(.dismiss)) {
      $0.textsAtDismissal = [""]
      $0.editor = NoteEditor.State(id: 2)
    }
  }

  /// A question the editor presents dismisses itself, and only itself.
  @Test func aNestedChildDismissesOnlyItself() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    await store.send(.open(id: 1)) { $0.editor = NoteEditor.State(id: 1) }
    await store.send(.editor(.presented(.deleteTapped))) { $0.editor?.question = DeleteQuestion.State() }
    await store.send(.editor(.presented(.question(.presented(.yesTapped)))))
    await store.receive(\.editor.question.dismiss) { $0.editor?.question = nil }
  }

  /// An effect the parent starts as a child's effect sends an action runs under no
  /// presentation: its `dismiss()` does not dismiss the child.
  @Test func aParentsEffectStartedFromAChildsEffectDoesNotDismissTheChild() async {
    let clock = TestClock()
    var state = Notes.State()
    state.callsDismissOnTick = true
    let store = TestStore(initialState: state) { Notes() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.open(id: 1)) { $0.editor = NoteEditor.State(id: 1) }
    // NB: Issues of an effect are known only where the effect's task began inside the block.
    await withKnownIssue {
      await store.send(.editor(.presented(.startTicking)))
      await clock.advance(by: .seconds(1))
      await store.receive(\.editor.tick) { $0.editor?.ticks = 1 }
      // NB: The parent's effect has run by the end of this step; the child is still presented.
      await store.send(.editor(.dismiss)) {
        $0.textsAtDismissal = [""]
        $0.editor = nil
      }
      await store.finish()
    } matching: { issue in
      issue.description.contains("'dismiss()' was called where no presented feature's effect runs")
    }
  }

  @Test func dismissFromAFeatureNothingPresentedIsReported() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    await withKnownIssue {
      await store.send(.dismissFromParent)
      await store.finish()
    } matching: { issue in
      issue.description.contains("nothing was dismissed")
    }
  }

  @Test func actionsWhileNothingIsPresentedAreReported() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    await withKnownIssue {
      await store.send(.editor(.presented(.textChanged("milk"))))
    } matching: { issue in
      issue.description.contains("An ifLet over a PresentationState received a child action while nothing was presented")
        // NB: Named as code names them: every feature's state is a `State`.
        && issue.description.contains("its PresentationState<NoteEditor.State> in Notes.State was nil")
        && issue.description.contains("Notes.Action.editor(")
    }
    await withKnownIssue {
      await store.send(.editor(.dismiss)) { $0.textsAtDismissal = ["(nothing presented)"] }
    } matching: { issue in
      issue.description.contains("nothing was presented")
    }
  }

  /// A test can give the feature its own dismissal, as with TCA's.
  @Test func aTestCanSetItsOwnDismiss() async {
    let dismissed = LockIsolated(0)
    let store = TestStore(initialState: NoteEditor.State()) { NoteEditor() } withDependencies: {
      $0.dismiss = DismissEffect { dismissed.withValue { $0 += 1 } }
    }
    await store.send(.closeTapped)
    await store.finish()
    #expect(dismissed.value == 1)
  }

  /// A destination that is an enum: moving to another case presents another child, whose
  /// effects are not the first one's (TCA tells cases apart too).
  @Test func anEnumDestinationMovedToAnotherCaseCancelsTheFirstCasesEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: NoteScreen.State()) { NoteScreen() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showEditor) { $0.destination = .editor(NoteEditor.State()) }
    await store.send(.destination(.presented(.editor(.startTicking))))
    await store.send(.showQuestion) { $0.destination = .question(DeleteQuestion.State()) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  /// A task the child's effect left running cannot dismiss the child presented next once the
  /// effect was cancelled with the first child.
  @Test func aDismissalLeftRunningByACancelledEffectDismissesNothingPresentedNext() async {
    let clock = TestClock()
    let store = TestStore(initialState: Notes.State()) { Notes() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.open(id: 1)) { $0.editor = NoteEditor.State(id: 1) }
    await store.send(.editor(.presented(.dismissLater)))
    await clock.advance(by: .seconds(1))
    await store.send(.open(id: 2)) { $0.editor = NoteEditor.State(id: 2) }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  /// The second of two dismissals does nothing: the first one's child is gone, and nothing
  /// is reported.
  @Test func aSecondDismissalDoesNothing() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    await store.send(.open(id: 1)) { $0.editor = NoteEditor.State(id: 1) }
    await store.send(.editor(.presented(.dismissTwice)))
    await store.receive(\.editor.dismiss) {
      $0.textsAtDismissal = [""]
      $0.editor = nil
    }
    await store.finish()
  }

  /// A test's own dismissal stands for the feature it runs, not for a child that one presents.
  @Test func aTestsOwnDismissalLeavesAPresentedChildItsOwn() async {
    let dismissed = LockIsolated(0)
    let store = TestStore(initialState: Notes.State()) { Notes() } withDependencies: {
      $0.dismiss = DismissEffect { dismissed.withValue { $0 += 1 } }
    }
    await store.send(.open(id: 1)) { $0.editor = NoteEditor.State(id: 1) }
    await store.send(.editor(.presented(.closeTapped)))
    await store.receive(\.editor.dismiss) {
      $0.textsAtDismissal = [""]
      $0.editor = nil
    }
    #expect(dismissed.value == 0)
    await store.send(.dismissFromParent)
    await store.finish()
    #expect(dismissed.value == 1)
  }

  /// A feature that presents itself: a subfolder closes itself, and only itself.
  @Test func aFeatureThatPresentsItselfDismissesTheInnermost() async throws {
    let store = TestStore(initialState: Folder.State(name: "home")) { Folder() }
    await store.send(.open("docs")) { $0.subfolder = Folder.State(name: "docs") }
    await store.send(.subfolder(.presented(.open("old")))) { $0.subfolder?.subfolder = Folder.State(name: "old") }
    await store.send(.subfolder(.presented(.subfolder(.presented(.close)))))
    await store.receive(\.subfolder.subfolder.dismiss) { $0.subfolder?.subfolder = nil }
    let json = try JSONEncoder().encode(store.state)
    #expect(try JSONDecoder().decode(Folder.State.self, from: json) == store.state)
  }

  /// `isPresented` is true in a presented feature's reducer and effects, false elsewhere.
  @Test func isPresentedTellsAPresentedFeatureFromOneOnItsOwn() async {
    let store = TestStore(initialState: ProbeHost.State()) { ProbeHost() }
    await store.send(.own(.probe)) { $0.own.presentedInReducer = false }
    await store.receive(.own(.probed(false))) { $0.own.presentedInEffect = false }
    await store.send(.present) { $0.presented = PresenceProbe.State() }
    await store.send(.presented(.presented(.probe))) { $0.presented?.presentedInReducer = true }
    await store.receive(.presented(.presented(.probed(true)))) { $0.presented?.presentedInEffect = true }
  }

  /// Case key paths through a presentation: `\.editor.saved` is `\.editor.presented.saved`.
  @Test func caseKeyPathsReachTheChildsCases() {
    let action = Notes.Action.editor(.presented(.saved))
    #expect(action[case: \.editor.saved] != nil)
    #expect(action[case: \.editor.presented.saved] != nil)
    #expect(action[case: \.editor.dismiss] == nil)
    #expect(Notes.Action.editor(.dismiss)[case: \.editor.dismiss] != nil)
    let tick: CaseKeyPath<Notes.Action, Void> = \.editor.tick
    #expect(tick() == .editor(.presented(.tick)))
  }

  /// Dumps and diffs show the presented value, not the wrapper.
  @Test func theStateReflectsAsTheOptional() {
    let state = Notes.State(editor: NoteEditor.State(id: 3, text: "milk"))
    var dump = ""
    Swift.dump(state, to: &dump)
    #expect(dump.contains("milk"))
    #expect(!dump.contains("PresentationState"))
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct PresentationStoreTests {
  /// A presented feature's store sends its own actions as `.presented` and learns when the
  /// child dismissed itself, as what draws it (a `FormRuntime`) must.
  @Test func aScopedStoreOfAPresentedChildEndsWhenTheChildDismissesItself() async {
    let store = Store(initialState: Notes.State()) { Notes() }
    #expect(store.scope(state: \.editor, action: \.editor) == nil)
    store.send(.open(id: 1))
    guard let editor = store.scope(state: \.editor, action: \.editor) else {
      Issue.record("no child store while the child is presented")
      return
    }
    editor.send(.textChanged("milk"))
    #expect(editor.state.text == "milk")
    #expect(store.state.editor?.text == "milk")
    #expect(!editor.isDismissed)
    await editor.send(.closeTapped).finish()
    #expect(store.state.editor == nil)
    #expect(store.state.textsAtDismissal == ["milk"])
    #expect(editor.isDismissed)
    #expect(editor.state.text == "milk", "the last child state it saw")
  }
}
