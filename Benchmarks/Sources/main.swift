#if canImport(Glibc)
  import Glibc
#endif

// Benchmarks for ComposableForms and settings-tui: run with `make bench` (release build).
// Prints one table with every figure, its target and PASS/MISS; BENCHMARKS.md explains the method.
//
//   Benchmarks [--only store|keys|bytes|process|memory|clients]... [--tui PATH]

let arguments = Array(CommandLine.arguments.dropFirst())
let only = Set(arguments.indices.filter { arguments[$0] == "--only" && $0 + 1 < arguments.count }.map { arguments[$0 + 1] })
func wanted(_ name: String) -> Bool { only.isEmpty || only.contains(name) }

if let index = arguments.firstIndex(of: "--profile"), index + 1 < arguments.count {
  let count = arguments.firstIndex(of: "--count").flatMap { Int(arguments[$0 + 1]) } ?? 20
  runProfile(arguments[index + 1], count: count, cold: arguments.contains("--cold"))
  exit(0)
}

let report = Report()
// NB: First, in a fresh process, so the peak it watches is not already raised by the larger
//     forms of the other benchmarks (which would hide growth below that peak).
if wanted("memory") { benchmarkMemoryStaysFlat(report) }
if wanted("store") { benchmarkStoreThroughput(report) }
if wanted("keys") { benchmarkKeystrokeToFrame(report) }
if wanted("bytes") { benchmarkBytesPerKeystroke(report) }
if wanted("process") { benchmarkWholeProcess(report, arguments: arguments) }
if wanted("clients") { await benchmarkClientsList(report) }
print("")
print(report.table())
print("")
print(report.misses == 0 ? "All targets met." : "\(report.misses) target(s) missed.")
