import ComposableForms
import SettingsFeatures
import TerminalUI

/// Figure 3: bytes the curses backend writes for one keystroke of each class, settings form.
@MainActor
func benchmarkBytesPerKeystroke(_ report: Report) {
  print("3. Bytes written per keystroke (curses backend to a pipe, settings form)")
  do {
    let pipe = try CursesPipe(draining: .onDemand)
    defer { pipe.close() }
    let firstFrame = pipe.drain()
    let driver = KeyDriver(
      store: Store(initialState: settingsEditingDisplayName()) { SettingsForm() },
      layout: SettingsForm.layout, backend: pipe.backend)
    let frame = pipe.drain()

    func bytes(_ keys: Key...) -> Int {
      for key in keys.dropLast() { driver.press(key) }
      _ = pipe.drain()
      driver.press(keys[keys.count - 1])
      return pipe.drain()
    }

    // Typing after "Blob": several characters, report the largest.
    let typed = (0..<5).map { _ in bytes(.character("x")) }
    let typedSample = pipe.lastDrainedEscaped
    let backspace = bytes(.backspace)
    let tab = bytes(.tab)  // display name -> notifications
    let toggle = bytes(.tab, .character(" "))  // -> protect my posts (channels are disabled), Space
    let list = bytes(.backTab, .backTab, .backTab, .down, .character(" "))  // -> digest: weekly
    let error = bytes(.tab, .control("u"), .tab)  // empty the display name and leave it

    report.add("3", "Set-up (terminal modes) + first frame", "\(firstFrame) + \(frame) B")
    let worstTyped = typed.max() ?? 0
    report.add(
      "3", "Typed character (max of 5)", "\(worstTyped) B (each: \(typed.map(String.init).joined(separator: ", ")))",
      target: "≤ 12 B", pass: worstTyped <= 12)
    report.add("3", "  bytes of the last typed character", "`\(typedSample)`")
    report.add("3", "Backspace", "\(backspace) B")
    report.add("3", "Tab (focus moves, key help changes)", "\(tab) B")
    report.add("3", "Toggle (Space)", "\(toggle) B")
    report.add("3", "List choice (Down, Space on the digest)", "\(list) B")
    report.add("3", "Error appears (Tab off an emptied name)", "\(error) B")
  } catch {
    report.skip("3", "Bytes per keystroke", reason: "curses backend failed: \(error)")
  }
}

/// Figure 5: peak memory before and after 100,000 keystrokes through the in-process path.
@MainActor
func benchmarkMemoryStaysFlat(_ report: Report) {
  print("5. Memory over 100,000 keystrokes (settings form, curses backend to a pipe)")
  do {
    let pipe = try CursesPipe(draining: .thread)
    defer { pipe.close() }
    let driver = KeyDriver(
      store: Store(initialState: settingsEditingDisplayName()) { SettingsForm() },
      layout: SettingsForm.layout, backend: pipe.backend)
    let cycle: [Key] = [.character("x"), .backspace, .tab, .backTab, .end, .home]
    for index in 0..<10_000 { driver.press(cycle[index % cycle.count]) }
    resetPeakResident()
    let peakBefore = peakResidentKilobytes()
    let start = monotonicNanoseconds()
    for index in 0..<100_000 { driver.press(cycle[index % cycle.count]) }
    let elapsed = Double(monotonicNanoseconds() - start)
    let peakAfter = peakResidentKilobytes()
    let growth = peakAfter - peakBefore
    report.add(
      "5", "Peak RSS growth over 100,000 keystrokes",
      "\(growth) KiB (VmHWM \(peakBefore) -> \(peakAfter) KiB; \(formatNanoseconds(elapsed / 100_000))/key)",
      target: "< 1 MB", pass: growth < 1_000)
  } catch {
    report.skip("5", "Memory stays flat", reason: "curses backend failed: \(error)")
  }
}
