import ComposableForms
import Foundation
import SettingsFeatures
import SettingsStorage
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps the draft of a form in step with its store while a person edits it: written a few
/// hundred milliseconds after a change, so a form cut off by kill -9 or a lost link loses at
/// most that; kept when the run is interrupted or terminated, removed when the form is
/// submitted or cancelled. A form whose values equal what it opened with keeps no draft.
@MainActor
final class DraftKeeper<State, Draft: Codable & Equatable & Sendable> {
  private let extract: (State) -> Draft
  private var seen: Draft
  private var token: ObservationToken?
  private let original: Draft
  /// `nil` where no draft can be kept (``unavailable`` says why).
  private let writer: DraftWriter<Draft>?
  /// Why no draft can be kept: said when the form is cut off with edits.
  private let unavailable: String?
  /// Keeps other copies of the form off this draft until the form ends.
  private var lock: DraftLock?

  /// How long after a change the draft is written.
  nonisolated static var delay: Duration { .milliseconds(300) }

  init(file: DraftFile<Draft>, lock: DraftLock, original: Draft, extract: @escaping (State) -> Draft) {
    self.extract = extract
    self.seen = original
    self.original = original
    self.lock = lock
    self.writer = DraftWriter(file: file, original: original)
    self.unavailable = nil
  }

  /// A keeper that keeps nothing, and says why when the form is cut off with edits.
  private init(unavailable: String, original: Draft, extract: @escaping (State) -> Draft) {
    self.extract = extract
    self.seen = original
    self.original = original
    self.writer = nil
    self.unavailable = unavailable
  }

  /// The values a form starts from, and the keeper of its draft: the draft of form `name` left
  /// by a run that was cut off, when the person takes it up (`question` is asked with the time
  /// it was written), or `original`. `--no-input` keeps no draft and asks nothing.
  ///
  /// `merge(ours, base, theirs)`, when given, puts the draft's edits onto `original`: `ours` is
  /// the draft, `base` what its form opened with, `theirs` what the form opens with now. So what
  /// another program saved since the draft was written is not undone by taking it up.
  /// A draft nobody could be asked about (a script's run, no terminal) waits: its path comes
  /// back as `waiting`, for the command to name, with the command that offers it
  /// (``sayWaiting(at:resumedBy:)``), once its run has ended and that command is known.
  static func offer(
    form name: String, question: String, original: Draft, options: FormOptions,
    environment: [String: String],
    merge: ((_ ours: Draft, _ base: Draft, _ theirs: Draft) -> Draft)? = nil,
    extract: @escaping (State) -> Draft
  ) -> (initial: Draft, keeper: DraftKeeper?, waiting: String?) {
    // NB: One slot per copy of the form running at once (`client`, `client-2`, ...): each run
    //     holds its slot's lock, so it never offers, removes or writes over a running copy's
    //     draft; a draft whose lock is free was left by a run that was cut off.
    let slots = (1...slotCount).compactMap { slot in
      StoragePaths.draftFile(named: slot == 1 ? name : "\(name)-\(slot)", environment: environment)
    }
    guard !options.noInput else {
      // NB: A script's run neither asks nor keeps a draft, but says one waits for a person.
      let left = slots.first { DraftFile<Draft>(path: $0).load() != nil && DraftLock(draftPath: $0) != nil }
      return (original, nil, left)
    }
    var free: (path: String, lock: DraftLock)?
    var left: (path: String, lock: DraftLock, draft: DraftFile<Draft>.Draft)?
    for path in slots {
      let kept = DraftFile<Draft>(path: path).load()
      // NB: Past the first free slot, only slots with a draft are looked at (and locked).
      guard kept != nil || free == nil, let lock = DraftLock(draftPath: path) else { continue }
      if let kept {
        left = (path, lock, kept)
        break
      }
      free = (path, lock)
    }
    guard let left else {
      guard let free else {
        // NB: No slot to keep a draft in: other copies hold them all (nothing to say), or no
        //     draft can be written there (a read-only or full disk): said if the form is cut off.
        let problem = slots.first.flatMap { path in
          DraftLock.problem(draftPath: path).map { "Cannot keep a draft at \(path): \($0). The edits were not kept." }
        }
        return (original, problem.map { DraftKeeper(unavailable: $0, original: original, extract: extract) }, nil)
      }
      return (
        original, DraftKeeper(file: DraftFile(path: free.path), lock: free.lock, original: original, extract: extract),
        nil
      )
    }
    let file = DraftFile<Draft>(path: left.path)
    let keeper = DraftKeeper(file: file, lock: left.lock, original: original, extract: extract)
    let kept = left.draft
    let values =
      if let merge, let base = kept.base { merge(kept.value, base, original) } else { kept.value }
    guard values != original else { return (original, keeper, nil) }
    // NB: A field both the draft and a later save changed, to different values, is where the
    //     merge takes a side: the two merges, each side's edits put on the other's, differ.
    let undoesASave = merge.flatMap { merge in kept.base.map { merge(original, $0, kept.value) != values } } ?? false
    let warning = undoesASave ? " (it changes values saved again since it was written, back to yours)" : ""
    // NB: The form opens with the --set values over the draft's: the question says which, or
    //     "yes" would quietly restore less than the draft holds.
    let given = DraftOffer.fieldsGiven(by: options.assignments)
    let setNote = given.isEmpty ? "" : ", with \(given) from --set"
    switch DraftOffer.accepts("\(question) at \(DraftOffer.describe(kept.savedAt))\(warning)\(setNote)?") {
    case true?:
      return (values, keeper, nil)
    case false?:
      file.remove()
      return (original, keeper, nil)
    case nil:
      // NB: Nobody to ask (no terminal): the draft waits for a run that can ask, and this run
      //     keeps no draft of its own, which would write over it.
      return (original, nil, left.path)
    }
  }

  /// How many copies of one form keep drafts at once; a copy beyond them keeps none.
  private nonisolated static var slotCount: Int { 8 }

  /// Removes the drafts of edits of the client saved as `id` in `database`, now that it is
  /// removed: no command would offer them any more. A draft a running edit holds stays (that
  /// edit offers to add the client again when it saves). Returns how many were removed.
  @discardableResult
  nonisolated static func discardDrafts(editing id: Int64, in database: String, environment: [String: String]) -> Int {
    let name = name(editing: id, in: database)
    var removed = 0
    for slot in 1...slotCount {
      guard let path = StoragePaths.draftFile(named: slot == 1 ? name : "\(name)-\(slot)", environment: environment),
        FileManager.default.fileExists(atPath: path), let lock = DraftLock(draftPath: path)
      else { continue }
      withExtendedLifetime(lock) { DraftFile<Draft>(path: path).remove() }
      removed += 1
    }
    return removed
  }

  /// Says that a draft waits at `path` (see `offer`), and that `command` (with the values it
  /// ran with: a client's email as saved) offers it.
  static func sayWaiting(at path: String?, resumedBy command: [String]) {
    guard let path else { return }
    let line = (["settings-tui"] + command).map(shellWord).joined(separator: " ")
    printError("a draft from an earlier run is kept at \(path); run \(line) in a terminal to take it up")
  }

  /// `word` as a shell reads it back: as it is when it holds nothing a shell treats specially,
  /// else in single quotes.
  private static func shellWord(_ word: String) -> String {
    let plain = word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "@%_+=:,./-".unicodeScalars.contains($0) }
    guard !plain || word.isEmpty else { return word }
    return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  /// The draft's name for an edit of the client saved as `id` in the database at `database`:
  /// one draft per client and database, found again under the client's new email when another
  /// program changed it meanwhile.
  nonisolated static func name(editing id: Int64, in database: String) -> String {
    "client-edit-" + hash("\(absolute(database))\n\(id)")
  }

  /// The draft's name for `form` (`settings`, `client`) writing to the file at `path`: the
  /// form's own name for the usual file, one per other file (`--config`, `--database`), so a
  /// draft is only ever offered for the file it was written for.
  static func name(_ form: String, writingTo path: String, usual: String?) -> String {
    // NB: The usual file named the usual way (no --config, --database) needs no resolving.
    if path == usual { return form }
    let path = absolute(path)
    if let usual, absolute(usual) == path { return form }
    return "\(form)-" + hash(path)
  }

  /// The file's path however it is spelled: absolute, without `.`, `..` or doubled slashes,
  /// and through symbolic links.
  private nonisolated static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// FNV-1a, 64 bits, in hexadecimal: stable from run to run, unlike Swift's seeded `Hasher`.
  private nonisolated static func hash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(hash, radix: 16)
  }

  /// Starts following `store`.
  func follow<Action>(_ store: Store<State, Action>) {
    seen = extract(store.state)
    token = store.observe { [weak self] state in self?.changed(state) }
  }

  /// Ends following: keeps the draft (written now) or removes it. Returns why edits to keep
  /// were not kept (a draft that could not be written), or `nil`.
  @discardableResult
  func finish(keeping: Bool) -> String? {
    token?.cancel()
    token = nil
    // NB: The lock goes after the last write: another copy starting meanwhile would take the
    //     slot for free, and later remove or overwrite the draft this one writes.
    defer { lock = nil }
    guard let writer else { return keeping && seen != original ? unavailable : nil }
    return writer.finish(keeping ? seen : nil)
  }

  /// Ends following and leaves the draft's file as it was: for a form that never showed,
  /// whose values (`--set`'s) nobody typed, while a draft taken up stays for a run that can
  /// show it.
  func leave() {
    token?.cancel()
    token = nil
    writer?.stop()
    lock = nil
  }

  private func changed(_ state: State) {
    let draft = extract(state)
    guard draft != seen else { return }
    seen = draft
    guard let writer else { return }
    // NB: A key only hands the draft over; one write at a time runs off the main thread (the
    //     run loop may sleep in `poll` until the next key, and the draft must reach the disk
    //     before a kill -9 that may come in that pause), so typing wakes no thread per key.
    if writer.offer(draft) {
      Task.detached {
        try? await Task.sleep(for: DraftKeeper.delay)
        writer.writeLatest()
      }
    }
  }
}

/// The draft waiting to be written, and the one write that may be under way.
private final class DraftWriter<Draft: Codable & Equatable & Sendable>: Sendable {
  private struct Pending {
    var latest: Draft?
    var isScheduled = false
    var isFinished = false
  }

  private let file: DraftFile<Draft>
  private let original: Draft
  private let pending = Mutex(Pending())
  /// Held while the file is written or removed, so writes never overlap or land out of order.
  private let writing = Mutex(())

  init(file: DraftFile<Draft>, original: Draft) {
    self.file = file
    self.original = original
  }

  /// Hands over a newer draft; `true` when a write must be scheduled for it.
  func offer(_ draft: Draft) -> Bool {
    pending.withLock { pending in
      pending.latest = draft
      defer { pending.isScheduled = true }
      return !pending.isScheduled && !pending.isFinished
    }
  }

  /// Writes the newest draft handed over (a scheduled write, off the main thread).
  func writeLatest() {
    writing.withLock { _ in
      let draft = pending.withLock { pending -> Draft? in
        pending.isScheduled = false
        return pending.isFinished ? nil : pending.latest
      }
      guard let draft else { return }
      store(draft)
    }
  }

  /// Stops scheduled writes, and waits for one under way; the file stays as it is.
  func stop() {
    pending.withLock { $0.isFinished = true }
    writing.withLock { _ in }
  }

  /// Stops scheduled writes, then keeps `draft` or removes the file (`nil`). Returns why
  /// `draft` could not be kept, or `nil`.
  func finish(_ draft: Draft?) -> String? {
    pending.withLock { $0.isFinished = true }
    return writing.withLock { _ -> String? in
      guard let draft else {
        file.remove()
        return nil
      }
      return store(draft)
    }
  }

  /// Writes `draft` (or removes the file, where the form holds what it opened with); returns
  /// why it could not be written, or `nil`. A write while typing that fails is tried again by
  /// the next one, and the last says.
  @discardableResult
  private func store(_ draft: Draft) -> String? {
    if draft == original {
      file.remove()
      return nil
    }
    do {
      try file.save(draft, base: original)
      return nil
    } catch {
      let reason = (error as? StorageError)?.message ?? "Cannot keep a draft at \(file.path)."
      // NB: A failed write leaves the draft before it (written earlier, or taken up at start).
      let earlier = access(file.path, F_OK) == 0
      return reason + (earlier ? " An earlier draft was kept; the edits since were not." : " The edits were not kept.")
    }
  }
}

/// Asks on the terminal whether to take up a draft, before the form starts.
@MainActor
enum DraftOffer {
  /// Asks `question` on /dev/tty; anything but "n" or "no" (Enter too) is yes. `nil` when
  /// there is no terminal to ask on.
  static func accepts(_ question: String) -> Bool? {
    TerminalQuestion.confirm(question, defaultAnswer: true)
  }

  /// The fields `assignments` (`--set field=value`) give, as given, once each: "name and age".
  /// Empty when none.
  static func fieldsGiven(by assignments: [String]) -> String {
    var seen: Set<String> = []
    let fields = assignments.compactMap { text -> String? in
      guard let assignment = try? FieldAssignment(text), seen.insert(assignment.normalizedField).inserted
      else { return nil }
      return assignment.shownField
    }
    guard let last = fields.last else { return "" }
    return fields.count == 1 ? last : fields.dropLast().joined(separator: ", ") + " and " + last
  }

  /// "14:32" today, the date otherwise.
  static func describe(_ date: Date) -> String {
    let text = Calendar.current.isDateInToday(date)
      ? date.formatted(date: .omitted, time: .shortened)
      : date.formatted(date: .abbreviated, time: .shortened)
    // NB: Formats put narrow no-break spaces (U+202F) before AM/PM: bytes a terminal in the C
    //     locale shows as garbage. A space reads the same everywhere.
    return String(text.map { $0.isWhitespace ? " " : $0 })
  }
}
