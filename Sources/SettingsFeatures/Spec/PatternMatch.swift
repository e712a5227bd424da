import Foundation
import Synchronization

/// Whether a text matches a spec's `pattern` as a whole, within a time limit.
///
/// Swift's `Regex` backtracks without a step limit and takes no notice of cancellation: a
/// pattern as ordinary-looking as `([a-z0-9]+[.-]?)*[a-z0-9]+@[a-z]+` takes minutes on twenty
/// letters that do not match, and the form would stop answering keys, Ctrl-C and SIGTERM with
/// it. So the match runs on a thread of its own, and the caller waits `limit` at most; past
/// it the answer is ``tooSlow``. That thread cannot be stopped and keeps a processor busy
/// until it ends (or the program does), so the same value is not tried again meanwhile, and at
/// most ``mostRunning`` matches run at once; another value (the one the person corrects it
/// to) is matched afresh.
///
/// NB: Written here because no engine the package can use bounds its steps (POSIX `regexec`
///     would change the pattern language specs are written in).
public enum PatternMatch: Equatable, Sendable {
  case matches, doesNotMatch
  /// Not decided within the time limit.
  case tooSlow

  /// How long a caller waits for a match.
  public static let limit: Duration = .milliseconds(500)

  /// How many matches may run at once, those given up included.
  public static let mostRunning = 4

  /// Matches `text` against `pattern` (whole match); an invalid pattern never matches.
  public static func check(_ pattern: String, _ text: String, limit: Duration = Self.limit) -> PatternMatch {
    let key = Running(pattern: pattern, text: text)
    let started = busy.withLock { running in
      running.count < mostRunning && running.insert(key).inserted
    }
    guard started else { return .tooSlow }
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      // NB: `\d`, `\w` and `\s` are ASCII only, as in the Go patterns of gum and huh: a port
      //     checked with `\d+` must not take Arabic-Indic digits.
      let regex = (try? Regex(pattern))?.asciiOnlyDigits().asciiOnlyWordCharacters().asciiOnlyWhitespace()
      let matched = regex.map { (try? $0.wholeMatch(in: text)) != nil } ?? false
      outcome.value.withLock { $0 = matched ? .matches : .doesNotMatch }
      busy.withLock { _ = $0.remove(key) }
      done.signal()
    }
    let (seconds, attoseconds) = limit.components
    let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    guard done.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success else { return .tooSlow }
    return outcome.value.withLock { $0 } ?? .tooSlow
  }

  /// The matches still running.
  private static let busy = Mutex<Set<Running>>([])

  private struct Running: Hashable, Sendable {
    var pattern: String
    var text: String
  }

  private final class Outcome: Sendable {
    let value = Mutex<PatternMatch?>(nil)
  }
}
