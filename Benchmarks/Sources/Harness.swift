#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Nanoseconds on the monotonic clock.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The spread of one measurement: nanoseconds per operation over several samples.
struct Measurement {
  var samples: [Double]

  var median: Double { percentile(0.5) }
  var p90: Double { percentile(0.9) }
  var operationsPerSecond: Double { 1e9 / median }

  func percentile(_ fraction: Double) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .nan }
    let index = Int((Double(sorted.count - 1) * fraction).rounded())
    return sorted[index]
  }
}

/// Runs `body(i)` in batches: `warmUp` batches are thrown away, then `samples` batches of
/// `batch` operations are timed; each sample is the batch's time divided by its size.
@MainActor
func measure(
  warmUp: Int = 3, samples: Int = 21, batch: Int, _ body: (Int) -> Void
) -> Measurement {
  var counter = 0
  for _ in 0..<warmUp {
    for _ in 0..<batch {
      body(counter)
      counter &+= 1
    }
  }
  var results: [Double] = []
  results.reserveCapacity(samples)
  for _ in 0..<samples {
    let start = monotonicNanoseconds()
    for _ in 0..<batch {
      body(counter)
      counter &+= 1
    }
    let end = monotonicNanoseconds()
    results.append(Double(end - start) / Double(batch))
  }
  return Measurement(samples: results)
}

/// Keeps a value alive and opaque so the optimiser cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Peak resident set size so far (VmHWM), in kilobytes.
func peakResidentKilobytes() -> Int {
  statusField("VmHWM:")
}

/// Resets VmHWM to the current RSS (Linux 4.0+: write "5" to clear_refs); ignored elsewhere.
func resetPeakResident() {
  guard let file = fopen("/proc/self/clear_refs", "w") else { return }
  fputs("5", file)
  fclose(file)
}

/// Current resident set size (VmRSS), in kilobytes.
func residentKilobytes() -> Int {
  statusField("VmRSS:")
}

private func statusField(_ name: String) -> Int {
  guard let file = fopen("/proc/self/status", "r") else { return -1 }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 256)
  while fgets(&line, Int32(line.count), file) != nil {
    let text = line.withUnsafeBufferPointer { pointer in
      pointer.baseAddress.map { String(cString: $0) } ?? ""
    }
    if text.hasPrefix(name) {
      return Int(text.dropFirst(name.count).filter(\.isNumber)) ?? -1
    }
  }
  return -1
}

// MARK: - Formatting

func formatNanoseconds(_ value: Double) -> String {
  if value.isNaN { return "n/a" }
  if value >= 1e9 { return fixed(value / 1e9, 2) + " s" }
  if value >= 1e6 { return fixed(value / 1e6, 2) + " ms" }
  if value >= 1e3 { return fixed(value / 1e3, 2) + " µs" }
  return fixed(value, 0) + " ns"
}

func formatRate(_ perSecond: Double) -> String {
  if perSecond >= 1e6 { return fixed(perSecond / 1e6, 2) + " M/s" }
  if perSecond >= 1e3 { return fixed(perSecond / 1e3, 1) + " k/s" }
  return fixed(perSecond, 0) + " /s"
}

func fixed(_ value: Double, _ digits: Int) -> String {
  if value.isNaN || value.isInfinite { return "n/a" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = String(rounded)
  if digits == 0, text.hasSuffix(".0") { text.removeLast(2) }
  if let dot = text.firstIndex(of: "."), digits > 0 {
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
  }
  return text
}

func pad(_ text: String, _ width: Int) -> String {
  let count = text.count
  return count >= width ? text : text + String(repeating: " ", count: width - count)
}

@MainActor private var evictionBuffer: [UInt8] = []

/// Writes 64 MiB, more than any cache, so the next operation finds none of its code or data
/// there, as a program finds them after waiting for a person's next keystroke.
@MainActor @inline(never)
func evictCaches() {
  if evictionBuffer.isEmpty { evictionBuffer = [UInt8](repeating: 0, count: 64 << 20) }
  evictionBuffer.withUnsafeMutableBytes { bytes in
    var offset = 0
    while offset < bytes.count {
      bytes[offset] &+= 1
      offset += 64
    }
  }
}

/// Times `body(i)` one operation at a time, each after the caches were evicted and the thread
/// slept `pause` (so the processor may also have slowed down): what a keystroke costs when a
/// person types, rather than in a tight loop.
@MainActor
func measureAfterPause(samples: Int = 41, pause: Duration = .milliseconds(20), _ body: (Int) -> Void) -> Measurement {
  var result = Measurement(samples: [])
  for index in 0..<(samples + 2) {
    evictCaches()
    var time = timespec(tv_sec: 0, tv_nsec: Int(pause.components.attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&time, &remaining) != 0 { time = remaining }
    let start = monotonicNanoseconds()
    body(index)
    let elapsed = Double(monotonicNanoseconds() - start)
    if index >= 2 { result.samples.append(elapsed) }
  }
  return result
}
