import SettingsFeatures
import Testing

@Suite("JSON text tokens")
struct JSONTokensTests {
  private func kinds(_ text: String) -> [JSONTokens.Kind] {
    JSONTokens(Array(text.utf8)).map(\.kind)
  }

  private func texts(_ text: String) -> [String] {
    let bytes = Array(text.utf8)
    return JSONTokens(bytes).map { String(decoding: bytes[$0.range], as: UTF8.self) }
  }

  @Test func structureStringsAndScalars() {
    #expect(
      kinds(#"{"a": [1, "b", true], "c": null}"#) == [
        .openObject, .string, .colon, .openArray, .scalar, .comma, .string, .comma, .scalar, .close,
        .comma, .string, .colon, .scalar, .close,
      ])
    #expect(texts(" [ -1.5e3 ,\n\t\"x\" ] ") == ["[", "-1.5e3", ",", #""x""#, "]"])
  }

  @Test func bracketsCommasAndEscapedQuotesInsideAStringAreTheString() {
    #expect(texts(#"["a,]}\" b", 2]"#) == ["[", #""a,]}\" b""#, ",", "2", "]"])
    #expect(texts(#"["\\", 1]"#) == ["[", #""\\""#, ",", "1", "]"])
  }

  @Test func aLeadingByteOrderMarkIsSkipped() {
    let bytes = [0xEF, 0xBB, 0xBF] + Array("{}".utf8)
    #expect(JSONTokens(bytes).map(\.range) == [3..<4, 4..<5])
  }

  @Test func aTextEndingInsideAStringEndsWithAnUnclosedString() {
    #expect(kinds(#"{"a": "bc"#) == [.openObject, .string, .colon, .unclosedString])
    #expect(kinds(#"["x\"#) == [.openArray, .unclosedString])
    #expect(kinds("") == [])
  }

  @Test func theChecksThatReadTheText() {
    #expect(TrailingJSONComma.first(in: Array(#"{"a": ",}", "b": [1, 2 , ] }"#.utf8)) == 23)
    #expect(TrailingJSONComma.first(in: Array(#"{"a": ",}"}"#.utf8)) == nil)
    #expect(BadUnicodeEscape.first(in: Array(#"{"\u0041": "C:\users"}"#.utf8)) == 14)
    #expect(BadUnicodeEscape.first(in: Array(#"["\\users", "\ud83d\ude00"]"#.utf8)) == nil)
    #expect(RepeatedJSONKey.first(in: Array(#"{"a": "b", "b": 1, "c": {"b": 2, "b": 3}}"#.utf8))?.path == "$.c.b")
  }
}
