import ComposableForms

/// Shown instead of a screen when the terminal is too small for it; the screen comes back when
/// the window is enlarged. A question waiting for its answer is shown too, with its keys, since
/// its letters still answer it where it shows whole (``takes(_:keymap:in:)``).
///
/// ```swift
/// TooSmallView(minimum: Size(columns: 40, rows: 10)).render(in: buffer.area, buffer: &buffer)
/// ```
public struct TooSmallView: Widget {
  public var minimum: Size
  public var prompt: FormPrompt?
  public var theme: Theme

  public init(minimum: Size, prompt: FormPrompt? = nil, theme: Theme = .color) {
    self.minimum = minimum
    self.prompt = prompt
    self.theme = theme
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    let (wrapped, _) = lines(in: area)
    let top = area.y + max(0, (area.height - wrapped.count) / 2)
    for (index, line) in wrapped.enumerated() where top + index < area.y + area.height {
      let x = area.x + max(0, (area.width - line.text.displayWidth) / 2)
      _ = buffer.setString(
        line.text, at: Position(column: x, row: top + index),
        style: line.isTitle ? theme.error : theme.label, maxWidth: area.x + area.width - x)
    }
  }

  /// Whether a screen of `size` shows the whole question with its answers' keys. Where it
  /// does not, nobody can read what a key would answer: only Esc (the question's cancel
  /// answer) may answer it there.
  public func showsWholeQuestion(in size: Size) -> Bool {
    lines(in: Rect(x: 0, y: 0, width: size.columns, height: size.rows)).fits
  }

  /// Whether `key` may answer the waiting question on this screen, of `size`: the keymap's
  /// cancel keys (its cancel answer) always, an answer's letter where the question shows whole.
  /// Nothing else: this screen shows no buttons and no selection, so Enter, Tab, the arrows
  /// and clicks would choose unseen.
  public func takes(_ key: Key, keymap: Keymap, in size: Size) -> Bool {
    guard let prompt else { return false }
    if keymap.cancel.contains(key) { return true }
    guard case let .character(character) = key, prompt.choice(forKey: character) != nil else { return false }
    return showsWholeQuestion(in: size)
  }

  /// The lines shown in `area`, and whether they all fit.
  private func lines(in area: Rect) -> (lines: [(text: String, isTitle: Bool)], fits: Bool) {
    let (need, have) = ("\(minimum.columns)×\(minimum.rows)", "\(area.width)×\(area.height)")
    var question: [String] = []
    if let prompt {
      question.append(contentsOf: prompt.message.split(separator: "\n").map(String.init))
      // NB: Only the answers' letters: the box and its buttons are not on this screen.
      question.append(prompt.choices.map { "\(String($0.key).lowercased()) \($0.title.lowercased())" }.joined(separator: ", "))
    }
    // NB: Wrapped, not cut: a person must be able to read what to do in any window. Where the
    //     whole message does not fit, shorter ones say the sizes in fewer rows.
    let messages = [
      ["Terminal too small", "Need \(need), have \(have)", "Enlarge the window"],
      ["Terminal too small", "Need \(need), have \(have)"],
      ["Need \(need)", "have \(have)"],
      ["Need \(need), have \(have)"],
      ["Need \(need)"],
    ]
    let wrap = { (message: [String]) in
      (message + question).enumerated().flatMap { index, line in
        line.wrapped(toWidth: area.width).map { (text: $0, isTitle: index == 0) }
      }
    }
    if let fitting = messages.lazy.map(wrap).first(where: { $0.count <= area.height }) { return (fitting, true) }
    return (wrap(messages[messages.count - 1]), false)
  }
}
