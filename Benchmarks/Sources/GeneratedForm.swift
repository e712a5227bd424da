import ComposableForms
import TerminalUI

/// How many fields a generated form has, as a type, so each size gets its own `Field` type
/// (a form's focus order is `Field.allCases`, a static property).
protocol FieldCount: SendableMetatype {
  static var count: Int { get }
}

enum Fields10: FieldCount { static let count = 10 }
enum Fields1000: FieldCount { static let count = 1_000 }
enum Fields10000: FieldCount { static let count = 10_000 }

/// Field number `index` of a generated form.
struct GeneratedField<Count: FieldCount>: FormField {
  let index: Int
  static var allCases: GeneratedFieldList<Count> { GeneratedFieldList() }
}

/// Every field of a generated form, in order, without storing them.
struct GeneratedFieldList<Count: FieldCount>: RandomAccessCollection, Sendable {
  var startIndex: Int { 0 }
  var endIndex: Int { Count.count }
  subscript(position: Int) -> GeneratedField<Count> { GeneratedField(index: position) }
}

/// A form of `Count.count` text fields, built with the same reducer pieces and layout as the
/// app's forms: `BindingReducer`, the form engine with a rule, `FormLayout` with `TextField`s.
struct GeneratedForm<Count: FieldCount>: Reducer {
  typealias Field = GeneratedField<Count>

  struct State: Equatable {
    var values: [BindingState<String>]
    var form: FormState<Field>

    init(focusedIndex: Int) {
      values = (0..<Count.count).map { BindingState(wrappedValue: "Value \($0)") }
      form = FormState(focus: .field(Field(index: focusedIndex)))
    }
  }

  enum Action: BindableAction, Equatable, CasePathable {
    case binding(BindingAction<State>)
    case form(FormAction<Field>)

    var binding: BindingAction<State>? {
      if case let .binding(action) = self { action } else { nil }
    }

    struct AllCasePaths: Sendable {
      var form: AnyCasePath<Action, FormAction<Field>> {
        AnyCasePath(embed: Action.form, extract: { if case let .form(a) = $0 { a } else { nil } })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  // NB: `FormRules` takes its rules as a variadic list, so a rule per generated field cannot be
  //     written; one rule (on field 0) keeps the validation path in play.
  static var rules: FormRules<State, Field> {
    FormRules(Validate(Field(index: 0), \.values[0].wrappedValue, .maxLength(64, "At most 64 characters")))
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { _, _ in .none }
      .form(state: \.form, action: \.form, rules: Self.rules) { _ in {} }
  }

  @MainActor static func layout() -> FormLayout<State, Action, Field> {
    FormLayout("Generated form (\(Count.count) fields)", state: \.form, action: \.form, rules: rules) {
      for index in 0..<Count.count {
        TextField("Field \(index)", \.values[index], field: Field(index: index))
      }
    }
  }
}
