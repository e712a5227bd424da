import Testing

@testable import SettingsStorage

@Suite("A JSON object's members as written")
struct RawJSONMembersTests {
  private func members(_ text: String) -> [String]? {
    RawJSONMembers.of(Array(text.utf8))?.map {
      "\($0.key)=" + String(decoding: $0.valueText, as: UTF8.self)
    }
  }

  @Test func everyKindOfValueKeepsItsText() {
    let text = #" { "a" : "x, \"y\" }" , "b":[1, {"c": "]"}] ,"n":-1.50e+3,"t":true,"z":null,"o":{} } "#
    #expect(members(text) == [
      #"a="x, \"y\" }""#, #"b=[1, {"c": "]"}]"#, "n=-1.50e+3", "t=true", "z=null", "o={}",
    ])
  }

  @Test func keysHaveTheirEscapesResolvedButKeepTheirText() throws {
    let found = try #require(RawJSONMembers.of(Array(#"{"\u0064igest": 1, "\ud800": 2}"#.utf8)))
    #expect(found.map(\.key) == ["digest", #""\ud800""#])
    #expect(found.map { String(decoding: $0.keyText, as: UTF8.self) } == [#""\u0064igest""#, #""\ud800""#])
  }

  @Test func aByteOrderMarkIsSkipped() {
    #expect(RawJSONMembers.of([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))?.map(\.key) == ["a"])
  }

  @Test func anEmptyObjectHasNoMembers() {
    #expect(members(" {\n} ") == [])
  }

  @Test(arguments: ["", "[1]", "\"text\"", "{\"a\": 1", "{\"a\" 1}", "{,}", "{\"a\": 1,}", "{\"a\": }", "{\"a\": [1}"])
  func whatIsNotAnObjectGivesNoMembers(_ text: String) {
    #expect(members(text) == nil, "\(text)")
  }
}
