/// What a tmux pane shows: one string per row, trailing spaces removed.
struct Screen: CustomStringConvertible, Equatable {
  var lines: [String]

  init(_ text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop(while: { $0 == " " }).reversed())
    }
    if lines.last == "" { lines.removeLast() }
    self.lines = lines
  }

  /// Whether any row contains `text`.
  func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

  /// The index of the first row that contains `text`.
  func row(containing text: String) -> Int? { lines.firstIndex { $0.contains(text) } }

  /// The rows that carry the focus marker in the marker column, without it: `›`, or `>` on a
  /// terminal that cannot show Unicode.
  var focusedRows: [String] {
    lines.filter { $0.hasPrefix(" › ") || $0.hasPrefix(" > ") }.map { String($0.dropFirst(3)) }
  }

  /// The single row with the focus marker (its label and control), or nil if there is not
  /// exactly one.
  var focused: String? {
    let rows = focusedRows
    return rows.count == 1 ? rows[0] : nil
  }

  /// Whether the focused row starts with `label` (the text after the marker).
  func isFocused(on label: String) -> Bool { focused?.hasPrefix(label) == true }

  /// The row right under the row containing `text`, if any.
  func row(under text: String) -> String? {
    guard let index = row(containing: text), index + 1 < lines.count else { return nil }
    return lines[index + 1]
  }

  /// The screen drawn as a framed picture, for failure messages.
  var description: String {
    let width = max(lines.map(\.count).max() ?? 0, 10)
    let top = "┌" + String(repeating: "─", count: width) + "┐"
    let bottom = "└" + String(repeating: "─", count: width) + "┘"
    let body = lines.map { "│" + $0 + String(repeating: " ", count: width - $0.count) + "│" }
    return ([top] + body + [bottom]).joined(separator: "\n")
  }
}
