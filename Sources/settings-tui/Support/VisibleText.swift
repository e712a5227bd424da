import TerminalUI

extension String {
  /// JSON text with the same characters written as `\uXXXX` escapes. JSON encoders escape the
  /// C0 controls already; DEL, C1 and the format characters are legal raw in JSON strings, so a
  /// terminal that shows the JSON would obey them. They only ever occur inside strings.
  var escapingInvisiblesInJSON: String {
    guard unicodeScalars.contains(where: \.mustBeEscaped) else { return self }
    var result = ""
    for scalar in unicodeScalars {
      if scalar.mustBeEscaped, scalar.value >= 0x20, scalar.value != 0x0A {
        let hex = String(scalar.value, radix: 16, uppercase: false)
        result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
