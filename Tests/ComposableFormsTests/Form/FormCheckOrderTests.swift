import Clocks
import ComposableForms
import ComposableFormsTesting
import Testing

/// Six checked fields, their rules declared in the reverse of focus order; `sixth` has two
/// checks, of its own value and of `fifth`'s.
private struct ManyChecks: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var first = "a"
    @BindingState var second = "b"
    @BindingState var third = "c"
    @BindingState var fourth = "d"
    @BindingState var fifth = "e"
    @BindingState var sixth = "f"
    var form: FormState<Field> = .focusedOnFirstField

    static let rules = FormRules<Self, Field>(
      Validate(.sixth, \.$sixth)
        .checked(\.$sixth, debounce: .zero) { sixth in sixth == "taken" ? "Taken" : nil }
        .checked(\.fifth, debounce: .zero) { fifth in fifth == "clash" ? "Clashes with fifth" : nil },
      Validate(.fifth, \.$fifth).checked(\.$fifth, debounce: .zero) { _ in nil },
      Validate(.fourth, \.$fourth).checked(\.$fourth, debounce: .zero) { _ in nil },
      Validate(.third, \.$third).checked(\.$third, debounce: .zero) { _ in nil },
      Validate(.second, \.$second).checked(\.$second, debounce: .zero) { _ in nil },
      Validate(.first, \.$first).checked(\.$first, debounce: .zero) { _ in nil }
    )
  }

  enum Field: FormField { case first, second, third, fourth, fifth, sixth }

  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<Field>)

    var binding: BindingAction<State>? {
      if case let .binding(action) = self { action } else { nil }
    }
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { _ in {} }
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct FormCheckOrderTests {
  private func makeStore() -> TestStore<ManyChecks.State, ManyChecks.Action> {
    TestStore(initialState: ManyChecks.State()) { ManyChecks() } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
  }

  /// Checks that start together (the values a form starts with) answer in focus order, in
  /// every run: a test asserts their answers one after another.
  @Test func checksThatStartTogetherAnswerInFocusOrder() async {
    // NB: Six checks, three times: a dictionary's order would match by chance once in 720.
    for _ in 1...3 {
      let store = makeStore()
      let fields: [ManyChecks.Field] = [.first, .second, .third, .fourth, .fifth, .sixth]
      let values: [ManyChecks.Field: CheckedValue] = [
        .first: CheckedValue("a"), .second: CheckedValue("b"), .third: CheckedValue("c"),
        .fourth: CheckedValue("d"), .fifth: CheckedValue("e"),
        .sixth: CheckedValue([CheckedValue("f"), CheckedValue("e")]),
      ]
      await store.send(.form(.focus(.field(.second)))) {
        $0.form.focus = .field(.second)
        $0.form.validated = [.first]
        for field in fields {
          $0.form.checks[field] = FieldCheck(value: values[field] ?? CheckedValue(""), generation: 1)
        }
      }
      for field in fields {
        await store.receive(.form(.checkFinished(field, generation: 1, error: nil))) {
          $0.form.checks[field]?.status = .finished(error: nil)
        }
      }
    }
  }

  /// A field's second check runs when its first passes, and again when the value it reads
  /// changes: here another field's.
  @Test func aSecondCheckAddsToTheFirst() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.set(\.$sixth, "taken"))
    await store.receive(.form(.checkFinished(.sixth, generation: 1, error: "Taken")))
    #expect(store.state.form.errors[.sixth] == "Taken")

    await store.send(.set(\.$sixth, "free"))
    await store.receive(.form(.checkFinished(.sixth, generation: 2, error: nil)))
    #expect(store.state.form.errors[.sixth] == nil)

    await store.send(.set(\.$fifth, "clash"))
    await store.receive(.form(.checkFinished(.sixth, generation: 3, error: "Clashes with fifth")))
    #expect(store.state.form.errors[.sixth] == "Clashes with fifth")
  }
}

/// One field with three checks, of its own value and two others'.
private struct ThreeChecks: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var name = "a"
    var domain = "b"
    var region = "c"
    var form: FormState<Field> = .focusedOnFirstField

    static let rules = FormRules<Self, Field>(
      Validate(.name, \.$name)
        .checked(\.$name, debounce: .zero) { _ in nil }
        .checked(\.domain, debounce: .zero) { _ in nil }
        .checked(\.region, debounce: .zero) { region in region == "c" ? "Not here" : nil }
    )
  }

  enum Field: FormField { case name }

  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<Field>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { _ in {} }
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct ChainedCheckTests {
  /// Chained checks are one check of a flat array of their values, in order, however many.
  @Test func threeChecksAreOneCheckOfTheirThreeValues() async {
    let store = TestStore(initialState: ThreeChecks.State()) { ThreeChecks() } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    let values = [CheckedValue("Ada"), CheckedValue("b"), CheckedValue("c")]
    await store.send(.set(\.$name, "Ada")) {
      $0.name = "Ada"
      $0.form.hasEdits = true
      $0.form.checks[.name] = FieldCheck(value: CheckedValue(values), generation: 1)
    }
    await store.receive(.form(.checkFinished(.name, generation: 1, error: "Not here"))) {
      $0.form.checks[.name]?.status = .finished(error: "Not here")
      $0.form.validated = [.name]
      $0.form.errors[.name] = "Not here"
    }
  }
}
