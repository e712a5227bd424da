import ComposableForms
import TerminalUI

/// A form whose first field is a select list of 1,000 options (ten in view), then a text field:
/// what moving through a long list and filtering it cost per key.
struct ListForm: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var city = "City 500"
    @BindingState var note = ""
    var form = FormState<Field>()

    enum Field: FormField { case city, note }
    static let rules = FormRules<Self, Field>()
  }

  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<State.Field>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    EmptyReducer().form { _ in {} }
  }

  static let cities = (1...1_000).map { "City \($0)" }

  @MainActor static let layout = FormLayout<State, Action>("A list of 1,000 options") { field in
    switch field {
    case .city: Select("City", \.$city, options: ListForm.cities, visibleRows: 10)
    case .note: TextField("Note", \.$note)
    }
  }
}
