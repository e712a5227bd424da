import Testing
import TerminalUI

@testable import CursesBackend

struct KeyDecoderTests {
  @Test func controlBytesNameTheirLetter() {
    let letters = (1...26).filter { ![8, 9, 10, 13].contains($0) }
    for byte in letters {
      guard case .control(let letter) = KeyDecoder.decode(character: UInt32(byte)) else {
        Issue.record("byte \(byte) is not a control key")
        continue
      }
      #expect(letter.asciiValue == UInt8(0x60 + byte))
    }
  }

  @Test func bytesWithKeysOfTheirOwn() {
    #expect(KeyDecoder.decode(character: 9) == .tab)
    #expect(KeyDecoder.decode(character: 10) == .enter)
    #expect(KeyDecoder.decode(character: 13) == .enter)
    #expect(KeyDecoder.decode(character: 27) == .escape)
    #expect(KeyDecoder.decode(character: 8) == .backspace)
    #expect(KeyDecoder.decode(character: 127) == .backspace)
    #expect(KeyDecoder.decode(character: 0) == .unknown(0))
    #expect(KeyDecoder.decode(character: 0x9B) == .unknown(0x9B))
    #expect(KeyDecoder.decode(character: 0xE9) == .character("é"))
    #expect(KeyDecoder.decode(character: 0xD800) == .unknown(0xD800))
  }
}
