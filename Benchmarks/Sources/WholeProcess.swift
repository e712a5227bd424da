#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Figure 4: runs `Benchmarks/Scripts/pty_bench.py` against the release `settings-tui` (next to
/// this binary unless `--tui PATH`) and `dialog --form`, and adds its rows to the report.
@MainActor
func benchmarkWholeProcess(_ report: Report, arguments: [String]) {
  print("4. Whole process through a pseudo-terminal: settings-tui vs dialog --form")
  let tui = value(of: "--tui", in: arguments) ?? siblingPath("settings-tui")
  let script = value(of: "--script", in: arguments) ?? scriptPath()
  guard access(script, R_OK) == 0 else {
    report.skip("4", "Whole process", reason: "no script at \(script)")
    return
  }
  let runs = value(of: "--runs", in: arguments) ?? "20"
  let command = "python3 '\(script)' '\(tui)' --runs \(runs)"
  guard let pipe = popen(command, "r") else {
    report.skip("4", "Whole process", reason: "cannot run python3")
    return
  }
  var line = [CChar](repeating: 0, count: 4_096)
  var rows = 0
  while fgets(&line, Int32(line.count), pipe) != nil {
    let text = line.withUnsafeBufferPointer { $0.baseAddress.map { String(cString: $0) } ?? "" }
    let fields = text.trimmingSuffix("\n").split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 6, fields[0] == "ROW" else { continue }
    rows += 1
    switch fields[5] {
    case "PASS": report.add(fields[1], fields[2], fields[3], target: fields[4], pass: true)
    case "MISS": report.add(fields[1], fields[2], fields[3], target: fields[4], pass: false)
    case "SKIP": report.skip(fields[1], fields[2], reason: fields[3], target: fields[4])
    default: report.add(fields[1], fields[2], fields[3], target: fields[4])
    }
  }
  let status = pclose(pipe)
  if rows == 0 { report.skip("4", "Whole process", reason: "pty_bench.py printed nothing (status \(status))") }
}

private func value(of option: String, in arguments: [String]) -> String? {
  guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

/// A file next to this executable (the release `settings-tui` is built into the same folder).
private func siblingPath(_ name: String) -> String {
  var buffer = [CChar](repeating: 0, count: 4_096)
  let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  guard count > 0 else { return name }
  let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
  return folder + "/" + name
}

/// The script beside these sources: `Benchmarks/Scripts/pty_bench.py`.
private func scriptPath() -> String {
  let source = #filePath
  let parts = source.split(separator: "/", omittingEmptySubsequences: false)
  return (parts.dropLast(2) + ["Scripts", "pty_bench.py"]).joined(separator: "/")
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
