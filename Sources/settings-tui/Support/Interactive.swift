import ComposableForms
import CursesBackend
import TerminalUI

/// Runs a form on the terminal (`/dev/tty`, so standard output stays free for `--json`).
@MainActor
enum Interactive {
  static func run<State, Action, Draft>(
    _ store: Store<State, Action>,
    layout: FormLayout<State, Action>,
    options: FormOptions,
    environment: [String: String],
    draft: DraftKeeper<State, Draft>?
  ) async throws(ExitStatus) {
    let environment = options.display.applied(to: environment)
    let outcome: FormRuntime<State, Action>.Outcome
    draft?.follow(store)
    if usesLines(options: options, environment: environment) {
      let channel = StandardLineChannel.answeringSettingsTUI()
      outcome = await layout.runLines(store, channel: channel)
      if outcome == .cancelled, store.state.form.outcome == nil, channel.inputEnded {
        printError("the input ended before the form was submitted")
      }
    } else {
      do {
        outcome = try await layout.run(store, environment: environment, mouse: !options.noMouse)
      } catch {
        // NB: The form never showed (curses cannot drive this TERM): a draft just taken up
        //     stays for a run that can show it, and the --set values nobody typed make none.
        draft?.leave()
        throw fail("\(error); or pass --accessible, or --no-input with --set field=value")
      }
    }
    // NB: Submitted or cancelled on purpose: nothing to take up later. Cut off: keep it.
    switch outcome {
    case .submitted, .cancelled, .dismissed: draft?.finish(keeping: false)
    case .interrupted, .terminated:
      if let problem = draft?.finish(keeping: true) { printError(problem) }
    }
    switch outcome {
    // NB: Dismissed: a root store's form never is; its presenter would know how it ended.
    case .submitted, .dismissed: return
    case .cancelled: throw .cancelledOrInvalid
    case .interrupted: throw .interrupted
    case let .terminated(signal): throw .signal(signal)
    }
  }

  /// Whether the form is asked line by line: `--accessible`, `ACCESSIBLE` set (and not a no),
  /// or a dumb terminal, which cannot move the cursor to draw a form.
  static func usesLines(options: FormOptions, environment: [String: String]) -> Bool {
    usesLines(accessible: options.accessible, environment: environment)
  }

  /// Whether a command asks line by line: `accessible` (its `--accessible`), `ACCESSIBLE` set
  /// to anything but a no (``YesOrNo/no``, any case) or blanks, or a dumb terminal.
  static func usesLines(accessible: Bool, environment: [String: String]) -> Bool {
    if accessible || environment["TERM"] == "dumb" { return true }
    guard let value = environment["ACCESSIBLE"], !value.allSatisfy(\.isWhitespace) else { return false }
    return YesOrNo.answer(value) != false
  }
}

extension StandardLineChannel {
  /// Line mode's channel for this program: its name on the channel's messages, and `--set`
  /// for a value longer than a terminal line.
  static func answeringSettingsTUI() -> StandardLineChannel {
    StandardLineChannel(programName: "settings-tui", longAnswerHint: "give a longer value with --set")
  }
}
