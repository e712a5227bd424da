import SettingsFeatures

/// Reading a spec's JSON in a test: the spec, or the messages of its mistakes.
protocol SpecParsing {}

extension SpecParsing {
  func parse(_ json: String) throws(FormSpec.Problems) -> FormSpec {
    try FormSpec.parse(Array(json.utf8))
  }

  func problems(_ json: String) -> [String] {
    do {
      _ = try parse(json)
      return []
    } catch {
      return error.messages
    }
  }
}
