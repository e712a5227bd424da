import ComposableForms
import CursesBackend
import Foundation
import SettingsFeatures
import TestSupport
import Testing
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Random input through the real path: bytes typed into a terminal (a pipe) are decoded by the
/// curses backend, and each key goes through the keymap, the layout and the reducers of every
/// form, with resizes in between. After every key the invariants must hold: no crash, focus on
/// something that can take it, a frame exactly the size of the screen, the cursor on it.
///
/// `make test` runs 20,000 keys; `make fuzz` runs 1,000,000 (`FUZZ_KEYS`) and prints the
/// figures. `FUZZ_SEED` replays a run.
@Suite(.serialized)
@MainActor
struct KeyFuzzTests {
  static var keyCount: Int { Int(ProcessInfo.processInfo.environment["FUZZ_KEYS"] ?? "") ?? 20_000 }
  static var seed: UInt64 { UInt64(ProcessInfo.processInfo.environment["FUZZ_SEED"] ?? "") ?? 0x5EED }

  @Test func randomInputKeepsEveryFormSound() async throws {
    // NB: A lone Esc would wait the escape delay for the rest of a sequence, every time.
    setenv("ESCDELAY", "1", 1)
    defer { unsetenv("ESCDELAY") }
    var random = SplitMix64(seed: Self.seed)
    var figures = Figures()
    let started = ContinuousClock.now
    let perForm = max(1, Self.keyCount / 2)
    try await fuzz(SettingsForm.layout, fresh: { SettingsForm.State() }, reducer: SettingsForm.init,
                   keys: perForm, random: &random, figures: &figures)
    try await fuzz(ClientForm.layout, fresh: { ClientForm.State() }, reducer: ClientForm.init,
                   keys: perForm, random: &random, figures: &figures)
    let elapsed = ContinuousClock.now - started
    print(
      "fuzz: seed \(String(Self.seed, radix: 16)): \(figures.bytes) bytes typed, \(figures.keys) keys "
        + "survived, \(figures.resizes) resizes, \(figures.restarts) forms ended and restarted, "
        + "\(figures.submits) submitted, \(elapsed)")
    #expect(figures.keys >= Self.keyCount / 2, "most input decodes to keys")
  }

  private func fuzz<R: Reducer>(
    _ layout: FormLayout<R.State, R.Action>, fresh: () -> R.State, reducer: @escaping () -> R,
    keys: Int, random: inout SplitMix64, figures: inout Figures
  ) async throws where R.State: FormFeatureState & Equatable, R.Action: BindableFormAction, R.Action.State == R.State {
    var pipeEnds: [Int32] = [-1, -1]
    try #require(pipe(&pipeEnds) == 0)
    let (keyboardRead, keyboardWrite) = (pipeEnds[0], pipeEnds[1])
    let screen = open("/dev/null", O_WRONLY)
    defer { for fd in [keyboardRead, keyboardWrite, screen] { _ = close(fd) } }
    let backend = try CursesBackend(inputFD: keyboardRead, outputFD: screen, termName: "xterm-256color")
    backend.suspendsOnControlZ = false
    defer { backend.shutdown() }

    let headless = HeadlessBackend(size: Size(columns: 80, rows: 24))
    func makeRuntime() -> FormRuntime<R.State, R.Action> {
      let store = Store(initialState: fresh()) { reducer() } withDependencies: {
        $0.continuousClock = ImmediateClock()
        $0.clientStorage = ClientStorageClient(
          emailExists: { $0.hasPrefix("taken") }, add: { _ in }, all: { [] }, remove: { _ in .gone },
          find: { _ in nil }, update: { _, _, edited, _ in edited }, matches: { _ in [] }, clients: { _ in [] })
        $0.settingsStorage = SettingsStorageClient(load: { nil }, save: { _, _ in })
        $0.notificationPermission = NotificationPermissionClient { .denied(reason: "No") }
      }
      return FormRuntime(
        store: store, layout: layout, terminal: Terminal(backend: headless),
        events: ScriptedEventSource())
    }
    var runtime = makeRuntime()
    runtime.render()
    var handled = 0
    while handled < keys {
      let chunk = Self.chunk(&random)
      figures.bytes += chunk.count
      _ = chunk.withUnsafeBytes { write(keyboardWrite, $0.baseAddress, $0.count) }
      if random.int(below: 40) == 0 {
        headless.size = Size(columns: 20 + random.int(below: 120), rows: 5 + random.int(below: 50))
        _ = runtime.handle(.resize)
        figures.resizes += 1
      }
      while case let .key(key) = backend.nextEvent(timeout: .zero) {
        handled += 1
        figures.keys += 1
        let outcome = runtime.handle(key)
        await Task.yield()
        runtime.render()
        try check(runtime, headless, after: key)
        let ended = runtime.store.state.form.outcome
        if outcome != nil || ended != nil {
          if ended == .submitted { figures.submits += 1 }
          figures.restarts += 1
          runtime = makeRuntime()
          runtime.render()
        }
      }
    }
  }

  /// The invariants after each key.
  private func check<S: FormFeatureState, A>(
    _ runtime: FormRuntime<S, A>, _ screen: HeadlessBackend, after key: Key
  ) throws {
    let state = runtime.store.state
    switch state.form.focus {
    case let .field(field)?:
      #expect(S.rules.isEnabled(field, in: state), "focus on a disabled field after \(key)")
    case .submit?, .cancel?, nil:
      break
    }
    #expect(screen.screen.size == screen.size, "the frame is the screen's size after \(key)")
    if let cursor = screen.cursor {
      #expect(cursor.column >= 0 && cursor.column < screen.size.columns, "cursor column after \(key)")
      #expect(cursor.row >= 0 && cursor.row < screen.size.rows, "cursor row after \(key)")
    }
    for field in state.form.errors.keys {
      #expect(state.form.validated.contains(field), "an error shows only once validated")
    }
  }

  /// One burst of input: text, control bytes, sequences (known, cut, unknown), invalid UTF-8,
  /// bracketed pastes.
  static func chunk(_ random: inout SplitMix64) -> [UInt8] {
    switch random.int(below: 10) {
    case 0...3:
      let pool = Array("abcXYZ 019@.-+_é漢👍".unicodeScalars)
      return Array(String(String.UnicodeScalarView((0..<(1 + random.int(below: 6))).map { _ in pool[random.int(below: pool.count)] })).utf8)
    case 4:
      return [UInt8(random.int(below: 32))]
    case 5:
      let sequences = [
        "\u{1B}[A", "\u{1B}[B", "\u{1B}[C", "\u{1B}[D", "\u{1B}OA", "\u{1B}[Z", "\u{1B}[H", "\u{1B}[F",
        "\u{1B}[3~", "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[1;5C", "\u{1B}[99~", "\u{1B}", "\u{1B}[", "\t", "\r",
      ]
      return Array(sequences[random.int(below: sequences.count)].utf8)
    case 6:
      return (0..<(1 + random.int(below: 4))).map { _ in UInt8(0x80 + random.int(below: 128)) }
    case 7:
      let body = (0..<random.int(below: 40)).map { _ in UInt8(0x20 + random.int(below: 95)) }
      return Array("\u{1B}[200~".utf8) + body + Array("\u{1B}[201~".utf8)
    case 8:
      return [0x7F]
    default:
      return Array(["\t", "\u{1B}[Z", " ", "\r"][random.int(below: 4)].utf8)
    }
  }

  struct Figures {
    var bytes = 0
    var keys = 0
    var resizes = 0
    var restarts = 0
    var submits = 0
  }
}
