import Clocks
import ComposableForms
import Dependencies
import Testing

/// An address form whose street is checked, and whose save takes a second.
struct Address: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var street = ""
    var form = FormState<Field>()
    enum Field: FormField { case street }
    static let rules = FormRules<Self, Field>(
      Validate(.street, \.$street, .required("Required")).checked(\.$street) { street in
        @Dependency(\.continuousClock) var clock
        try await clock.sleep(for: .seconds(1))
        return street == "Nowhere" ? "No such street" : nil
      })
  }
  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { [clock] _ in { try await clock.sleep(for: .seconds(1)) } }
  }
}

/// Two address forms of one type in one store: each in a `Scope`, or each behind an `ifLet`.
struct Checkout: Reducer {
  struct State: Equatable {
    var billing = Address.State()
    var shipping = Address.State()
    var gift: Address.State? = Address.State()
  }
  enum Action: Equatable, CasePathable {
    case billing(Address.Action)
    case shipping(Address.Action)
    case gift(Address.Action)

    struct AllCasePaths {
      var billing: AnyCasePath<Action, Address.Action> {
        AnyCasePath(embed: Action.billing, extract: { if case let .billing(a) = $0 { a } else { nil } })
      }
      var shipping: AnyCasePath<Action, Address.Action> {
        AnyCasePath(embed: Action.shipping, extract: { if case let .shipping(a) = $0 { a } else { nil } })
      }
      var gift: AnyCasePath<Action, Address.Action> {
        AnyCasePath(embed: Action.gift, extract: { if case let .gift(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.billing, action: \.billing) { Address() }
    Scope(state: \.shipping, action: \.shipping) { Address() }
    EmptyReducer().ifLet(\.gift, action: \.gift) { Address() }
  }
}

@Suite(.mainSerialExecutor)
@MainActor
struct FormPlacementTests {
  /// The other form is scoped beside the first, or behind an `ifLet`.
  @Test(arguments: [false, true])
  func twoFormsOfOneTypeKeepTheirOwnChecksAndSaves(behindIfLet: Bool) async {
    let clock = TestClock()
    let store = Store(initialState: Checkout.State()) { Checkout() } withDependencies: {
      $0.continuousClock = clock
    }
    let send: (Address.Action) -> StoreTask = { action in
      store.send(behindIfLet ? .gift(action) : .shipping(action))
    }
    let other = { behindIfLet ? store.state.gift ?? Address.State() : store.state.shipping }
    let billingCheck = store.send(.billing(.set(\.$street, "Main St")))
    let otherCheck = send(.set(\.$street, "Nowhere"))
    await clock.advance(by: .seconds(2))
    await billingCheck.finish()
    await otherCheck.finish()
    #expect(!store.state.billing.form.isChecking(.street), "the other form's check did not cancel this one's")
    #expect(store.state.billing.form.checks[.street]?.status == .finished(error: nil))
    #expect(other().form.checks[.street]?.status == .finished(error: "No such street"), "its own answer")

    let recheck = send(.set(\.$street, "High St"))
    await clock.advance(by: .seconds(2))
    await recheck.finish()
    let billingSave = store.send(.billing(.form(.submitTapped)))
    let otherSave = send(.form(.submitTapped))
    await clock.advance(by: .seconds(2))
    await billingSave.finish()
    await otherSave.finish()
    #expect(store.state.billing.form.outcome == .submitted, "the other form's save did not cancel this one's")
    #expect(other().form.outcome == .submitted)
  }
}
