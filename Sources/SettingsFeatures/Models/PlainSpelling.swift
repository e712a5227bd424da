import Foundation

/// Text as a search or a list's filter compares it: case, accents and width aside (`sao` finds
/// São Paulo, `abc` finds ＡＢＣ), and the Latin letters that carry a stroke or are two letters
/// in one read as the plain letters an ASCII keyboard types (`lodz` finds Łódź, `aeroskobing`
/// Ærøskøbing, `strasse` Straße, `isik` Işık).
///
/// NB: Foundation's folding takes off what Unicode decomposes (é is e and an accent) and folds
///     ß to ss; ł, ø, æ and their kind do not decompose, so they are spelled here, as Unicode's
///     Latin-ASCII transliteration spells them (ICU's transliterator is not in
///     swift-corelibs-foundation).
public enum PlainSpelling {
  @Sendable public static func of(_ text: String) -> String {
    // NB: ASCII folds to its lower case, and Foundation's folding goes through UTF-16 for it
    //     (the keys of an import's rows: BENCHMARKS.md, part 6).
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    guard folded.unicodeScalars.contains(where: { plainSpellings[$0] != nil }) else { return folded }
    var spelled = ""
    for scalar in folded.unicodeScalars {
      if let plain = plainSpellings[scalar] {
        spelled += plain
      } else {
        spelled.unicodeScalars.append(scalar)
      }
    }
    return spelled
  }

  /// The plain spelling of each lower-case Latin letter that folding leaves as it is.
  private static let plainSpellings: [Unicode.Scalar: String] = [
    "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i",
    "ħ": "h", "ŧ": "t", "ŀ": "l", "ĳ": "ij", "ŋ": "n",
  ]
}
