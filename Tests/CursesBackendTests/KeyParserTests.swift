import Testing
import TerminalUI

@testable import CursesBackend

/// The byte-level key decoder, fed the way a terminal delivers bytes: whole, split anywhere, or
/// with the rest still on its way.
struct KeyParserTests {
  /// xterm's keypad-transmit strings, as its terminfo entry gives them.
  static let xterm: [String: String] = [
    "kcuu1": "\u{1B}OA", "kcud1": "\u{1B}OB", "kcub1": "\u{1B}OD", "kcuf1": "\u{1B}OC",
    "khome": "\u{1B}OH", "kend": "\u{1B}OF", "kdch1": "\u{1B}[3~", "kbs": "\u{08}",
    "kent": "\u{1B}OM", "kcbt": "\u{1B}[Z", "kpp": "\u{1B}[5~", "knp": "\u{1B}[6~",
    "kf1": "\u{1B}OP", "kf5": "\u{1B}[15~",
  ]

  static func parser(terminfo: [String: String] = xterm) -> KeyParser {
    KeyParser(sequences: KeySequences { terminfo[$0].map { Array($0.utf8) } })
  }

  /// Every key the bytes give, flushing whatever is left at the end like an expired Esc delay.
  static func keys(_ text: String, terminfo: [String: String] = xterm) -> [Key] {
    keys(Array(text.utf8), terminfo: terminfo)
  }

  static func keys(_ bytes: [UInt8], terminfo: [String: String] = xterm) -> [Key] {
    var parser = parser(terminfo: terminfo)
    parser.append(bytes)
    return drain(&parser)
  }

  static func drain(_ parser: inout KeyParser) -> [Key] {
    var keys: [Key] = []
    while true {
      switch parser.next(flush: false) {
      case .key(let key): keys.append(key)
      case .empty: return keys
      case .needsMoreBytes:
        guard case .key(let key) = parser.next(flush: true) else { return keys }
        keys.append(key)
      }
    }
  }

  @Test(arguments: [
    ("a", Key.character("a")),
    ("é", .character("é")),
    ("漢", .character("漢")),
    ("😀", .character("😀")),
    ("\t", .tab),
    ("\r", .enter),
    ("\u{7F}", .backspace),
    ("\u{03}", .control("c")),
    ("\u{1B}OA", .up), ("\u{1B}[A", .up),
    ("\u{1B}OB", .down), ("\u{1B}[B", .down),
    ("\u{1B}OC", .right), ("\u{1B}[C", .right),
    ("\u{1B}OD", .left), ("\u{1B}[D", .left),
    ("\u{1B}OH", .home), ("\u{1B}[H", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home),
    ("\u{1B}OF", .end), ("\u{1B}[F", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
    ("\u{1B}[3~", .delete),
    ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
    ("\u{1B}[Z", .backTab),
    ("\u{1B}OM", .enter),
  ])
  func bytesGiveOneKey(text: String, key: Key) {
    #expect(Self.keys(text) == [key])
  }

  @Test func keysArriveInOrder() {
    #expect(Self.keys("ab\u{1B}[Ac\t\u{1B}OBé") == [
      .character("a"), .character("b"), .up, .character("c"), .tab, .down, .character("é"),
    ])
  }

  @Test func terminfoStringsAreKnownBesidesTheFallbacks() {
    // NB: A made-up terminal whose Up is not any of the usual forms.
    let terminfo = ["kcuu1": "\u{1B}[99~", "kf1": "\u{1B}[[A"]
    #expect(Self.keys("\u{1B}[99~\u{1B}[Ax", terminfo: terminfo) == [.up, .up, .character("x")])
    #expect(Self.keys("\u{1B}[[Ax", terminfo: terminfo) == [.unknown(27), .character("x")],
            "a function key the form ignores is swallowed whole")
  }

  @Test func unknownSequencesAreSwallowedWhole() {
    // Ctrl-Right, F1 (SS3), F5 and a focus report: none types its tail into a field.
    #expect(Self.keys("\u{1B}[1;5Cx") == [.unknown(27), .character("x")])
    #expect(Self.keys("\u{1B}OPx") == [.unknown(27), .character("x")])
    #expect(Self.keys("\u{1B}[15~x") == [.unknown(27), .character("x")])
    #expect(Self.keys("\u{1B}[Ix") == [.unknown(27), .character("x")])
  }

  @Test func escapeFollowedByAnOrdinaryByteIsTheEscKey() {
    #expect(Self.keys("\u{1B}x") == [.escape, .character("x")])
    #expect(Self.keys("\u{1B}\u{1B}[A") == [.escape, .up])
    #expect(Self.keys("\u{1B}[\u{01}") == [.escape, .character("["), .control("a")],
            "a malformed sequence gives its bytes back")
  }

  @Test func aLoneEscapeWaitsForTheRestThenCountsAsEsc() {
    var parser = Self.parser()
    parser.append(Array("\u{1B}".utf8))
    #expect(parser.next(flush: false) == .needsMoreBytes)
    parser.append(Array("[".utf8))
    #expect(parser.next(flush: false) == .needsMoreBytes)
    parser.append(Array("B".utf8))
    #expect(parser.next(flush: false) == .key(.down), "the sequence completed in time")

    parser.append(Array("\u{1B}".utf8))
    #expect(parser.next(flush: false) == .needsMoreBytes)
    #expect(parser.next(flush: true) == .key(.escape), "nothing more came")
    #expect(parser.next(flush: false) == .empty)
  }

  @Test func anIncompleteSequenceFlushesAsEscThenItsBytes() {
    var parser = Self.parser()
    parser.append(Array("\u{1B}[1;5".utf8))
    #expect(parser.next(flush: false) == .needsMoreBytes)
    #expect(parser.next(flush: true) == .key(.escape))
    #expect(Self.drain(&parser) == [.character("["), .character("1"), .character(";"),
                                     .character("5")])
  }

  @Test func everyKeySplitAtEveryByteDecodesTheSame() {
    let text = "a\u{1B}[A漢\u{1B}OB😀\u{1B}[3~\u{1B}[200~pasted\u{1B}[201~z"
    let whole = Self.keys(text)
    #expect(whole == [.character("a"), .up, .character("漢"), .down, .character("😀"), .delete,
                      .paste("pasted"), .character("z")])
    let bytes = Array(text.utf8)
    for split in 1..<bytes.count {
      var parser = Self.parser()
      var keys: [Key] = []
      parser.append(bytes[..<split])
      while case .key(let key) = parser.next(flush: false) { keys.append(key) }
      parser.append(bytes[split...])
      keys += Self.drain(&parser)
      #expect(keys == whole, "split after byte \(split)")
    }
  }

  @Test func invalidUTF8GivesUnknownKeysAndLosesNothingAfterIt() {
    #expect(Self.keys([0xFF, 0x61]) == [.unknown(0xFF), .character("a")])
    #expect(Self.keys([0x80, 0x61]) == [.unknown(0x80), .character("a")], "a lone continuation")
    #expect(Self.keys([0xC3, 0x61]) == [.unknown(0xC3), .character("a")], "a broken pair")
    #expect(Self.keys([0xC0, 0xAF]) == [.unknown(0xC0), .unknown(0xAF)], "an overlong form")
    #expect(Self.keys([0xED, 0xA0, 0x80]) == [.unknown(0xED)] + [.unknown(0xA0), .unknown(0x80)],
            "a surrogate")
    #expect(Self.keys([0xE6, 0xBC]) == [.unknown(0xE6), .unknown(0xBC)],
            "half a character when nothing more comes")
  }

  @Test func bracketedPasteIsOneKeyWithLineBreaksAsNewlines() {
    #expect(Self.keys("\u{1B}[200~hello world\u{1B}[201~x") == [.paste("hello world"),
                                                                  .character("x")])
    #expect(Self.keys("\u{1B}[200~line 1\r\nline 2\rné\t!\nend\u{1B}[201~") == [
      .paste("line 1\nline 2\nné\t!\nend"),
    ])
    #expect(Self.keys("\u{1B}[200~\u{1B}[201~") == [.paste("")])
    let invalid = Array("\u{1B}[200~a".utf8) + [0xFF, 0xBF] + Array("b\u{1B}[201~".utf8)
    #expect(Self.keys(invalid) == [.paste("a\u{FFFD}\u{FFFD}b")], "invalid bytes are replaced")
  }

  @Test func aPasteWaitsForItsEndAcrossChunksAndFlushesWhenItStops() {
    var parser = Self.parser()
    parser.append(Array("\u{1B}[200~first ".utf8))
    #expect(parser.next(flush: false) == .needsMoreBytes)
    #expect(parser.isInsidePaste)
    parser.append(Array("second\u{1B}[20".utf8))
    #expect(parser.next(flush: false) == .needsMoreBytes, "half an end marker")
    parser.append(Array("1~x".utf8))
    #expect(parser.next(flush: false) == .key(.paste("first second")))
    #expect(parser.next(flush: false) == .key(.character("x")))
    #expect(!parser.isInsidePaste)

    parser.append(Array("\u{1B}[200~cut sho".utf8))
    #expect(parser.next(flush: false) == .needsMoreBytes)
    #expect(parser.next(flush: true) == .key(.paste("cut sho")), "the paste stopped arriving")
    parser.append(Array("rt\u{1B}[201~y".utf8))
    #expect(Self.drain(&parser) == [.character("r"), .character("t"), .character("y")],
            "a late end marker is dropped")
  }

  @Test func aLongPasteInManyChunksArrivesWhole() {
    var parser = Self.parser()
    let line = String(repeating: "0123456789", count: 10) + "\r\n"
    parser.append(Array("\u{1B}[200~".utf8))
    for _ in 0..<500 {
      parser.append(Array(line.utf8))
      #expect(parser.next(flush: false) == .needsMoreBytes)
    }
    parser.append(Array("\u{1B}[201~".utf8))
    let expected = String(repeating: String(repeating: "0123456789", count: 10) + "\n", count: 500)
    #expect(parser.next(flush: false) == .key(.paste(expected)))
    #expect(parser.next(flush: false) == .empty)
    #expect(parser.isEmpty)
  }
}
