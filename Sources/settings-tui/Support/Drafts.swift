import ComposableForms
import Foundation
import SettingsStorage
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps the draft of a form in step with its store while a person edits it: written a few
/// hundred milliseconds after the last change, so a form cut off by kill -9 or a lost link
/// loses at most that; kept when the run is interrupted or terminated, removed when the form is
/// submitted or cancelled. A form whose values equal what it opened with keeps no draft.
@MainActor
final class DraftKeeper<State, Draft: Codable & Equatable & Sendable> {
  private let file: DraftFile<Draft>
  private let original: Draft
  private let extract: (State) -> Draft
  private var latest: Draft
  private var token: ObservationToken?
  /// Orders the writes made off the main thread: only the newest draft is written.
  private let generation = Generation()

  /// How long after the last change the draft is written.
  static var delay: Duration { .milliseconds(300) }

  init(file: DraftFile<Draft>, original: Draft, extract: @escaping (State) -> Draft) {
    self.file = file
    self.original = original
    self.extract = extract
    self.latest = original
  }

  /// The values a form starts from, and the keeper of its draft: the draft of form `name` left
  /// by a run that was cut off, when the person takes it up (`question` is asked with the time
  /// it was written), or `original`. `--no-input` keeps no draft and asks nothing.
  static func offer(
    form name: String, question: String, original: Draft, options: FormOptions,
    environment: [String: String], extract: @escaping (State) -> Draft
  ) -> (initial: Draft, keeper: DraftKeeper?) {
    guard !options.noInput, let path = StoragePaths.draftFile(named: name, environment: environment)
    else { return (original, nil) }
    let file = DraftFile<Draft>(path: path)
    let keeper = DraftKeeper(file: file, original: original, extract: extract)
    guard let (values, savedAt) = file.load(), values != original else { return (original, keeper) }
    if DraftOffer.accepts("\(question) at \(DraftOffer.describe(savedAt))?") {
      return (values, keeper)
    }
    file.remove()
    return (original, keeper)
  }

  /// Starts following `store`.
  func follow<Action>(_ store: Store<State, Action>) {
    latest = extract(store.state)
    token = store.observe { [weak self] state in self?.changed(state) }
  }

  /// Ends following: keeps the draft (written now) or removes it.
  func finish(keeping: Bool) {
    token?.cancel()
    token = nil
    let current = generation.next()
    if keeping && latest != original {
      write(latest, generation: current)
    } else {
      generation.ifNewest(current) { file.remove() }
    }
  }

  private func changed(_ state: State) {
    let draft = extract(state)
    guard draft != latest else { return }
    latest = draft
    let current = generation.next()
    let (file, original, generation) = (self.file, self.original, self.generation)
    // NB: Off the main thread: the run loop may sleep in `poll` until the next key, and the
    //     draft must reach the disk before a kill -9 that may come in that pause.
    Task.detached {
      try? await Task.sleep(for: Self.delay)
      generation.ifNewest(current) {
        if draft == original { file.remove() } else { try? file.save(draft) }
      }
    }
  }

  private func write(_ draft: Draft, generation current: Int) {
    generation.ifNewest(current) { try? file.save(draft) }
  }
}

/// A counter of drafts, so that a write that waited is skipped when a newer one exists.
private final class Generation: Sendable {
  private let newest = Mutex(0)

  /// The number of a new draft.
  func next() -> Int {
    newest.withLock { value in
      value += 1
      return value
    }
  }

  /// Runs `body` (under the lock, so writes never overlap) if `number` is still the newest.
  func ifNewest(_ number: Int, _ body: () -> Void) {
    newest.withLock { value in
      if value == number { body() }
    }
  }
}

/// Asks on the terminal whether to take up a draft, before the form starts.
enum DraftOffer {
  /// Asks `question` on /dev/tty; anything but "n" or "no" (Enter too) is yes. No terminal: no.
  static func accepts(_ question: String) -> Bool {
    let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { _ = close(fd) }
    let prompt = Array("settings-tui: \(question.visibleForTerminal) [Y/n] ".utf8)
    _ = prompt.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    var answer: [UInt8] = []
    var byte: UInt8 = 0
    while answer.count < 64, read(fd, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
      answer.append(byte)
    }
    let text = String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
    return text != "n" && text != "no"
  }

  /// "14:32" today, the date otherwise.
  static func describe(_ date: Date) -> String {
    Calendar.current.isDateInToday(date)
      ? date.formatted(date: .omitted, time: .shortened)
      : date.formatted(date: .abbreviated, time: .shortened)
  }
}
