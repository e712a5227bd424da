/// A list of options in view: each with its mark (`(•)`/`( )` for one choice, `[x]`/`[ ]` for
/// several), the highlighted one in the focused style, scrolled to keep it in view, with `↑`
/// and `↓` where more options are above or below, and a filter line under the options when the
/// list can be filtered.
///
/// ```swift
/// ListView(options: ["Daily", "Weekly", "Off"], chosen: [1], highlight: 1, visibleRows: 3,
///          isFocused: true).render(in: area, buffer: &buffer)
/// ```
public struct ListView: Widget {
  /// How a chosen option is marked.
  public enum Marks: Hashable, Sendable {
    /// `(•)` and `( )`: one option is chosen.
    case single
    /// `[x]` and `[ ]`: any number are.
    case multiple
  }

  public var options: [String]
  /// The indexes (into `options`) of the chosen options.
  public var chosen: Set<Int>
  /// The index (into `options`) of the highlighted option, if any.
  public var highlight: Int?
  /// How many option rows are shown.
  public var visibleRows: Int
  public var marks: Marks
  /// The filter typed so far, when the list has a filter line (`nil`: no filter line).
  public var filter: String?
  public var isFocused: Bool
  public var isDisabled: Bool
  public var theme: Theme

  public init(
    options: [String], chosen: Set<Int>, highlight: Int?, visibleRows: Int, marks: Marks = .single,
    filter: String? = nil, isFocused: Bool = false, isDisabled: Bool = false, theme: Theme = .color
  ) {
    self.options = options
    self.chosen = chosen
    self.highlight = highlight
    self.visibleRows = visibleRows
    self.marks = marks
    self.filter = filter
    self.isFocused = isFocused
    self.isDisabled = isDisabled
    self.theme = theme
  }

  /// The first option shown: the highlighted one (or the first chosen) kept in view, near the
  /// middle of the list when it scrolls.
  public var scrollOffset: Int {
    Self.firstShown(keeping: highlight ?? chosen.min() ?? 0, of: options.count, visibleRows: visibleRows)
  }

  /// The first of `count` options shown in `visibleRows` rows, keeping option `target` in view,
  /// near the middle when the list scrolls.
  static func firstShown(keeping target: Int, of count: Int, visibleRows: Int) -> Int {
    min(max(0, target - visibleRows / 2), max(0, count - visibleRows))
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    let offset = scrollOffset
    for row in 0..<min(visibleRows, area.height) {
      let line = area.row(row)
      let index = offset + row
      guard index < options.count else {
        if row == 0 {
          buffer.draw(filter?.isEmpty == false ? "No option matches" : "No options", in: line, style: theme.placeholder)
        }
        continue
      }
      let isChosen = chosen.contains(index)
      let mark: String
      switch marks {
      case .single: mark = isChosen ? "(•)" : "( )"
      case .multiple: mark = isChosen ? "[x]" : "[ ]"
      }
      let isHighlighted = isFocused && !isDisabled && index == highlight
      let style = isDisabled ? theme.disabled : isHighlighted ? theme.focusedControl : theme.control
      let more = row == 0 && offset > 0 ? "↑" : row == visibleRows - 1 && index < options.count - 1 ? "↓" : nil
      let width = line.width - (more == nil ? 0 : 2)
      buffer.draw("\(mark) \(options[index])".truncated(toWidth: max(0, width)), in: line, style: style)
      if let more, line.width >= 2 {
        buffer.draw(more, in: line, offset: line.width - 1, style: theme.help)
      }
    }
    if let filter, visibleRows < area.height {
      let line = area.row(visibleRows)
      if filter.isEmpty {
        buffer.draw(isFocused ? "Type to filter" : "", in: line, style: theme.placeholder)
      } else {
        let used = buffer.draw("Filter: ", in: line, style: theme.help)
        buffer.draw(filter, in: line, offset: used, style: theme.text)
      }
    }
  }
}
