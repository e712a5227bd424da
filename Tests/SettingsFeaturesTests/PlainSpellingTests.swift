import Foundation
import SettingsFeatures
import Testing

/// ASCII text takes a short way to its plain spelling and its email key: it must end where
/// Foundation's folding ends.
struct PlainSpellingTests {
  /// Every ASCII character alone, and strings of them (a fixed pseudo-random sequence).
  static let asciiTexts: [String] = {
    var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<2_000 {
      var text = ""
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for index in 0..<Int(seed >> 60) + 1 {
        text.unicodeScalars.append(UnicodeScalar(UInt8((seed >> UInt64(index * 4 % 56)) & 0x7F)))
      }
      texts.append(text)
    }
    return texts
  }()

  @Test func asciiIsSpelledAsFoundationFoldsIt() {
    for text in Self.asciiTexts {
      let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      #expect(PlainSpelling.of(text) == folded, "\(text.debugDescription)")
    }
  }

  @Test func anAsciiEmailsKeyIsWhatFoldingGives() {
    for text in Self.asciiTexts + ["  Ada@Example.COM \n", "\tBOB@x.com"] {
      let folded = text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        .folding(options: .caseInsensitive, locale: nil).precomposedStringWithCanonicalMapping
      #expect(Client.emailKey(text) == folded, "\(text.debugDescription)")
    }
  }

  @Test func lettersBeyondAsciiAreSpelledPlain() {
    #expect(PlainSpelling.of("Łódź ＡＢＣ Straße Işık Ærø") == "lodz abc strasse isik aero")
    #expect(Client.emailKey(" JOSÉ@Example.com") == "josé@example.com")
  }
}
