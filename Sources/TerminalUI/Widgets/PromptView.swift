import ComposableForms

/// A form's question in a box over the form: the message, wrapped, and one button per answer,
/// the selected one highlighted.
///
/// ```
/// ┌──────────────────────────────────────┐
/// │ Discard changes?                     │
/// │                                      │
/// │ [ Yes ]  [ No ]                      │
/// └──────────────────────────────────────┘
/// ```
///
/// ```swift
/// PromptView(prompt: .discardChanges, selection: 0).render(in: screen, buffer: &buffer)
/// ```
public struct PromptView: Widget {
  public var prompt: FormPrompt
  /// The index of the preselected answer, which Enter chooses.
  public var selection: Int
  public var theme: Theme

  public init(prompt: FormPrompt, selection: Int, theme: Theme = .color) {
    self.prompt = prompt
    self.selection = selection
    self.theme = theme
  }

  /// The answers' buttons, in order.
  public var buttons: [ButtonView] {
    prompt.choices.enumerated().map { index, choice in
      ButtonView(title: choice.title, isFocused: index == selection, theme: theme)
    }
  }

  /// The message's lines when the box's inside is `width` columns wide. A question quotes
  /// data (a client's name): what could steer the terminal shows escaped, as in every message.
  public func lines(width: Int) -> [String] {
    paragraphs.flatMap { $0.wrapped(toWidth: width) }
  }

  /// The message's own lines, made visible.
  private var paragraphs: [String] {
    prompt.message.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).visibleForTerminal }
  }

  /// The box's frame, centred in `area`: as wide as the message needs (at most `area`'s width)
  /// and as tall as its lines, a blank row and the buttons' rows.
  public func frame(in area: Rect) -> Rect {
    let buttonsWidth = buttons.map(\.width).reduce(0, +) + 2 * max(0, buttons.count - 1)
    let widest = paragraphs.map(\.displayWidth).max() ?? 0
    let width = min(area.width, max(buttonsWidth, widest, 30) + 4)
    let inner = max(1, width - 4)
    let height = min(area.height, lines(width: inner).count + 3 + buttonRows(width: inner).count)
    return Rect(
      x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2,
      width: width, height: height)
  }

  /// Draws the box centred in `area`.
  public func render(in area: Rect, buffer: inout Buffer) {
    let box = frame(in: area)
    guard box.width >= 4, box.height >= 3 else { return }
    let inside = buffer.drawFrame(box, style: theme.label)
    let text = Rect(x: inside.x + 1, y: inside.y, width: inside.width - 2, height: inside.height)
    var lines = lines(width: max(1, text.width))
    // NB: The buttons' rows always show. A message too long for the box takes the blank row
    //     above the buttons, then gives up its last lines, its last shown line ending in "…".
    let buttonRows = buttonRows(width: max(1, text.width)).count
    let room = lines.count > text.height - 1 - buttonRows ? text.height - buttonRows : text.height - 1 - buttonRows
    if lines.count > room, room > 0 {
      lines = Array(lines.prefix(room))
      lines[room - 1] = (lines[room - 1] + "…").truncated(toWidth: text.width)
    }
    for (index, line) in lines.prefix(max(0, room)).enumerated() {
      buffer.draw(line, in: text.row(index), style: theme.label)
    }
    for (button, place) in zip(buttons, buttonFrames(in: area)) {
      button.render(in: place, buffer: &buffer)
    }
  }

  /// Where each answer's button is drawn when the box is centred in `area`: in a row, or in
  /// as many rows as a narrow box needs, so every answer shows.
  public func buttonFrames(in area: Rect) -> [Rect] {
    let box = frame(in: area)
    guard box.width >= 4, box.height >= 3 else { return [] }
    let left = box.x + 2
    let right = box.x + box.width - 2
    let rows = buttonRows(width: max(1, box.width - 4))
    var frames: [Rect] = []
    for (index, row) in rows.enumerated() {
      let y = box.y + box.height - 1 - rows.count + index
      var x = left
      for button in row.map({ buttons[$0] }) {
        frames.append(Rect(x: x, y: y, width: max(0, min(button.width, right - x)), height: 1))
        x += button.width + 2
      }
    }
    return frames
  }

  /// The buttons (their indexes) on each row of a box `width` columns wide inside its margins:
  /// as many on a row as fit, two columns apart.
  private func buttonRows(width: Int) -> [[Int]] {
    var rows: [[Int]] = [[]]
    var used = 0
    for (index, button) in buttons.enumerated() {
      if let last = rows.last, !last.isEmpty, used + 2 + button.width > width {
        rows.append([])
        used = 0
      }
      used += (rows[rows.count - 1].isEmpty ? 0 : 2) + button.width
      rows[rows.count - 1].append(index)
    }
    return rows
  }

  /// The index of the answer whose button is at `position`, the box centred in `area`.
  public func choice(at position: Position, in area: Rect) -> Int? {
    buttonFrames(in: area).firstIndex { frame in
      frame.y == position.row && (frame.x..<(frame.x + frame.width)).contains(position.column)
    }
  }
}
