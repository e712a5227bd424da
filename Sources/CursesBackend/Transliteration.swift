import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A letter's plain ASCII spelling (`é` as `e`, `Ł` as `L`), for a terminal that cannot show
/// Unicode: a name reads as `Jose` rather than `Jos?`.
///
/// NB: The C library's `iconv` with `//TRANSLIT` does the work; in glibc its tables come from
///     the locale, and the C locale (where this is needed) has none, so it runs in C.UTF-8's.
///     Linux only: elsewhere iconv is a library of its own to link, and `?` stays.
enum Transliteration {
  /// The ASCII spelling of a line of text, each character spelled alone; `?` where one has none.
  static func ascii(line text: String) -> String {
    guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
    var spelled = ""
    for character in text {
      if character.isASCII {
        spelled.append(character)
      } else {
        spelled += ascii(String(character), width: nil) ?? "?"
      }
    }
    return spelled
  }

  /// The ASCII spelling of `text`, one grapheme, when it has one of `width` characters (so
  /// nothing on its row moves: `ß` spelled `ss` is refused in one column), or of any length
  /// where `width` is `nil` (a line of text); `nil` otherwise.
  static func ascii(_ text: String, width: Int?) -> String? {
    #if os(Linux)
      spelling(text, width: width)
    #else
      nil
    #endif
  }

  #if os(Linux)
    // NB: Called for cells written to the terminal, which are the cells that changed: no
    //     spelling is kept between calls.
    private static func spelling(_ text: String, width: Int?) -> String? {
      converter.withLock { descriptor -> String? in
        guard let descriptor, let spelled = spell(text, with: descriptor) else { return nil }
        return width == nil || spelled.count == width ? spelled : nil
      }
    }

    private static func spell(_ text: String, with descriptor: iconv_t) -> String? {
      var input = Array(text.utf8)
      var output = [UInt8](repeating: 0, count: 16)
      let written: Int? = input.withUnsafeMutableBytes { inputBytes in
        output.withUnsafeMutableBytes { outputBytes in
          var inputPointer = inputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
          var inputLeft = inputBytes.count
          var outputPointer = outputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
          var outputLeft = outputBytes.count
          let previous = spellingLocale.map { uselocale($0) }
          defer { if let previous { _ = uselocale(previous) } }
          // NB: Back to the initial state first: a failed conversion may leave one half done.
          _ = iconv(descriptor, nil, nil, nil, nil)
          guard iconv(descriptor, &inputPointer, &inputLeft, &outputPointer, &outputLeft) != -1, inputLeft == 0
          else { return nil }
          return outputBytes.count - outputLeft
        }
      }
      guard let written, written > 0 else { return nil }
      let bytes = output.prefix(written)
      // NB: glibc writes `?` for what it cannot spell: that is no spelling.
      guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "?") }) else { return nil }
      return String(decoding: bytes, as: UTF8.self)
    }

    /// The converter, UTF-8 to ASCII with transliteration, opened once; `nil` where the C
    /// library has none. `iconv` keeps state, so one conversion at a time.
    private static let converter = Mutex<iconv_t?>({
      let descriptor = iconv_open("ASCII//TRANSLIT", "UTF-8")
      return descriptor == iconv_t(bitPattern: -1) ? nil : descriptor
    }())

    /// The locale whose transliteration tables glibc reads (built into glibc since 2.35).
    private nonisolated(unsafe) static let spellingLocale: locale_t? = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)
  #endif
}
