import ComposableForms
import Synchronization

/// A form made from a ``FormSpec`` when the program runs: `settings-tui form SPEC.json`.
///
/// A form's fields are a type, and this form's are known only at run time, so the spec is
/// installed first (``install(_:)``, once per form a process shows) and ``Field/allCases``
/// reads it. Values live in one array per value type, a slot per field, so every control
/// binds a key path into them as the built-in forms do.
public struct SpecForm: Reducer {
  public struct State: Equatable, FormFeatureState {
    public var texts: [BindingState<String>]
    public var flags: [BindingState<Bool>]
    public var numbers: [BindingState<Int>]
    public var lists: [BindingState<[String]>]
    public var form: FormState<Field>

    public static var rules: FormRules<Self, Field> { SpecForm.rules }

    /// The spec's defaults, focus on the first field that takes focus.
    public init() {
      let fields = SpecForm.installed.spec.fields
      texts = fields.map { BindingState(wrappedValue: $0.defaultValue.text ?? "") }
      flags = fields.map { BindingState(wrappedValue: $0.defaultValue.flag ?? false) }
      numbers = fields.map { BindingState(wrappedValue: $0.defaultValue.number ?? 0) }
      lists = fields.map { BindingState(wrappedValue: $0.defaultValue.list ?? []) }
      form = FormState()
      // NB: A select whose default only another choice of the select it follows offers starts
      //     at its first option, and takes the default when that choice is made. In the spec's
      //     order, so a list that follows such a select follows its start.
      for index in fields.indices where fields[index].kind == .select {
        guard let select = fields[index].optionsBy, !options(at: index).contains(texts[index].wrappedValue) else { continue }
        texts[index].wrappedValue = fields[index].fallbackChoice(when: texts[select].wrappedValue)
      }
    }

    /// Whether any value differs from the spec's default: Esc asks before throwing it away.
    public var hasChangedValues: Bool? {
      let opened = State()
      return texts != opened.texts || flags != opened.flags || numbers != opened.numbers || lists != opened.lists
    }

    /// The value of the field at `index`.
    public func value(at index: Int) -> FormSpec.Value {
      switch SpecForm.installed.spec.fields[index].kind {
      case .text, .textarea, .secret, .select: .text(texts[index].wrappedValue)
      case .toggle, .confirm: .flag(flags[index].wrappedValue)
      case .number: .number(numbers[index].wrappedValue)
      case .multiselect: .list(lists[index].wrappedValue)
      case .note: .none
      }
    }

    /// The options the list at `index` offers now, and when (`environment is "dev"`) for a list
    /// whose options follow a select; `nil` for a list whose options are fixed.
    public func offered(at index: Int) -> (options: [String], when: String)? {
      let spec = SpecForm.installed.spec
      guard let select = spec.fields[index].optionsBy else { return nil }
      return (options(at: index), FormSpec.when(spec.fields[select], is: texts[select].wrappedValue))
    }

    /// Why line mode refuses `answer` to the list at `index` where the select it follows
    /// offers it at another value (`"fsn1" is not one of the options when provider is "aws"`,
    /// as `--set` says), for each of a multiselect's comma-separated answers; else `nil`, and
    /// the list's own refusal stands.
    public func refusal(of answer: String, at index: Int) -> String? {
      guard let offered = offered(at: index) else { return nil }
      let field = SpecForm.installed.spec.fields[index]
      let key = SpecForm.matchKey
      let answers = field.kind == .multiselect ? answer.split(separator: ",").map(String.init) : [answer]
      // NB: Line mode names an option as the list shows it: by its label, where it has one.
      for answer in answers.map({ key($0.trimmed) })
      where !offered.options.contains(where: { key(field.title(of: $0)) == answer }) {
        let elsewhere = field.optionsByValue.values.lazy.flatMap { $0 }.first { key(field.title(of: $0)) == answer }
        if let elsewhere { return FormSpec.error(of: field, value: .text(elsewhere), offered: offered) }
      }
      return nil
    }

    /// The options the list at `index` offers now (its control asks several times a frame:
    /// no words made here).
    public func options(at index: Int) -> [String] {
      let field = SpecForm.installed.spec.fields[index]
      return field.optionsBy.map { field.options(when: texts[$0].wrappedValue) } ?? field.options
    }

    /// After selects changed (`before`: their values until then), each list that follows one
    /// of them keeps what the new options still hold: a select without its choice there takes
    /// its default where offered, else the first option; a multiselect drops the others. In the
    /// spec's order, so a list that follows a list that changed follows it too.
    mutating func followSelects(before: [BindingState<String>]) {
      let fields = SpecForm.installed.spec.fields
      for index in fields.indices {
        guard let select = fields[index].optionsBy, texts[select] != before[select] else { continue }
        let options = options(at: index)
        switch fields[index].kind {
        case .select where !options.contains(texts[index].wrappedValue):
          texts[index].wrappedValue = fields[index].fallbackChoice(when: texts[select].wrappedValue)
        case .multiselect:
          lists[index].wrappedValue.removeAll { !options.contains($0) }
        default:
          break
        }
      }
    }

    /// Every value, by key, in the spec's order (notes have none).
    public var values: [(key: String, value: FormSpec.Value)] {
      SpecForm.installed.spec.fields.indices.compactMap { index in
        let field = SpecForm.installed.spec.fields[index]
        return field.kind == .note ? nil : (field.key, value(at: index))
      }
    }
  }

  /// A field of the installed spec, by its position.
  public struct Field: FormField, CustomStringConvertible {
    public let index: Int
    /// The field's key, as errors name it.
    public var description: String { SpecForm.installed.spec.fields[index].key }
    public init(index: Int) { self.index = index }
    public static var allCases: [Field] { SpecForm.installed.fields }
    public var takesFocus: Bool { SpecForm.installed.spec.fields[index].kind != .note }
    public var page: Int { SpecForm.installed.spec.fields[index].page }
  }

  public enum Action: BindableFormAction, Equatable {
    case binding(BindingAction<State>)
    case form(FormAction<Field>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
      .onChange(of: \.texts) { before, _ in
        Reduce { state, _ in
          state.followSelects(before: before)
          return .none
        }
      }
    EmptyReducer().form { _ in {} }
  }

  // MARK: - The installed spec

  struct Installed: Sendable {
    let spec: FormSpec
    let fields: [Field]
    /// Made once the spec and fields are in place: making rules reads `Field.allCases`.
    var rules: FormRules<State, Field>?
  }

  private static let current = Mutex(Installed(spec: FormSpec(title: "", submitTitle: "", pages: [], fields: []), fields: []))

  static var installed: Installed { current.withLock { $0 } }

  static var rules: FormRules<State, Field> {
    // NB: Only before any spec was installed is there no rules yet: an empty form.
    installed.rules ?? FormRules(rules: [])
  }

  /// Makes `spec` the form's fields and rules; call it before making the form's state.
  public static func install(_ spec: FormSpec) {
    let fields = spec.fields.indices.map(Field.init)
    current.withLock { $0 = Installed(spec: spec, fields: fields) }
    let validators: [Validate<State, Field>] = spec.fields.indices.compactMap { index in
      let field = spec.fields[index]
      guard field.kind != .note else { return nil }
      return Validate(Field(index: index)) { state in
        FormSpec.error(of: field, value: state.value(at: index), offered: state.offered(at: index))
      }
    }
    let rules = FormRules<State, Field>(rules: validators)
    current.withLock { $0.rules = rules }
  }

  /// The installed spec.
  public static var spec: FormSpec { installed.spec }
}

extension FormSpec.Value {
  var text: String? { if case let .text(text) = self { text } else { nil } }
  var flag: Bool? { if case let .flag(flag) = self { flag } else { nil } }
  var number: Int? { if case let .number(number) = self { number } else { nil } }
  var list: [String]? { if case let .list(list) = self { list } else { nil } }
}
