import ComposableForms
import SettingsFeatures
import TerminalUI

/// Renders a form state headlessly to the lines a person would see.
@MainActor
func screen<State, Action>(
  _ layout: FormLayout<State, Action>,
  _ state: State,
  columns: Int = 80,
  rows: Int = 24
) -> (lines: [String], cursor: Position?) {
  var view = FormViewState<State.Field>()
  let frame = layout.render(state, size: Size(columns: columns, rows: rows), theme: .color, view: &view)
  var lines = frame.buffer.lines
  while lines.last == "" { lines.removeLast() }
  return (lines, frame.cursor)
}

/// Where focus is on the screen of a form state (where the hidden cursor rests), with the
/// focused control's presentation state `input` (a list's highlighted option).
@MainActor
func focusPosition<State, Action>(
  _ layout: FormLayout<State, Action>,
  _ state: State,
  input: ControlInput = ControlInput(),
  columns: Int = 80,
  rows: Int = 24
) -> Position? {
  var view = FormViewState<State.Field>()
  view.follow(focus: state.form.focusedField)
  view.input = input
  _ = layout.render(state, size: Size(columns: columns, rows: rows), theme: .color, view: &view)
  return view.focusPosition
}
