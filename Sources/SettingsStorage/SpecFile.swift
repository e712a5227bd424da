#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import SettingsFeatures

/// Reading the JSON a form spec comes in (`settings-tui form SPEC.json`): a regular file or a
/// pipe (`<(jq …)`) of at most 1 MiB, or standard input (`-`), with the same bounds as the
/// settings file.
public enum SpecFile {
  public static func read(_ path: String) throws(StorageError) -> [UInt8] {
    if path == "-" { return try readStandardInput() }
    let bytes: [UInt8]?
    do {
      bytes = try readFileIfPresent(path, pipes: true)
    } catch {
      throw StorageError("Cannot read the form spec \(path): \(error.reason).")
    }
    guard let bytes else { throw StorageError("Cannot read the form spec \(path): there is no such file.") }
    return bytes
  }

  private static func readStandardInput() throws(StorageError) -> [UInt8] {
    var contents: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while contents.count <= readLimit {
      let count = chunk.withUnsafeMutableBytes { buffer in
        retryingOnInterrupt { readStandardInputBytes(into: buffer) }
      }
      if count < 0 {
        throw StorageError("Cannot read the form spec from standard input: \(systemErrorDescription(errno)).")
      }
      if count == 0 { break }
      contents.append(contentsOf: chunk[..<count])
    }
    guard contents.count <= readLimit else {
      throw StorageError("Cannot read the form spec from standard input: it is larger than 1024 KiB.")
    }
    return contents
  }
}

/// One `read(2)` from standard input (outside ``SpecFile``, whose own `read` would hide it).
private func readStandardInputBytes(into buffer: UnsafeMutableRawBufferPointer) -> Int {
  read(0, buffer.baseAddress, buffer.count)
}
