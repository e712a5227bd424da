import ComposableForms
import TerminalUI

/// The field type of a generated form: field number `index`, and a cached list of all of them
/// (a form's focus order is `Field.allCases`; an enum's is an array too).
protocol GeneratedField: FormField where AllCases == [Self] {
  static var count: Int { get }
  /// The form's rules, made once: a generic form type cannot store them itself.
  static var rules: FormRules<GeneratedForm<Self>.State, Self> { get }
  var index: Int { get }
  init(index: Int)
}

struct Fields10: GeneratedField {
  let index: Int
  static let rules = GeneratedForm<Self>.makeRules()
  static let count = 10
  static let allCases = (0..<count).map(Self.init)
}

struct Fields1000: GeneratedField {
  let index: Int
  static let rules = GeneratedForm<Self>.makeRules()
  static let count = 1_000
  static let allCases = (0..<count).map(Self.init)
}

struct Fields10000: GeneratedField {
  let index: Int
  static let rules = GeneratedForm<Self>.makeRules()
  static let count = 10_000
  static let allCases = (0..<count).map(Self.init)
}

/// A form of `Field.count` text fields, built with the same reducer pieces and layout as the
/// app's forms: `BindingReducer`, the form engine with a rule, `FormLayout` with `TextField`s.
struct GeneratedForm<Field: GeneratedField>: Reducer {

  struct State: Equatable, FormFeatureState {
    var values: [BindingState<String>]
    var form: FormState<Field>

    static var rules: FormRules<Self, Field> { Field.rules }

    init(focusedIndex: Int) {
      values = (0..<Field.count).map { BindingState(wrappedValue: "Value \($0)") }
      form = FormState(focus: .field(Field(index: focusedIndex)))
    }
  }

  enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<Field>)

    var binding: BindingAction<State>? {
      if case let .binding(action) = self { action } else { nil }
    }

    var form: FormAction<Field>? {
      if case let .form(action) = self { action } else { nil }
    }
  }

  // NB: `FormRules` takes its rules as a variadic list, so a rule per generated field cannot be
  //     written; one rule (on field 0) keeps the validation path in play.
  static func makeRules() -> FormRules<State, Field> {
    FormRules(Validate(Field(index: 0), \.values[0].wrappedValue, .maxLength(64, "At most 64 characters")))
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { _, _ in .none }
      .form { _ in {} }
  }

  @MainActor static func layout() -> FormLayout<State, Action> {
    FormLayout("Generated form (\(Field.count) fields)") { field in
      TextField("Field \(field.index)", \.values[field.index])
    }
  }
}
