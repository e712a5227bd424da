import ComposableForms
import ComposableFormsTesting
import TerminalUI
import Testing

// NB: This target imports TerminalUI without @testable: everything here is public API, as in a
//     user's package.

/// A control written outside TerminalUI: a 0-5 star rating that takes digits.
@MainActor
func Rating<State>(
  _ label: String, _ keyPath: WritableKeyPath<State, BindingState<Int>>
) -> FormControl<State> {
  FormControl(
    label, kind: .custom, binding: keyPath,
    value: { .number($0[keyPath: keyPath].wrappedValue) },
    draw: { state, context, area, buffer in
      let stars = state[keyPath: keyPath].wrappedValue
      let text = String(repeating: "*", count: stars) + String(repeating: ".", count: 5 - stars)
      let style = context.isFocused ? context.theme.focusedControl : context.theme.control
      _ = buffer.setString(text, at: Position(column: area.x, row: area.y), style: style, maxWidth: area.width)
    },
    handle: { command, _, _ in
      guard case let .edit(.character(character)) = command, let stars = character.wholeNumberValue,
        (0...5).contains(stars)
      else { return nil }
      return .set(keyPath, stars)
    })
  .keyHelp("0-5", "rate")
}

struct Review: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var title = ""
    @BindingState var stars = 0
    @BindingState var accepted = false
    var form = FormState<Field>()

    enum Field: FormField { case title, stars, accepted }
    static let rules = FormRules<Self, Field>(
      Validate(.title, \.$title, .minLength(3, "At least 3 characters"), .maxLength(20, "At most 20")),
      Validate(.stars, \.$stars, .atLeast(1, "Give at least one star")),
      Validate(.accepted, \.$accepted, .mustBeOn("Please accept the terms"))
    )
  }
  enum Action: BindableFormAction {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { _ in {} }
  }

  @MainActor static let layout = FormLayout<State, Action>("Review") { field in
    switch field {
    case .title: TextField("Title", \.$title)
    case .stars: Rating("Stars", \.$stars)
    case .accepted: Toggle("Accept terms", \.$accepted)
    }
  }
}

/// A button of your own: each press (Enter or Space) counts one more.
struct Presses: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var count = 0
    @BindingState var note = ""
    var form = FormState<Field>()

    enum Field: FormField { case count, note }
    static let rules = FormRules<Self, Field>()
  }
  enum Action: BindableFormAction {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { _ in {} }
  }

  @MainActor static let layout = FormLayout<State, Action>("Presses") { field in
    switch field {
    case .count:
      FormControl(
        "Count", kind: .button, binding: \State.$count,
        value: { .number($0.count) },
        draw: { state, context, area, buffer in
          let style = context.isFocused ? context.theme.focusedButton : context.theme.button
          _ = buffer.setString("[ +1 ] \(state.count)", at: Position(column: area.x, row: area.y), style: style, maxWidth: area.width)
        },
        handle: { command, state, _ in
          guard case .activate = command else { return nil }
          return .set(\.$count, state.count + 1)
        })
    case .note: TextField("Note", \.$note)
    }
  }
}

@MainActor
struct OpenControlTests {
  /// Enter and Space press a `.button` control of your own: its `handle` gets `.activate`, and
  /// focus stays for the next press (they only moved focus on, and `handle` never heard).
  /// Left and Right, which go between Save and Cancel, are no press.
  @Test func aButtonOfYourOwnIsPressedByEnterAndSpace() async {
    let store = Store(initialState: Presses.State()) { Presses() }
    let backend = HeadlessBackend(size: Size(columns: 60, rows: 12))
    let events = ScriptedEventSource(
      [.key(.enter), .key(.right), .key(.character(" ")), .key(.left), .key(.enter), .key(.tab), .key(.character("x"))],
      idleLimit: .milliseconds(100))
    let runtime = FormRuntime(
      store: store, layout: Presses.layout, terminal: Terminal(backend: backend), events: events)
    _ = await runtime.run()
    #expect(store.state.count == 3)
    #expect(store.state.note == "x", "Tab left the button for the note")
  }

  @Test func aControlWrittenWithPublicAPIDrawsAndTakesKeys() async {
    let store = Store(initialState: Review.State()) { Review() }
    let backend = HeadlessBackend(size: Size(columns: 60, rows: 12))
    let events = ScriptedEventSource(
      "Nice".map { .key(.character($0)) }
        + [.key(.tab), .key(.character("4")), .key(.character("9")), .key(.tab), .key(.character(" ")),
           .key(.enter)])
    let runtime = FormRuntime(
      store: store, layout: Review.layout, terminal: Terminal(backend: backend), events: events)
    #expect(await runtime.run() == .submitted)
    #expect(store.state.stars == 4)  // "9" is out of range: the control ignored it
    #expect(store.state.accepted)
    #expect(backend.lines.contains { $0.contains("Stars") && $0.contains("****.") })
  }

  @Test func theKeyHelpOfACustomControlComesFromTheKeymap() {
    var state = Review.State()
    state.form.focus = .field(.stars)
    var keymap = Keymap.standard
    keymap.cancel = KeyBinding([.control("g")], help: "give up")
    var view = FormViewState<Review.State.Field>()
    let frame = Review.layout.render(
      state, size: Size(columns: 70, rows: 12), theme: .monochrome, keymap: keymap, view: &view)
    #expect(frame.buffer.lines[11].contains("Ctrl-G give up"))
    #expect(!frame.buffer.lines[11].contains("Esc"))
  }

  @Test func aCustomControlNamesItsOwnKeysInTheFooterOnlyWhileItHasFocus() {
    var state = Review.State()
    state.form.focus = .field(.stars)
    var view = FormViewState<Review.State.Field>()
    let size = Size(columns: 70, rows: 12)
    let focused = Review.layout.render(state, size: size, theme: .monochrome, keymap: .standard, view: &view)
    #expect(focused.buffer.lines[11].hasPrefix(" 0-5 rate  Tab next  Shift-Tab back  Enter next"), "\(focused.buffer.lines[11])")
    state.form.focus = .field(.title)
    let elsewhere = Review.layout.render(state, size: size, theme: .monochrome, keymap: .standard, view: &view)
    #expect(!elsewhere.buffer.lines[11].contains("rate"), "\(elsewhere.buffer.lines[11])")
  }

  @Test func lengthAndMustBeOnRulesShowTheirMessages() async {
    let store = TestStore(initialState: Review.State()) { Review() }
    await store.send(.binding(.set(\.$title, "No"))) {
      $0.title = "No"
      $0.form.hasEdits = true
    }
    await store.send(.form(.submitTapped)) {
      $0.form.validated = [.title, .stars, .accepted]
      $0.form.errors = [
        .title: "At least 3 characters", .stars: "Give at least one star",
        .accepted: "Please accept the terms",
      ]
      $0.form.focus = .field(.title)
    }
    await store.send(.binding(.set(\.$title, String(repeating: "x", count: 21)))) {
      $0.title = String(repeating: "x", count: 21)
      $0.form.errors[.title] = "At most 20"
    }
  }
}

/// Forms whose layout does not match their fields, for the layout's checks.
struct Mismatched {
  struct State: Equatable, FormFeatureState {
    @BindingState var name = ""
    @BindingState var email = ""
    var form = FormState<Field>()
    enum Field: FormField { case name, email }
    static let rules = FormRules<Self, Field>(Validate(.email, \.$email, .required("Required")))
  }
  enum Action: BindableFormAction {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
}

@MainActor
struct LayoutCheckTests {
  @Test func twoControlsForOneFieldAreRefusedWhenTheLayoutIsMade() {
    withKnownIssue {
      let layout = FormLayout<Mismatched.State, Mismatched.Action>("Twice") { _ in
        TextField("Name", \.$name)
      }
      #expect(layout.problems.contains(.sharedBinding(.name, .email)))
    } matching: { issue in
      // NB: The email control also edits another field than the email rules read.
      issue.description.contains("FormLayout \"Twice\"")
    }
  }

  @Test func aControlThatEditsAnotherFieldThanItsRulesReadIsRefused() {
    withKnownIssue {
      let layout = FormLayout<Mismatched.State, Mismatched.Action>("Crossed") { field in
        switch field {
        case .name: TextField("Name", \.$email)
        case .email: TextField("Email", \.$name)
        }
      }
      #expect(layout.problems == [.bindingMismatch(.email)])
    } matching: { issue in
      issue.description.contains("the control of 'email' edits another field than its rules read")
    }
  }

  /// A control of your own names its field as a text field does, `\.$email` without its root,
  /// and the layout checks it like a built-in control's.
  @Test func aControlOfYourOwnTakesItsBindingWithoutItsRoot() {
    let layout = FormLayout<Mismatched.State, Mismatched.Action>("Own") { field in
      switch field {
      case .name: TextField("Name", \.$name)
      case .email:
        FormControl(
          "Email", kind: .custom, binding: \.$email, value: { .text($0.email) },
          draw: { _, _, _, _ in }, handle: { _, _, _ in nil })
      }
    }
    #expect(layout.problems.isEmpty)
  }

  @Test func aSoundLayoutHasNoProblems() {
    let layout = FormLayout<Mismatched.State, Mismatched.Action>("Sound") { field in
      switch field {
      case .name: TextField("Name", \.$name)
      case .email: TextField("Email", \.$email)
      }
    }
    #expect(layout.problems.isEmpty)
  }
}

/// A one-row control of its own that keeps state while it has focus: a PIN typed digit by
/// digit (shown as dots), set whole once four digits are in, and focus then moves on. The
/// hidden cursor rests past the last dot.
@MainActor
func PIN<State>(_ label: String, _ keyPath: WritableKeyPath<State, BindingState<String>>) -> FormControl<State> {
  FormControl(
    label, kind: .custom, binding: keyPath, rows: 1,
    value: { .text($0[keyPath: keyPath].wrappedValue) },
    draw: { state, context, area, buffer in
      let typed = context.isFocused ? context.input.typed.count : state[keyPath: keyPath].wrappedValue.count
      let text = String(repeating: "●", count: typed) + String(repeating: "_", count: 4 - typed)
      _ = buffer.setString(text, at: Position(column: area.x, row: area.y), style: context.theme.control)
    },
    handleInput: { command, _, input in
      guard case let .edit(.character(digit)) = command, digit.isWholeNumber, input.typed.count < 4 else { return nil }
      input.typed.append(digit)
      guard input.typed.count == 4 else { return nil }
      input.advancesFocus = true
      return .set(keyPath, input.typed)
    })
  .focusColumn { _, input in input.typed.count }
  .onLeave { _, input in input.typed.isEmpty ? .leave : .stay("Type all four digits") }
}

struct Unlock: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var vault = Vault.north
    @BindingState var pin = ""
    var form = FormState<Field>()

    enum Field: FormField { case vault, pin }
    static let rules = FormRules<Self, Field>()
  }
  enum Vault: CaseIterable, Hashable, Sendable { case north, south, east }
  enum Action: BindableFormAction {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { _ in {} }
  }

  @MainActor static let layout = FormLayout<State, Action>("Unlock") { field in
    switch field {
    case .vault: Select("Vault", \.$vault)
    case .pin: PIN("PIN", \.$pin)
    }
  }
}

@MainActor
struct OneRowControlStateTests {
  private func runtime(_ state: Unlock.State = Unlock.State()) -> (FormRuntime<Unlock.State, Unlock.Action>, HeadlessBackend) {
    let store = Store(initialState: state) { Unlock() }
    let backend = HeadlessBackend(size: Size(columns: 50, rows: 16))
    let runtime = FormRuntime(
      store: store, layout: Unlock.layout, terminal: Terminal(backend: backend), events: ScriptedEventSource([]))
    return (runtime, backend)
  }

  @Test func aOneRowControlOfYourOwnSeesWhatWasTypedIntoItAsItIsTyped() throws {
    var state = Unlock.State()
    state.form.focus = .field(.pin)
    let (runtime, backend) = runtime(state)
    runtime.render()
    #expect(backend.lines.contains { $0.contains("PIN") && $0.contains("____") })
    _ = runtime.handle(.character("1"))
    _ = runtime.handle(.character("2"))
    runtime.render()
    #expect(backend.lines.contains { $0.contains("PIN") && $0.contains("●●__") }, "\(backend.lines)")
    // The hidden cursor rests where the control says: past the two dots.
    let row = try #require(backend.lines.firstIndex { $0.contains("●●__") })
    let line = backend.lines[row]
    let column = line.distance(from: line.startIndex, to: try #require(line.firstRange(of: "●●__")).lowerBound)
    #expect(runtime.view.focusPosition == Position(column: column + 2, row: row))
    _ = runtime.handle(.character("3"))
    #expect(runtime.store.state.form.focusedField == .pin)
    _ = runtime.handle(.character("4"))
    #expect(runtime.store.state.pin == "1234")
    #expect(runtime.store.state.form.focus == .submit, "the fourth digit moved focus on")
  }

  @Test func theFirstKeyBeforeAnyFrameKeepsTheInputItMade() {
    // Down highlights the next option and Enter chooses it, with no frame drawn between: the
    // highlight is not started afresh when focus is first followed.
    let (runtime, _) = runtime()
    _ = runtime.handle(.down)
    _ = runtime.handle(.enter)
    #expect(runtime.store.state.vault == .south)
  }
}

/// A time of day as two parts, hours and minutes: Left and Right choose the part, Up and Down
/// change it (a `.grid`, so the vertical arrows reach it), and focus rests on the chosen part.
@MainActor
func TimeOfDay<State>(_ label: String, _ keyPath: WritableKeyPath<State, BindingState<Int>>) -> FormControl<State> {
  func text(_ minutes: Int) -> String {
    let hours = String(minutes / 60), rest = String(minutes % 60)
    return String(repeating: "0", count: 2 - hours.count) + hours + ":" + String(repeating: "0", count: 2 - rest.count) + rest
  }
  return FormControl(
    label, kind: .grid, binding: keyPath, rows: 1,
    value: { .number($0[keyPath: keyPath].wrappedValue) },
    draw: { state, context, area, buffer in
      _ = buffer.setString(text(state[keyPath: keyPath].wrappedValue), at: Position(column: area.x, row: area.y), style: context.theme.control)
    },
    handleInput: { command, state, input in
      let part = input.highlight ?? 0
      let minutes = state[keyPath: keyPath].wrappedValue
      switch command {
      case .edit(.left), .edit(.right):
        input.highlight = command == .edit(.left) ? 0 : 1
        return nil
      case .edit(.up), .edit(.down):
        let step = (part == 0 ? 60 : 1) * (command == .edit(.up) ? 1 : -1)
        return .set(keyPath, (minutes + step + 1440) % 1440)
      case let .click(column, _):
        // NB: A click chooses the part under it; one on the colon says what to click.
        switch column {
        case 0...1: input.highlight = 0
        case 3...4: input.highlight = 1
        default: input.notice = "Click the hours or the minutes"
        }
        return nil
      default:
        return nil
      }
    })
  .focusColumn { _, input in (input.highlight ?? 0) * 3 }
  .keyHelp("←/→", "hours or minutes")
  .keyHelp("↑/↓", "change")
}

struct Alarm: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var time = 7 * 60
    @BindingState var label = ""
    var form = FormState<Field>()

    enum Field: FormField { case time, label }
    static let rules = FormRules<Self, Field>()
  }
  enum Action: BindableFormAction {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { _ in {} }
  }

  @MainActor static let layout = FormLayout<State, Action>("Alarm") { field in
    switch field {
    case .time: TimeOfDay("Time", \.$time)
    case .label: TextField("Label", \.$label)
    }
  }
}

@MainActor
struct GridControlTests {
  @Test func aGridTakesTheVerticalArrowsAndTabLeavesIt() {
    let store = Store(initialState: Alarm.State()) { Alarm() }
    let backend = HeadlessBackend(size: Size(columns: 50, rows: 12))
    let runtime = FormRuntime(
      store: store, layout: Alarm.layout, terminal: Terminal(backend: backend), events: ScriptedEventSource([]))
    _ = runtime.handle(.up)  // hours
    _ = runtime.handle(.right)
    _ = runtime.handle(.down)  // minutes
    _ = runtime.handle(.down)
    runtime.render()
    #expect(store.state.time == 8 * 60 - 2)
    #expect(store.state.form.focusedField == .time, "Up and Down changed the time, not focus")
    #expect(backend.lines.contains { $0.contains("Time") && $0.contains("07:58") }, "\(backend.lines)")
    #expect(runtime.view.focusPosition?.column == 10 + 3, "on the minutes")
    _ = runtime.handle(.tab)
    #expect(store.state.form.focusedField == .label)
  }

  private func alarm(columns: Int = 50) -> (FormRuntime<Alarm.State, Alarm.Action>, HeadlessBackend) {
    let store = Store(initialState: Alarm.State()) { Alarm() }
    let backend = HeadlessBackend(size: Size(columns: columns, rows: 12))
    let runtime = FormRuntime(
      store: store, layout: Alarm.layout, terminal: Terminal(backend: backend), events: ScriptedEventSource([]))
    runtime.render()
    return (runtime, backend)
  }

  /// Where on the screen the time's column `offset` is.
  private func time(_ offset: Int, in backend: HeadlessBackend) throws -> Position {
    let row = try #require(backend.lines.firstIndex { $0.contains("07:00") })
    let start = try #require(backend.lines[row].firstRange(of: "07:00")).lowerBound.utf16Offset(in: backend.lines[row])
    return Position(column: start + offset, row: row)
  }

  /// The click that focuses the control is handed to it with the focus: the part it chose
  /// stays chosen (it was started afresh with the focus change after the click).
  @Test func aClickOnAGridWithoutFocusChoosesThePartUnderIt() throws {
    let (runtime, backend) = alarm()
    _ = runtime.handle(.tab)
    #expect(runtime.store.state.form.focusedField == .label)
    runtime.render()
    _ = runtime.handle(.mouse(MouseEvent(.press, at: try time(4, in: backend))))
    #expect(runtime.store.state.form.focusedField == .time)
    _ = runtime.handle(.up)
    #expect(runtime.store.state.time == 7 * 60 + 1, "the minutes went up, not the hours")
    runtime.render()
    #expect(runtime.view.focusPosition?.column == 10 + 3, "focus rests on the minutes")
  }

  /// What a click tells the status line shows with the frame after the click, and goes with
  /// the next key, as a key's notice does.
  @Test func aClickOnAGridShowsItsNoticeAtOnce() throws {
    let (runtime, backend) = alarm()
    _ = runtime.handle(.tab)
    runtime.render()
    _ = runtime.handle(.mouse(MouseEvent(.press, at: try time(2, in: backend))))
    runtime.render()
    #expect(backend.lines.contains { $0.contains("Click the hours or the minutes") }, "\(backend.lines)")
    _ = runtime.handle(.up)
    runtime.render()
    #expect(!backend.lines.contains { $0.contains("Click the hours") }, "\(backend.lines)")
    #expect(runtime.store.state.time == 8 * 60, "the click chose no part: the hours, as at first")
  }

  /// Up and Down stay inside a grid, so Tab is its way out: a footer too narrow for every key
  /// still names Tab before the control's own keys.
  @Test func aNarrowFooterOfAGridNamesTabFirst() {
    let (_, backend) = alarm(columns: 40)
    let footer = backend.lines[11]
    #expect(footer.hasPrefix(" Tab next") && footer.contains("Esc cancel"), "\(footer)")
    let (_, wide) = alarm(columns: 100)
    #expect(wide.lines[11].hasPrefix(" Tab next  ←/→ hours or minutes  ↑/↓ change  Shift-Tab"), "\(wide.lines[11])")
  }
}

/// A control that is done once chosen: a click on it, or Enter, picks "now" and asks to move
/// on; its wish lasts that one key.
@MainActor
func Stamp<State>(_ label: String, _ keyPath: WritableKeyPath<State, BindingState<Int>>) -> FormControl<State> {
  FormControl(
    label, kind: .grid, binding: keyPath, rows: 1,
    value: { .number($0[keyPath: keyPath].wrappedValue) },
    draw: { state, context, area, buffer in
      _ = buffer.setString("[\(state[keyPath: keyPath].wrappedValue)]", at: Position(column: area.x, row: area.y), style: context.theme.control)
    },
    handleInput: { command, state, input in
      switch command {
      case .click, .activate:
        input.advancesFocus = true
        return .set(keyPath, state[keyPath: keyPath].wrappedValue + 1)
      default:
        return nil
      }
    })
}

struct Stamped: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var first = ""
    @BindingState var stamp = 0
    @BindingState var note = ""
    @BindingState var last = ""
    var form = FormState<Field>()

    enum Field: FormField { case first, stamp, note, last }
    static let rules = FormRules<Self, Field>()
  }
  enum Action: BindableFormAction {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { _ in {} }
  }

  @MainActor static let layout = FormLayout<State, Action>("Stamped") { field in
    switch field {
    case .first: TextField("First", \.$first)
    case .stamp: Stamp("Stamp", \.$stamp)
    case .note: TextField("Note", \.$note)
    case .last: TextField("Last", \.$last)
    }
  }
}

@MainActor
struct AdvancingFocusTests {
  private func runtime() -> (FormRuntime<Stamped.State, Stamped.Action>, HeadlessBackend) {
    let store = Store(initialState: Stamped.State()) { Stamped() }
    let backend = HeadlessBackend(size: Size(columns: 50, rows: 14))
    let runtime = FormRuntime(
      store: store, layout: Stamped.layout, terminal: Terminal(backend: backend), events: ScriptedEventSource([]))
    runtime.render()
    return (runtime, backend)
  }

  @Test func aClickThatCompletesTheValueMovesOnOnceAndTheNextKeyDoesNot() throws {
    let (runtime, backend) = runtime()
    let row = try #require(backend.lines.firstIndex { $0.contains("[0]") })
    let column = try #require(backend.lines[row].firstRange(of: "[0]")).lowerBound.utf16Offset(in: backend.lines[row])
    _ = runtime.handle(.mouse(MouseEvent(.press, at: Position(column: column, row: row))))
    #expect(runtime.store.state.stamp == 1)
    #expect(runtime.store.state.form.focusedField == .note, "the click focused the stamp, and it moved on")
    _ = runtime.handle(.character("x"))
    #expect(runtime.store.state.note == "x")
    #expect(runtime.store.state.form.focusedField == .note, "the wish lasted the click only")
  }

  @Test func enterOnAControlThatAsksToMoveOnMovesOnce() {
    let (runtime, _) = runtime()
    _ = runtime.handle(.tab)
    _ = runtime.handle(.enter)
    #expect(runtime.store.state.stamp == 1)
    #expect(runtime.store.state.form.focusedField == .note, "one field on, not two")
    _ = runtime.handle(.character("y"))
    #expect(runtime.store.state.form.focusedField == .note)
  }
}
