import ComposableForms
import ComposableFormsTesting
import TerminalUI
import Testing

// NB: Public API only, as in a user's package.

/// A one-field form whose save asks a question the first time: the line mode's prompts.
struct Overwrite: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var name = "old"
    var overwrite: Bool?
    var form = FormState<Field>()
    enum Field: FormField { case name }
    static let rules = FormRules<Self, Field>()
  }
  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  static let question = FormPrompt(
    id: "overwrite", message: "The file changed.\nOverwrite it?",
    choices: [.init(id: "yes", key: "o", title: "Overwrite"), .init(id: "no", key: "b", title: "Back")],
    cancelChoice: "no")
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      if case let .form(.promptAnswered("overwrite", choice)) = action { state.overwrite = choice == "yes" }
      return .none
    }
    .form { state in
      { [asked = state.overwrite] in if asked != true { throw Overwrite.question } }
    }
  }
  @MainActor static let layout = FormLayout<State, Action>("Rename") { _ in TextField("Name", \.$name) }
}

@MainActor
struct LineModeTests {
  @Test func theTitleIsShownEscapedAndAnArrowKeyTypedIntoAnAnswerLeavesNothing() async {
    let layout = FormLayout<Overwrite.State, Overwrite.Action>("Re\u{1B}]0;owned\u{7}name") { _ in
      TextField("Name", \.$name)
    }
    let store = Store(initialState: Overwrite.State(overwrite: true)) { Overwrite() }
    // NB: The terminal's line mode has no cursor keys: Left arrives as ESC [ D.
    let channel = ScriptedLineChannel(["Bob\u{1B}[Dx"])
    #expect(await layout.runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(store.state.name == "Bobx")
    #expect(channel.transcript.hasPrefix("Re\\u{1B}]0;owned\\u{7}name\n"), "\(channel.transcript)")
  }

  /// Answers from a file or a pipe are not asked again after a refusal: the next line was
  /// meant for the next question, and taking it would shift every answer after it.
  @Test func aRefusedAnswerFromAFileEndsTheForm() async {
    let store = Store(initialState: Overwrite.State(overwrite: true)) { Overwrite() }
    let channel = ScriptedLineChannel(["\u{7}", "Bob"], isInteractive: false)
    #expect(await Overwrite.layout.runLines(store, channel: channel) == .cancelled, "\(channel.transcript)")
    #expect(store.state.name == "old")
    #expect(
      channel.transcript.hasSuffix(
        "  Error: Type the text (Enter keeps the value, a space clears it)\n"
          + "The answers come from a file or a pipe, so a refused one ends the form without submitting it.\n"),
      "\(channel.transcript)")
  }

  /// Control characters alone are no text: they emptied the field without a word.
  @Test func anAnswerOfControlCharactersAloneIsRefused() async {
    let store = Store(initialState: Overwrite.State(overwrite: true)) { Overwrite() }
    let channel = ScriptedLineChannel(["\u{7}\u{1B}", "Bob"])
    #expect(await Overwrite.layout.runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(store.state.name == "Bob")
    #expect(channel.transcript.contains("  Error: Type the text (Enter keeps the value, a space clears it)\n"), "\(channel.transcript)")
  }

  /// Esc, then Enter, leaves the form as Esc does on the screen: at once when nothing changed,
  /// after "Discard changes?" when something did.
  @Test func escThenEnterLeavesTheFormAskingFirstWhenSomethingChanged() async {
    let untouched = Store(initialState: Onboarding.State()) { Onboarding() }
    let quiet = ScriptedLineChannel(["\u{1B}"])
    #expect(await Onboarding.layout.runLines(untouched, channel: quiet) == .cancelled, "\(quiet.transcript)")

    let changed = Store(initialState: Onboarding.State()) { Onboarding() }
    let channel = ScriptedLineChannel(["Ada", "\u{1B}", "n", "\u{1B}", "y"])
    #expect(await Onboarding.layout.runLines(changed, channel: channel) == .cancelled, "\(channel.transcript)")
    #expect(channel.transcript.components(separatedBy: "Discard changes?").count - 1 == 2, "\(channel.transcript)")
    #expect(changed.state.name == "Ada")
  }

  @Test func everyFieldIsAskedInOrderWithPagesErrorsAndOptions() async {
    let store = Store(initialState: Onboarding.State()) { Onboarding() }
    let channel = ScriptedLineChannel([
      "", "Ada", "bob", "bob@example.com",  // an empty name is asked again, then a bad email
      "many", "3", "team",  // a number, then an option by its name
      "maybe", "y",
    ])
    let outcome = await Onboarding.layout.runLines(store, channel: channel)
    #expect(outcome == .submitted, "\(channel.transcript)")
    #expect(store.state.name == "Ada")
    #expect(store.state.email == "bob@example.com")
    #expect(store.state.seats == 3)
    #expect(store.state.plan == "Team")
    #expect(store.state.agrees)
    #expect(channel.transcript == """
      Onboarding

      Page 1 of 3: Account
      Name: 
        Error: Please enter a name
      Name: Ada
      Email: bob
        Error: Please enter a valid email
      Email [bob]: bob@example.com

      Page 2 of 3: Plan
      Seats (a number from 1 to 50) [1]: many
        Error: Type a number from 1 to 50
      Seats (a number from 1 to 50) [1]: 3
      Plan:
        1) Free (chosen)
        2) Team
        3) Business
      Plan (a number from 1 to 3) [Free]: team

      Page 3 of 3: Finish
      Agree? (y or n) [No]: maybe
        Error: Type y for Yes or n for No
      Agree? (y or n) [No]: y

      """)
  }

  @Test func notesSecretsListsAndRulesOfEveryKind() async {
    let store = Store(initialState: Survey.State()) { Survey() }
    let channel = ScriptedLineChannel(["4", "City 999", "1", "1, 3", "hunter2", "yes"])
    let outcome = await Survey.layout.runLines(store, channel: channel)
    #expect(outcome == .submitted, "\(channel.transcript)")
    #expect(store.state.language == .zig)
    #expect(store.state.city == "City 999")
    #expect(store.state.topics == ["Forms", "Testing"])
    #expect(store.state.secret == "hunter2")
    #expect(store.state.subscribes)
    let transcript = channel.transcript
    #expect(transcript.hasPrefix("Survey\nAbout:\n  A few questions.\n  It takes a minute.\n"))
    #expect(transcript.contains("Topics (numbers separated by commas, at most 3, or none): 1\n  Error: Choose at least two topics\n"), "\(transcript)")
    #expect(transcript.contains("  Pick two or three\n"), "the description")
    #expect(transcript.contains("Secret: ***\n"))
    #expect(!transcript.contains("hunter2"))
    #expect(transcript.contains("  1000) City 1000\n"), "every option is numbered")
  }

  @Test func theFormsQuestionIsAskedWithItsLetters() async {
    let store = Store(initialState: Overwrite.State()) { Overwrite() }
    let channel = ScriptedLineChannel(["new", "x", "o"])
    let outcome = await Overwrite.layout.runLines(store, channel: channel)
    #expect(outcome == .submitted, "\(channel.transcript)")
    #expect(store.state.name == "new")
    #expect(channel.transcript.hasSuffix("""
      The file changed.
      Overwrite it?
        o) Overwrite
        b) Back
      Choose o, b: x
        Error: Type one of o, b
      The file changed.
      Overwrite it?
        o) Overwrite
        b) Back
      Choose o, b: o

      """))
  }

  @Test func aControlOfYourOwnIsAskedItsWayAsLineQuestionDocumentsIt() async {
    // The example of LineQuestion's documentation, as written there.
    let layout = FormLayout<Review.State, Review.Action>("Review") { field in
      switch field {
      case .title: TextField("Title", \.$title)
      case .stars:
        Rating("Stars", \.$stars).asked(LineQuestion(
          current: { "\($0.stars)" }, hint: "a number from 0 to 5",
          answer: { text, _ throws(MisunderstoodAnswer) in
            guard let stars = Int(text), (0...5).contains(stars) else { throw MisunderstoodAnswer("Type a number from 0 to 5") }
            return .set(\.$stars, stars)
          }))
      case .accepted: Toggle("Accept terms", \.$accepted)
      }
    }
    let store = Store(initialState: Review.State()) { Review() }
    let channel = ScriptedLineChannel(["Nice", "7", "3", "y"])
    #expect(await layout.runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(store.state.stars == 3)
    #expect(channel.transcript.contains("Stars (a number from 0 to 5) [0]: 7\n  Error: Type a number from 0 to 5\n"), "\(channel.transcript)")
  }

  /// `answerRefusal` says a refusal in the form's words where it returns some, and leaves the
  /// control's own where it returns `nil`; the answer reaches it trimmed.
  @Test func aRefusalInTheFormsOwnWordsReplacesTheControlsWhereItHasSome() async {
    let layout = FormLayout<Review.State, Review.Action>("Review") { field in
      switch field {
      case .title: TextField("Title", \.$title)
      case .stars: Rating("Stars", \.$stars)
      case .accepted:
        Toggle("Accept terms", \.$accepted).answerRefusal { text, state in
          text == "maybe" ? "\"\(state.title)\" needs a yes or a no" : nil
        }
      }
    }
    let store = Store(initialState: Review.State(stars: 4)) { Review() }
    let channel = ScriptedLineChannel(["Nice", "", "  maybe ", "perhaps", "y"])
    #expect(await layout.runLines(store, channel: channel) == .submitted, "\(channel.transcript)")
    #expect(store.state.accepted)
    #expect(channel.transcript.contains("  Error: \"Nice\" needs a yes or a no\n"), "\(channel.transcript)")
    #expect(channel.transcript.contains("  Error: Type y for"), "the toggle's own: \(channel.transcript)")
  }

  /// `.answerHint` and `.answerRefusal` change a control's line question: on a control of your
  /// own without one they would do nothing unseen, so a debug build reports them where written.
  @Test func aLineModifierOnAControlWithoutAQuestionIsReportedWhereWritten() {
    withKnownIssue {
      _ = Rating("Stars", \Review.State.$stars).answerHint("a number from 1 to 5")
    } matching: { issue in
      issue.description.contains(#".answerHint on the control "Stars" does nothing: it has no line question"#)
        && issue.sourceLocation?.fileName == "LineModeTests.swift"
    }
    withKnownIssue {
      _ = Rating("Stars", \Review.State.$stars).answerRefusal { _, _ in "no" }
    } matching: { issue in
      issue.description.contains(".answerRefusal on the control \"Stars\" does nothing")
        && issue.sourceLocation?.fileName == "LineModeTests.swift"
    }
    // NB: Once asked, no report: the hint is the question's.
    let asked = Rating("Stars", \Review.State.$stars)
      .asked(LineQuestion(current: { "\($0.stars)" }, hint: "0 to 5", answer: { _, _ in .set(\.$stars, 1) }))
      .answerHint("1 to 5")
    #expect(asked.kind == .custom)
  }

  /// A note ends with a blank line: the next field's description, indented as the note's lines
  /// are, read as part of the note.
  @Test func aNoteEndsBeforeTheNextFieldsDescription() async {
    let store = Store(initialState: Notice.State()) { Notice() }
    let channel = ScriptedLineChannel(["Ada", "Paris", "n"])
    _ = await Notice.layout.runLines(store, channel: channel)
    #expect(channel.transcript.contains("""
      About:
        No desktop notification service (notify-send) is installed here.
        Say so.

      Name:
        Shown to other people next to everything you post
      Name: Ada
      """), "\(channel.transcript)")
  }

  @Test func theEndOfTheInputCancels() async {
    let store = Store(initialState: Onboarding.State()) { Onboarding() }
    let channel = ScriptedLineChannel(["Ada"])
    let outcome = await Onboarding.layout.runLines(store, channel: channel)
    #expect(outcome == .cancelled)
    #expect(store.state.name == "Ada")
  }

  @Test func valuesFromTheStateNeverReachTheTerminalRaw() async {
    var state = Overwrite.State()
    state.name = "evil\u{1B}]0;owned\u{7}"
    let store = Store(initialState: state) { Overwrite() }
    let channel = ScriptedLineChannel([])
    _ = await Overwrite.layout.runLines(store, channel: channel)
    #expect(channel.transcript == "Rename\nName [evil\\u{1B}]0;owned\\u{7}]: ")
  }
}
