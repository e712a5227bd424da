import ComposableForms
import SettingsFeatures
import TerminalUI
import TestSupport
import Testing

/// A frame drawn from the previous one (only the rows whose content changed) must equal the
/// frame drawn from nothing, after any sequence of keys, check answers, resizes, theme changes
/// and spinner ticks; and a terminal told only those rows changed must show that frame.
@MainActor
struct FrameCacheTests {
  @Test func cachedFramesOfTheClientFormEqualFreshOnes() {
    for seed in 1...150 as ClosedRange<UInt64> {
      if let failure = Self.compare(
        ClientForm(), ClientForm.layout, initial: ClientForm.State(), embed: ClientForm.Action.form,
        seed: seed,
        answers: [.checkFinished(.email, generation: 1, error: "A client with this email already exists")])
      {
        Issue.record("seed \(seed): \(failure)")
        return
      }
    }
  }

  @Test func cachedFramesOfTheSettingsFormEqualFreshOnes() {
    for seed in 1...150 as ClosedRange<UInt64> {
      if let failure = Self.compare(
        SettingsForm(), SettingsForm.layout, initial: SettingsForm.State(settings: UserSettings()),
        embed: SettingsForm.Action.form, seed: seed, answers: [.submitFinished(error: "Disk full")])
      {
        Issue.record("seed \(seed): \(failure)")
        return
      }
    }
  }

  /// A failed save's reason long enough to wrap onto several rows, narrower beside "↓ more":
  /// as scrolling shows and hides that mark, every row of it is drawn at the new width.
  @Test func cachedFramesWithALongStatusEqualFreshOnes() {
    let reason = "Cannot save settings to /tmp/a-rather-long-directory-name-for-wrapping/settings.json: "
      + "could not create the folder /tmp/a-rather-long-directory-name (Not a directory)."
    for seed in 1...150 as ClosedRange<UInt64> {
      if let failure = Self.compare(
        SettingsForm(), SettingsForm.layout, initial: SettingsForm.State(settings: UserSettings()),
        embed: SettingsForm.Action.form, seed: seed, answers: [.submitFinished(error: reason)])
      {
        Issue.record("seed \(seed): \(failure)")
        return
      }
    }
  }

  @Test func onlyTheEditedRowIsDrawnAgainForATypedKey() {
    let layout = ClientForm.layout
    var state = ClientForm.State()
    var view = FormViewState<ClientForm.Field>()
    var cache = FrameCache()
    let size = Size(columns: 80, rows: 24)
    let first = layout.render(state, size: size, theme: .color, view: &view, cache: &cache).buffer
    state.name = "A"
    let second = layout.render(state, size: size, theme: .color, view: &view, cache: &cache).buffer
    let changedRows = (0..<size.rows).filter { first.lines[$0] != second.lines[$0] }
    #expect(changedRows == [3])
    #expect(second.lines[3].hasPrefix(" › Name   A"))
  }

  // MARK: - One run

  /// Sends a random sequence of keys from `seed` and returns the first difference, if any.
  static func compare<R: Reducer, Field: FormField>(
    _ reducer: R,
    _ layout: FormLayout<R.State, R.Action>,
    initial: R.State,
    embed: (FormAction<Field>) -> R.Action,
    seed: UInt64,
    answers: [FormAction<Field>]
  ) -> String? where R.Action: BindableFormAction, R.Action.State == R.State, R.State.Field == Field {
    var random = SplitMix64(seed: seed)
    var state = initial
    var view = FormViewState<Field>()
    var cache = FrameCache()
    var size = Size(columns: 80, rows: 24)
    var theme = Theme.color
    var steps: [String] = []
    let backend = HeadlessBackend(size: size)
    let terminal = Terminal(backend: backend)
    for _ in 0..<60 {
      switch random.int(below: 20) {
      case 0:
        size = [Size(columns: 80, rows: 24), Size(columns: 60, rows: 12), Size(columns: 40, rows: 14), Size(columns: 30, rows: 8)][random.int(below: 4)]
        steps.append("resize to \(size.columns)x\(size.rows)")
        backend.size = size
        terminal.handleResize()
      case 1:
        theme = random.int(below: 2) == 0 ? .color : .monochrome
        steps.append("theme")
      case 2:
        view.spinnerFrame += 1
        steps.append("spinner")
      case 3:
        let answer = answers[random.int(below: answers.count)]
        _ = reducer.reduce(into: &state, action: embed(answer))
        steps.append("\(answer)")
      default:
        let key = keys[random.int(below: keys.count)]
        steps.append("\(key)")
        guard let command = Keymap.standard.command(for: key, focused: layout.focusedKind(in: state))
        else { break }
        for action in layout.actions(for: command, state: state, view: &view) {
          _ = reducer.reduce(into: &state, action: action)
        }
      }
      var freshView = view
      let fresh = layout.render(state, size: size, theme: theme, view: &freshView)
      let cached = layout.render(state, size: size, theme: theme, view: &view, cache: &cache)
      if cached.buffer != fresh.buffer || cached.cursor != fresh.cursor || view != freshView {
        let (cachedLines, freshLines) = (cached.buffer.lines, fresh.buffer.lines)
        let rows = (0..<size.rows).filter { cachedLines[$0] != freshLines[$0] }
        return "after \(steps.joined(separator: ", ")): rows \(rows) differ: "
          + rows.map { "\ncached: \(cachedLines[$0])\nfresh:  \(freshLines[$0])" }.joined()
      }
      terminal.draw(cached.buffer, cursor: cached.cursor, changedRows: cache.rowsDrawnInLastFrame)
      if backend.screen != fresh.buffer || backend.cursor != fresh.cursor {
        let (shownLines, freshLines) = (backend.screen.lines, fresh.buffer.lines)
        let rows = (0..<size.rows).filter { shownLines[$0] != freshLines[$0] }
        return "after \(steps.joined(separator: ", ")): the terminal shows rows \(rows) wrong: "
          + rows.map { "\nshown: \(shownLines[$0])\nfresh: \(freshLines[$0])" }.joined()
      }
    }
    return nil
  }

  static let keys: [Key] = [
    .character("a"), .character("@"), .character("1"), .character("8"), .character(" "),
    .character("-"), .character("+"), .backspace, .delete, .left, .right, .home, .end,
    .tab, .backTab, .tab, .up, .down, .enter, .control("u"), .pageUp, .pageDown,
  ]
}
