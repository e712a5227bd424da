import Foundation

extension SpecForm {
  /// What typed text and an option's title are compared as, in a list's filter, in line
  /// mode's answers and in `--set`: case and accents aside (`sao` finds São Paulo), and the
  /// Latin letters that carry a stroke or are two letters in one read as the plain letters an
  /// ASCII keyboard types (`lodz` finds Łódź, `aeroskobing` Ærøskøbing, `strasse` Straße).
  ///
  /// NB: Foundation's folding takes off what Unicode decomposes (é is e and an accent) and
  ///     folds ß to ss; ł, ø, æ and their kind do not decompose, so they are spelled here,
  ///     as Unicode's Latin-ASCII transliteration spells them (ICU's transliterator is not in
  ///     swift-corelibs-foundation). The clients search cannot do the same: its index is
  ///     SQLite's tokenizer, which other programs writing the database must have too.
  @Sendable public static func matchKey(_ text: String) -> String {
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
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
