import ComposableForms
import SettingsFeatures
import TerminalUI

/// `--profile settings|client|generated10|generated1000|generated10000 [--count N] [--cold]`: presses
/// type/Backspace N times and nothing else, for valgrind:
///
///     valgrind --tool=callgrind --toggle-collect='*KeyDriver*press*' Benchmarks --profile generated10000
///
/// `--cold` overwrites 64 MiB between presses, as a terminal program's caches are after a pause
/// between keystrokes; with `--cache-sim=yes` callgrind then counts the misses a real keystroke
/// pays.
@MainActor
func runProfile(_ name: String, count: Int, cold: Bool = false) {
  coldBetweenPresses = cold
  do {
    let pipe = try CursesPipe(draining: .thread)
    defer { pipe.close() }
    switch name {
    case "settings":
      press(KeyDriver(
        store: Store(initialState: settingsEditingDisplayName()) { SettingsForm() },
        layout: SettingsForm.layout, backend: pipe.backend), count: count)
    case "client":
      // NB: The name holds text, as after the first key of part 4's typing: x and Backspace
      //     never empty it, which would draw its placeholder again at every other key.
      press(KeyDriver(
        store: Store(initialState: ClientForm.State(name: "Ada")) { ClientForm() },
        layout: ClientForm.layout, backend: pipe.backend), count: count)
    case "generated10": pressGenerated(Fields10.self, pipe: pipe, count: count)
    case "generated1000": pressGenerated(Fields1000.self, pipe: pipe, count: count)
    case "generated10000": pressGenerated(Fields10000.self, pipe: pipe, count: count)
    default: print("unknown profile \(name)")
    }
  } catch {
    print("curses backend failed: \(error)")
  }
}

@MainActor
private func pressGenerated<Field: GeneratedField>(_ field: Field.Type, pipe: CursesPipe, count keys: Int) {
  press(KeyDriver(
    store: Store(initialState: GeneratedForm<Field>.State(focusedIndex: Field.count / 2)) {
      GeneratedForm<Field>()
    },
    layout: GeneratedForm<Field>.layout(), backend: pipe.backend), count: keys)
}

@MainActor private var coldBetweenPresses = false
@MainActor private var evictionBuffer: [UInt8] = []

@MainActor
private func press<S, A>(_ driver: KeyDriver<S, A>, count: Int) {
  for index in 0..<count {
    if coldBetweenPresses { evictCaches() }
    driver.press(typingCycle[index & 1])
  }
}
