import Foundation

/// Prints a value as pretty JSON with sorted keys on standard output.
func printJSON(_ value: some Encodable) throws(ExitStatus) {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  do {
    let data = try encoder.encode(value)
    FileHandle.standardOutput.write(data + Data("\n".utf8))
  } catch {
    throw fail("cannot encode the result as JSON: \(error)")
  }
}
