import ComposableForms
import CursesBackend
import SettingsFeatures
import TerminalUI

/// Drives a real `FormRuntime` one key at a time, as its run loop does for a key: `handle`
/// (keymap -> layout -> store) then `render` (layout -> buffer -> diff -> curses -> pipe).
@MainActor
struct KeyDriver<State: FormFeatureState, Action: BindableFormAction> where Action.State == State {
  let runtime: FormRuntime<State, Action>

  init(
    store: Store<State, Action>, layout: FormLayout<State, Action>, backend: any Backend,
    theme: Theme = .color
  ) {
    runtime = FormRuntime(
      store: store, layout: layout, terminal: Terminal(backend: backend), events: ScriptedEventSource(),
      theme: theme)
    runtime.render()
  }

  @inline(never)
  func press(_ key: Key) {
    _ = runtime.handle(key)
    runtime.render()
  }
}

/// The state the keystroke benchmarks start from: the display name focused, holding "Blob".
func settingsEditingDisplayName() -> SettingsForm.State {
  var state = SettingsForm.State(settings: UserSettings(displayName: "Blob"))
  state.form.focus = .field(.displayName)
  return state
}

let typingCycle: [Key] = [.character("x"), .backspace]
let focusCycle: [Key] = [.tab, .backTab]

/// Figure 2: time per keystroke from key to frame written to a pipe, in process.
@MainActor
func benchmarkKeystrokeToFrame(_ report: Report) {
  print("2. Keystroke to frame (in process, curses backend to a pipe)")
  do {
    let pipe = try CursesPipe(draining: .thread)
    defer { pipe.close() }

    let settings = KeyDriver(
      store: Store(initialState: settingsEditingDisplayName()) { SettingsForm() },
      layout: SettingsForm.layout, backend: pipe.backend)
    let settingsTyping = measure(batch: 2_000) { settings.press(typingCycle[$0 & 1]) }
    report.add("2", "Settings form, type/Backspace", timeAndP90(settingsTyping))
    let settingsFocus = measure(batch: 2_000) { settings.press(focusCycle[$0 & 1]) }
    report.add("2", "Settings form, Tab/Shift-Tab", timeAndP90(settingsFocus))
    // NB: What a typed key costs after a pause, as through the pseudo-terminal (figure 4).
    let settingsPaused = measureAfterPause { settings.press(typingCycle[$0 & 1]) }
    report.add("2", "Settings form, type/Backspace after a pause (caches evicted)", timeAndP90(settingsPaused))

    let ten = generated(Fields10.self, pipe: pipe, report: report, batch: 2_000, baseline: nil)
    let thousand = generated(Fields1000.self, pipe: pipe, report: report, batch: 200, baseline: ten)
    _ = thousand
    _ = generated(Fields10000.self, pipe: pipe, report: report, batch: 20, baseline: ten)

    let list = KeyDriver(
      store: Store(initialState: ListForm.State()) { ListForm() }, layout: ListForm.layout,
      backend: pipe.backend)
    let moves: [Key] = [.down, .up]
    let listMoves = measure(batch: 500) { list.press(moves[$0 & 1]) }
    report.add("2", "Select of 1,000 options, Down/Up", timeAndP90(listMoves))
    let filtering: [Key] = [.character("9"), .backspace]
    let listFilter = measure(batch: 500) { list.press(filtering[$0 & 1]) }
    report.add("2", "Select of 1,000 options, filter/Backspace", timeAndP90(listFilter))

    let area = KeyDriver(
      store: Store(initialState: AreaForm.State()) { AreaForm() }, layout: AreaForm.layout,
      backend: pipe.backend)
    let areaTyping = measure(batch: 500) { area.press(typingCycle[$0 & 1]) }
    report.add("2", "Text area of 2,000 characters, type/Backspace", timeAndP90(areaTyping))
    let rowMoves: [Key] = [.up, .down]
    let areaMoves = measure(batch: 500) { area.press(rowMoves[$0 & 1]) }
    report.add("2", "Text area of 2,000 characters, Up/Down", timeAndP90(areaMoves))
  } catch {
    report.skip("2", "Keystroke to frame", reason: "curses backend failed: \(error)")
  }
}

/// Typing and focus moves in a generated form focused on its middle field; with a baseline,
/// also the ratio to it (the target: at most 2x the 10-field form).
@MainActor
func generated<Field: GeneratedField>(
  _ field: Field.Type, pipe: CursesPipe, report: Report, batch: Int,
  baseline: (typing: Measurement, focus: Measurement)?
) -> (typing: Measurement, focus: Measurement) {
  let driver = KeyDriver(
    store: Store(initialState: GeneratedForm<Field>.State(focusedIndex: Field.count / 2)) {
      GeneratedForm<Field>()
    },
    layout: GeneratedForm<Field>.layout(), backend: pipe.backend)
  let typing = measure(warmUp: 2, samples: 15, batch: batch) { driver.press(typingCycle[$0 & 1]) }
  let focus = measure(warmUp: 2, samples: 15, batch: batch) { driver.press(focusCycle[$0 & 1]) }
  let name = "Generated \(Field.count) fields"
  if let baseline {
    let typingRatio = typing.median / baseline.typing.median
    let focusRatio = focus.median / baseline.focus.median
    report.add(
      "2", "\(name), type/Backspace", timeAndP90(typing) + ", \(fixed(typingRatio, 2))x of 10",
      target: "≤ 2x of 10 fields", pass: typingRatio <= 2)
    report.add(
      "2", "\(name), Tab/Shift-Tab", timeAndP90(focus) + ", \(fixed(focusRatio, 2))x of 10",
      target: "≤ 2x of 10 fields", pass: focusRatio <= 2)
  } else {
    report.add("2", "\(name), type/Backspace", timeAndP90(typing))
    report.add("2", "\(name), Tab/Shift-Tab", timeAndP90(focus))
  }
  return (typing, focus)
}

func timeAndP90(_ measurement: Measurement) -> String {
  "median \(formatNanoseconds(measurement.median)), p90 \(formatNanoseconds(measurement.p90))"
}
