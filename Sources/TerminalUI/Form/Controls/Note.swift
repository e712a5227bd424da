import ComposableForms

/// Text that takes no focus, such as an introduction or a warning between fields. Its field
/// must say so (``FormField/takesFocus`` is `false` for it), so focus passes it by.
///
/// ```swift
/// enum Field: FormField {
///   case intro, name
///   var takesFocus: Bool { self != .intro }
/// }
/// // in the layout:
/// case .intro: Note("About you", "We only use your name to greet you.")
/// ```
///
/// Each line of `text` starts a row, and is wrapped to the width of the control column.
public func Note<State>(_ title: String, _ text: String) -> FormControl<State> {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let wrapped = { (width: Int) in lines.flatMap { $0.wrapped(toWidth: max(1, width)) } }
  return FormControl(
    label: title, kind: .note, binding: nil, rows: lines.count,
    rowsAtWidth: { wrapped($0).count },
    draw: { _, context, area, buffer in
      for (index, line) in wrapped(area.width).enumerated() where index < area.height {
        buffer.draw(line, in: area.row(index), style: context.theme.label)
      }
    },
    value: { _ in .text(text) },
    handle: { _, _, _ in nil },
    textAccess: nil, status: nil)
}
