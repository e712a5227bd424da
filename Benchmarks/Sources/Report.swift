/// One line of the results table: a figure, what it should be, and whether it is.
struct Row {
  enum Verdict: String { case pass = "PASS", miss = "MISS", info = "", skipped = "SKIP" }
  var section: String
  var name: String
  var value: String
  var target: String
  var verdict: Verdict
}

/// Collects rows as benchmarks finish and prints them as one table.
@MainActor
final class Report {
  private(set) var rows: [Row] = []

  func add(_ section: String, _ name: String, _ value: String, target: String = "", pass: Bool? = nil) {
    let verdict: Row.Verdict = pass.map { $0 ? .pass : .miss } ?? .info
    rows.append(Row(section: section, name: name, value: value, target: target, verdict: verdict))
    print("  \(name): \(value)\(target.isEmpty ? "" : "  (target \(target))") \(verdict.rawValue)")
  }

  func skip(_ section: String, _ name: String, reason: String, target: String = "") {
    rows.append(Row(section: section, name: name, value: reason, target: target, verdict: .skipped))
    print("  \(name): skipped (\(reason))")
  }

  /// A Markdown table, so the same text goes into BENCHMARKS.md.
  func table() -> String {
    let headers = ["#", "figure", "value", "target", "result"]
    let cells = rows.map { [$0.section, $0.name, $0.value, $0.target, $0.verdict.rawValue] }
    var widths = headers.map(\.count)
    for line in cells {
      for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    func line(_ cells: [String]) -> String {
      "| " + cells.enumerated().map { pad($0.element, widths[$0.offset]) }.joined(separator: " | ") + " |"
    }
    var out = [line(headers), "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"]
    out += cells.map(line)
    return out.joined(separator: "\n")
  }

  var misses: Int { rows.filter { $0.verdict == .miss }.count }
}
