/// Where line mode (``FormLayout/runLines(_:channel:)``) writes its questions and reads the
/// answers: a terminal's standard error and input, a pipe, or a script in a test.
@MainActor
public protocol LineChannel: AnyObject {
  /// Writes `text` as it is (line mode ends its lines itself).
  func write(_ text: String)
  /// The next line typed, without its line break; `nil` at the end of the input. A `secret`
  /// line is not echoed where the channel can stop the echo (a terminal).
  func readLine(secret: Bool) async -> String?
  /// Whether a person answers each question as it comes (a terminal), rather than a file or a
  /// pipe written beforehand. Line mode asks a refused answer again only then: from a file,
  /// the next line was meant for the next question, so a refusal ends the form instead of
  /// shifting every later answer into the wrong field. `true` unless a channel says otherwise.
  var isInteractive: Bool { get }
}

extension LineChannel {
  public var isInteractive: Bool { true }
}

/// A line channel that answers from a list and keeps everything written: for tests, and for
/// trying a form's line mode without a terminal.
///
/// ```swift
/// let channel = ScriptedLineChannel(["Ada", "y"])
/// let outcome = await layout.runLines(store, channel: channel)
/// print(channel.transcript)
/// ```
@MainActor
public final class ScriptedLineChannel: LineChannel {
  private var answers: [String]
  /// Everything written, with each answer read after its question (a secret as `***`).
  public private(set) var transcript = ""
  /// Whether the answers stand for a person at a terminal (a refused one is asked again) or
  /// for a file (a refused one ends the form).
  public let isInteractive: Bool

  public init(_ answers: [String], isInteractive: Bool = true) {
    self.answers = answers
    self.isInteractive = isInteractive
  }

  public func write(_ text: String) {
    transcript += text
  }

  public func readLine(secret: Bool) async -> String? {
    guard !answers.isEmpty else { return nil }
    let answer = answers.removeFirst()
    transcript += (secret ? "***" : answer) + "\n"
    return answer
  }
}
