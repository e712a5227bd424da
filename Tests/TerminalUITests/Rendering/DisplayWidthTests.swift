import Testing

@testable import TerminalUI

@Suite struct DisplayWidthTests {
  @Test func asciiPrintableIsOneColumn() {
    for character in "az AZ09~!@#" { #expect(character.displayWidth == 1) }
    #expect("Hello, world".displayWidth == 12)
  }

  @Test func controlCharactersTakeNoColumn() {
    for character: Character in ["\u{0}", "\t", "\n", "\r\n", "\u{1B}", "\u{7F}", "\u{85}"] {
      #expect(character.displayWidth == 0)
    }
    #expect("a\tb\n".displayWidth == 2)
  }

  @Test func cjkHangulKanaAndFullwidthAreTwoColumns() {
    for character: Character in ["世", "界", "한", "あ", "カ", "Ａ", "！", "、", "𠀋", "￥"] {
      #expect(character.displayWidth == 2, "\(character)")
    }
    #expect("世界".displayWidth == 4)
    #expect("Hi 世界".displayWidth == 7)
  }

  @Test func latinGreekCyrillicAndAccentedAreOneColumn() {
    for character: Character in ["é", "ß", "Ω", "Ж", "e\u{301}", "ñ", "½", "→", "•", "‹"] {
      #expect(character.displayWidth == 1, "\(character)")
    }
    #expect("Crème brûlée".displayWidth == 12)
  }

  @Test func emojiWithEmojiPresentationAreTwoColumns() {
    for character: Character in ["😀", "🚀", "👍", "⌚", "🎉"] {
      #expect(character.displayWidth == 2, "\(character)")
    }
  }

  @Test func textPresentationSymbolsAreOneColumnUntilVS16() {
    #expect(("❤" as Character).displayWidth == 1)
    #expect(("❤\u{FE0F}" as Character).displayWidth == 2)
    #expect(("☺" as Character).displayWidth == 1)
    #expect(("1\u{FE0F}\u{20E3}" as Character).displayWidth == 2)  // keycap 1️⃣
    #expect(("😀\u{FE0E}" as Character).displayWidth == 1)
  }

  @Test func zwjSequencesAndModifiersAreOneTwoColumnPicture() {
    let family: Character = "👨\u{200D}👩\u{200D}👧"
    let rainbowFlag: Character = "🏳\u{FE0F}\u{200D}🌈"
    let thumbsUpDark: Character = "👍🏿"
    #expect(family.displayWidth == 2)
    #expect(rainbowFlag.displayWidth == 2)
    #expect(thumbsUpDark.displayWidth == 2)
    #expect("a👨\u{200D}👩\u{200D}👧b".displayWidth == 4)
  }

  @Test func flagsAreTwoColumns() {
    #expect(("🇫🇷" as Character).displayWidth == 2)
    #expect("🇯🇵🇫🇷".displayWidth == 4)
  }

  @Test func loneCombiningMarksAndZeroWidthCharactersTakeNoColumn() {
    for character: Character in ["\u{301}", "\u{20E3}", "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{1160}"] {
      #expect(character.displayWidth == 0, "\(character.unicodeScalars.map(\.value))")
    }
    #expect("e\u{301}\u{301}".displayWidth == 1)
  }

  @Test func substringsAreMeasuredToo() {
    let text = "ab世界"
    #expect(text.dropFirst(2).displayWidth == 4)
  }

  @Test func truncationKeepsWideGraphemesWhole() {
    #expect("Please enter an email".truncated(toWidth: 10) == "Please en…")
    #expect("short".truncated(toWidth: 10) == "short")
    #expect("世界世界".truncated(toWidth: 4) == "世…")
    #expect("世界世界".truncated(toWidth: 6) == "世界…")
    #expect("abc".truncated(toWidth: 0) == "")
    #expect("abc".truncated(toWidth: 1) == "a")
    #expect("abcdef".truncated(toWidth: 3, ellipsis: "") == "abc")
    #expect("Send email notifications".truncated(toWidth: 12) == "Send email…")
  }

  @Test func everyStandaloneScalarIsAGraphemeOfItsOwnWithTheUsualWidth() {
    var checked = 0
    for value in UInt32(0)...0x3FFFF {
      guard let width = DisplayWidth.ofStandalone(value), let scalar = Unicode.Scalar(value) else {
        continue
      }
      let character = Character(scalar)
      #expect(width == DisplayWidth.of(character), "U+\(String(value, radix: 16))")
      // It joins neither a letter before or after it, nor itself, nor a wide neighbour.
      let text = String(character)
      for neighbours in [("a", "a"), (text, text), ("世", "世"), ("…", "…")] {
        #expect((neighbours.0 + text + neighbours.1).count == 3, "U+\(String(value, radix: 16))")
      }
      checked += 1
    }
    #expect(checked > 20_000)
  }
}
