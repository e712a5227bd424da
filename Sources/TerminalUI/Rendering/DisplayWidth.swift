/// How many terminal columns text occupies: 0, 1 or 2 per grapheme.
///
/// East-Asian wide and fullwidth characters (CJK, Hangul, kana, fullwidth forms) and emoji shown
/// as pictures take two columns; combining marks, zero-width format characters and control
/// characters on their own take none; everything else takes one.
///
/// ```swift
/// DisplayWidth.of("a" as Character)   // 1
/// DisplayWidth.of("世" as Character)  // 2
/// DisplayWidth.of("Hi 世界")           // 7
/// ```
public enum DisplayWidth {
  /// The number of columns one grapheme cluster occupies on a terminal.
  public static func of(_ character: Character) -> Int {
    // NB: ASCII first: this runs on every keystroke and every drawn cell.
    if let ascii = character.asciiValue {
      return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
    }
    return ofCluster(character.unicodeScalars)
  }

  /// The number of columns a string occupies: the sum of its graphemes' widths.
  public static func of<S: StringProtocol>(_ string: S) -> Int {
    var asciiColumns = 0
    var isASCII = true
    for byte in string.utf8 {
      if byte >= 0x80 {
        isASCII = false
        break
      }
      if byte >= 0x20 && byte < 0x7F { asciiColumns += 1 }
    }
    if isASCII { return asciiColumns }
    var columns = 0
    for character in string { columns += of(character) }
    return columns
  }

  /// The width of a scalar that is a grapheme on its own whatever surrounds it (its grapheme
  /// break property is "Other"), or `nil` when it may join a neighbour or its width needs the
  /// Unicode property tables.
  ///
  /// Covers what forms draw every frame (Latin letters, punctuation, arrows, box drawing,
  /// braille spinners, check marks, CJK ideographs), so their text skips grapheme breaking.
  /// A test checks every scalar listed here against ``of(_:)-(Character)``.
  static func ofStandalone(_ value: UInt32) -> Int? {
    switch value {
    case 0x20...0x7E: 1
    case 0xA0...0xAC, 0xAE...0x2FF: 1  // Latin-1 and Latin Extended (not the soft hyphen)
    case 0x1E00...0x1EFF: 1  // Latin Extended Additional
    case 0x2010...0x2027, 0x2030...0x205E: 1  // dashes, quotes, ellipsis, primes, ‹ ›
    case 0x2190...0x21FF: 1  // arrows
    case 0x2500...0x25FC: 1  // box drawing, blocks, geometric shapes (not the emoji ◽◾)
    case 0x2713...0x2717: 1  // check marks and crosses
    case 0x2800...0x28FF: 1  // braille (spinners)
    case 0x3400...0x4DBF, 0x4E00...0x9FFF: 2  // CJK ideographs
    case 0xFF01...0xFF60, 0xFFE0...0xFFE6: 2  // fullwidth forms
    default: nil
    }
  }

  /// The width of a non-ASCII grapheme cluster, decided by its scalars.
  private static func ofCluster(_ scalars: Character.UnicodeScalarView) -> Int {
    guard let first = scalars.first else { return 0 }
    var hasEmojiPresentationSelector = false
    var hasTextPresentationSelector = false
    var hasJoiner = false
    var emojiScalars = 0
    for scalar in scalars {
      switch scalar.value {
      case 0xFE0F: hasEmojiPresentationSelector = true
      case 0xFE0E: hasTextPresentationSelector = true
      case 0x200D: hasJoiner = true
      default: if scalar.properties.isEmoji { emojiScalars += 1 }
      }
    }
    if isZeroWidth(first) { return 0 }
    if isWide(first) { return 2 }
    if hasTextPresentationSelector { return 1 }
    // NB: Emoji with a VS16 (e.g. "❤️", keycaps "1️⃣") and ZWJ sequences render as one picture.
    if hasEmojiPresentationSelector && first.properties.isEmoji { return 2 }
    if hasJoiner && emojiScalars > 1 { return 2 }
    if first.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// Whether a scalar that starts a cluster takes no column: controls, combining marks, format
  /// characters and Hangul medial/final jamo.
  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .nonspacingMark, .enclosingMark, .format, .lineSeparator, .paragraphSeparator:
      return true
    default:
      return (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value)
    }
  }

  /// Whether a scalar is East-Asian Wide or Fullwidth (binary search of sorted ranges).
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < wideRanges[0].lowerBound { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// East-Asian Wide (W) and Fullwidth (F) blocks, sorted. Emoji are decided by their
  /// `isEmojiPresentation` property instead, so pictographic blocks are not listed here.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi, CJK symbols and punctuation
    0x3041...0x3096,  // Hiragana
    0x309B...0x33FF,  // kana, Bopomofo, Hangul compatibility jamo, enclosed CJK, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth ASCII variants
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x17000...0x18CFF,  // Tangut, Khitan
    0x1AFF0...0x1B2FF,  // kana supplement and extensions, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B to F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G and later
  ]
}

extension Character {
  /// The number of terminal columns this grapheme occupies (0, 1 or 2).
  public var displayWidth: Int { DisplayWidth.of(self) }
}

extension StringProtocol {
  /// The number of terminal columns this text occupies.
  public var displayWidth: Int { DisplayWidth.of(self) }
}
