import ComposableForms
import TerminalUI

extension SpecForm {
  /// The installed spec's form in the terminal: each kind as the library's control for it,
  /// the spec's pages as the form's pages.
  @MainActor public static func layout() -> FormLayout<State, Action> {
    let spec = installed.spec
    // NB: A list that follows a select keeps its rows for every option of the select: as many
    //     as its longest list shows, 5 at most, where the spec gives no rows.
    func rows(_ item: FormSpec.Field) -> Int {
      item.rows ?? min(5, max(1, item.optionsByValue.values.map(\.count).max() ?? 5))
    }
    return FormLayout<State, Action>(spec.title, submitTitle: spec.submitTitle, pages: spec.pages) { field in
      let index = field.index
      let item = spec.fields[index]
      // NB: An option given with a label shows by it; the value is the output's.
      let title: @Sendable (String) -> String = { [item] in item.title(of: $0) }
      let control: FormControl<State>
      switch item.kind {
      case .text:
        let field: FormControl<State> = TextField(item.label, \.texts[index], maxLength: max(item.lengthLimit, 1))
        control = item.oneOf.map { field.answerHint("one of: \($0.joined(separator: ", "))") } ?? field
      case .textarea:
        control = TextArea(item.label, \.texts[index], rows: item.rows ?? 4, maxLength: max(item.lengthLimit, 1))
      case .secret:
        control = SecureField(
          item.label, \.texts[index], echo: item.hidesEcho ? .none : .bullets, maxLength: max(item.lengthLimit, 1))
      case .toggle:
        control = Toggle(item.label, \.flags[index])
      case .confirm:
        control = Confirm(item.label, \.flags[index])
      case .select where item.optionsBy != nil:
        control = Select(
          item.label, \.texts[index], options: { $0.options(at: index) }, visibleRows: rows(item),
          title: title, matchKey: SpecForm.matchKey
        ).answerRefusal { $1.refusal(of: $0, at: index) }
      case .select:
        control = Select(
          item.label, \.texts[index], options: item.options, visibleRows: item.rows ?? 5,
          title: title, matchKey: SpecForm.matchKey)
      case .multiselect:
        let list: FormControl<State> =
          item.optionsBy == nil
          ? MultiSelect(
            item.label, \.lists[index], options: item.options, limit: item.maximum,
            visibleRows: item.rows ?? 5, title: title, matchKey: SpecForm.matchKey)
          : MultiSelect(
            item.label, \.lists[index], options: { $0.options(at: index) }, limit: item.maximum,
            visibleRows: rows(item), title: title, matchKey: SpecForm.matchKey
          ).answerRefusal { $1.refusal(of: $0, at: index) }
        // NB: "or none" is no answer where at least one must be chosen.
        let least = max(item.minimum ?? 0, item.required ? 1 : 0)
        let most = item.maximum.map { ", at most \($0)" } ?? ""
        control = least > 0 ? list.answerHint("numbers separated by commas, at least \(least)\(most)") : list
      case .number:
        control = Stepper(item.label, \.numbers[index], range: item.numberRange)
      case .note:
        control = Note(item.label, item.text)
      }
      return item.description.map { control.description($0) } ?? control
    }
  }
}
