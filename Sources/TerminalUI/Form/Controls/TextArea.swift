import ComposableForms

/// Multi-line text bound to a bindable `String`, `rows` rows high, wrapped at spaces: Enter
/// inserts a line break, Tab and Shift-Tab leave, Up/Down move by rows, the text keys of a
/// ``TextField`` edit, and Ctrl-E opens the text in `$VISUAL` or `$EDITOR` (where the program
/// runs one; see ``FormRuntime/externalEditor``). Typing and pasting stop at `maxLength`
/// characters, line breaks included.
///
/// ```swift
/// TextArea("Bio", \.$bio, rows: 4, placeholder: "A few words about you", maxLength: 500)
/// ```
public func TextArea<State>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<String>>,
  rows: Int = 4,
  placeholder: String = "",
  maxLength: Int? = 10_000
) -> FormControl<State> {
  FormControl(
    label: label, kind: .textArea, binding: BoundKeyPath(keyPath), rows: max(2, rows),
    draw: { state, context, area, buffer in
      TextAreaView(
        value: state[keyPath: keyPath].wrappedValue, placeholder: placeholder,
        isDisabled: context.isDisabled, theme: context.theme
      ).render(in: area, buffer: &buffer)
    },
    value: { .text($0[keyPath: keyPath].wrappedValue) },
    handle: { _, _, _ in nil },
    textAccess: .init(
      get: { $0[keyPath: keyPath].wrappedValue },
      set: { .set(keyPath, $0) },
      placeholder: placeholder, echo: .normal, maxLength: maxLength),
    status: nil,
    line: LineQuestion(
      current: { LineQuestion<State>.escapingLineBreaks($0[keyPath: keyPath].wrappedValue) },
      hint: "one line; \\n starts a new one, \\\\ is a backslash",
      answer: LineQuestion.textAnswer(keyPath, maxLength: maxLength) {
        TextSanitizer.multiLine(LineQuestion<State>.unescapingLineBreaks($0))
      }))
}

extension LineQuestion {
  /// A text of several lines on one: a line break as `\n`, a backslash as `\\`, so
  /// `C:\\new` and a line break before `new` read differently.
  static func escapingLineBreaks(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// The text an answer of one line stands for: `\n` a line break, `\\` a backslash; any other
  /// backslash is itself (`C:\temp`).
  static func unescapingLineBreaks(_ answer: String) -> String {
    var text = ""
    var pendingBackslash = false
    for character in answer {
      if pendingBackslash {
        pendingBackslash = false
        switch character {
        case "n": text.append("\n")
        case "\\": text.append("\\")
        default: text += "\\\(character)"
        }
      } else if character == "\\" {
        pendingBackslash = true
      } else {
        text.append(character)
      }
    }
    if pendingBackslash { text.append("\\") }
    return text
  }
}
