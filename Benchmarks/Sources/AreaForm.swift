import ComposableForms
import TerminalUI

/// A form whose first field is a text area of eight rows holding about 2,000 characters (40
/// lines), then a text field: what typing and moving by rows cost per key in a long text.
struct AreaForm: Reducer {
  struct State: Equatable, FormFeatureState {
    @BindingState var body = AreaForm.text
    @BindingState var note = ""
    var form = FormState<Field>()

    enum Field: FormField { case body, note }
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

  static let text = (1...40).map { "Line \($0): the quick brown fox jumps over the lazy dog" }
    .joined(separator: "\n")

  @MainActor static let layout = FormLayout<State, Action>("A text area of 2,000 characters") { field in
    switch field {
    case .body: TextArea("Body", \.$body, rows: 8)
    case .note: TextField("Note", \.$note)
    }
  }
}
