import ComposableForms
import Testing
import TerminalUI

/// A size and a count: a picker and a stepper, with a field before them.
struct Order: Reducer {
  enum Size: CaseIterable, Hashable, Sendable { case small, medium, large }
  struct State: Equatable, FormFeatureState {
    @BindingState var note = ""
    @BindingState var size = Size.medium
    @BindingState var count = 5
    var form = FormState<Field>()

    enum Field: FormField { case note, size, count }
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

  @MainActor static let layout = FormLayout<State, Action>("Order") { field in
    switch field {
    case .note: TextField("Note", \.$note)
    case .size: Picker("Size", \.$size) { "\($0)".capitalized }
    case .count: Stepper("Count", \.$count, range: 1...9)
    }
  }
}

/// A focused picker's and stepper's arrows step them when clicked, as Left and Right do; the
/// click that gives focus, before the arrows show, steps nothing.
@MainActor
struct ArrowClickTests {
  private func order() -> (FormRuntime<Order.State, Order.Action>, HeadlessBackend) {
    let backend = HeadlessBackend(size: Size(columns: 60, rows: 12))
    let runtime = FormRuntime(
      store: Store(initialState: Order.State()) { Order() }, layout: Order.layout, terminal: Terminal(backend: backend),
      events: ScriptedEventSource([]))
    runtime.render()
    return (runtime, backend)
  }

  @Test func aFocusedSteppersArrowsStepIt() throws {
    let (runtime, backend) = order()
    _ = runtime.handle(try clickOn("5", in: backend))
    #expect(runtime.store.state.form.focusedField == .count)
    #expect(runtime.store.state.count == 5, "the click that gave focus stepped nothing")
    runtime.render()
    _ = runtime.handle(try clickOn("‹ 5 ›", offset: 5, in: backend))
    #expect(runtime.store.state.count == 6)
    runtime.render()
    _ = runtime.handle(try clickOn("‹ 6 ›", in: backend))
    _ = runtime.handle(try clickOn("‹ 6 ›", in: backend))
    #expect(runtime.store.state.count == 4)
    runtime.render()
    _ = runtime.handle(try clickOn("‹ 4 ›", offset: 2, in: backend))
    #expect(runtime.store.state.count == 4, "a click on the number steps nothing")
  }

  @Test func aFocusedPickersArrowsStepIt() throws {
    let (runtime, backend) = order()
    _ = runtime.handle(try clickOn("Medium", in: backend))
    #expect(runtime.store.state.form.focusedField == .size)
    #expect(runtime.store.state.size == .medium, "the click that gave focus chose nothing")
    runtime.render()
    _ = runtime.handle(try clickOn("‹ Medium ›", offset: 9, in: backend))
    #expect(runtime.store.state.size == .large)
    runtime.render()
    _ = runtime.handle(try clickOn("‹ Large  ›", in: backend))
    _ = runtime.handle(try clickOn("‹ Large  ›", in: backend))
    #expect(runtime.store.state.size == .small)
  }
}
