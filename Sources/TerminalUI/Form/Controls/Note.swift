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
/// Each line of `text` (after `\n`, `\r\n` or another line break) starts a row, as it is
/// written where it fits (a tab goes to the next column that is a multiple of 8, as `expand`
/// and a terminal put it, and runs of spaces stay, so `Host:\tweb01` lines up); a longer line
/// is wrapped to the width of the control column, its continuation rows indented as it is.
public func Note<State>(_ title: String, _ text: String) -> FormControl<State> {
  let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { expandingTabs(String($0)) }
  let shown = lines.joined(separator: "\n")
  let wrapped = { (width: Int) in lines.flatMap { noteRows($0, width: max(1, width)) } }
  return FormControl(
    label: title, kind: .note, binding: nil, rows: lines.count,
    rowsAtWidth: { wrapped($0).count },
    draw: { _, context, area, buffer in
      for (index, line) in wrapped(area.width).enumerated() where index < area.height {
        buffer.draw(line, in: area.row(index), style: context.theme.label)
      }
    },
    value: { _ in .text(shown) },
    handle: { _, _, _ in nil },
    textAccess: nil, status: nil)
}

/// `line` with each tab replaced by the spaces up to the next multiple of 8 columns.
private func expandingTabs(_ line: String) -> String {
  guard line.contains("\t") else { return line }
  var result = ""
  var column = 0
  for character in line {
    if character == "\t" {
      let spaces = 8 - column % 8
      result += String(repeating: " ", count: spaces)
      column += spaces
    } else {
      result.append(character)
      column += String(character).displayWidth
    }
  }
  return result
}

/// The rows a note's line takes `width` columns wide: itself where it fits, else wrapped at
/// spaces with its indentation kept on every row (while that leaves room for the text).
private func noteRows(_ line: String, width: Int) -> [String] {
  guard line.displayWidth > width else { return [line] }
  let indent = String(line.prefix { $0 == " " })
  guard indent.count > 0, width - indent.count >= 10 else { return line.wrapped(toWidth: width) }
  return String(line.dropFirst(indent.count)).wrapped(toWidth: width - indent.count).map { indent + $0 }
}
