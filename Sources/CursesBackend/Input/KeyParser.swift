import TerminalUI

/// Turns the bytes a terminal sends into keys: UTF-8 characters, control bytes, the escape
/// sequences of named keys and bracketed pastes. Pure: the backend reads, this decodes.
///
/// Bytes may arrive in any chunks. When what is buffered could still grow into a longer key (a
/// lone Esc, half a sequence or character, a paste without its end marker), ``next(flush:)``
/// answers ``Parsed/needsMoreBytes``; the caller waits a little (the Esc delay, or the gap a
/// paste may pause) and, when nothing more came, asks again with `flush: true` to take the
/// bytes as they stand: a lone Esc is then the Esc key.
///
/// ```swift
/// var parser = KeyParser(sequences: KeySequences(terminfo: { _ in nil }))
/// parser.append(Array("a\u{1B}[A\u{1B}".utf8))
/// parser.next(flush: false)   // .key(.character("a"))
/// parser.next(flush: false)   // .key(.up)
/// parser.next(flush: false)   // .needsMoreBytes
/// parser.next(flush: true)    // .key(.escape)
/// parser.next(flush: false)   // .empty
/// ```
struct KeyParser {
  /// What ``next(flush:)`` found.
  enum Parsed: Equatable {
    case key(Key)
    /// The buffered bytes are the start of something longer.
    case needsMoreBytes
    /// Nothing is buffered.
    case empty
  }

  /// Sequences longer than this that never end are dropped rather than waited for.
  static let longestSequence = 32

  private let sequences: KeySequences
  private var buffer: [UInt8] = []
  /// Where the next key starts in ``buffer``.
  private var start = 0
  /// Inside a bracketed paste: where the pasted text starts, and how far the end marker has been
  /// looked for (so a long paste arriving in chunks is scanned once).
  private var paste: (textStart: Int, scanned: Int)?

  private static let pasteEndMarker = Array("\u{1B}[201~".utf8)

  init(sequences: KeySequences) {
    self.sequences = sequences
    buffer.reserveCapacity(256)
  }

  /// Whether a bracketed paste has started and not yet ended: a caller waits longer for more.
  var isInsidePaste: Bool { paste != nil }

  /// Whether no bytes are waiting.
  var isEmpty: Bool { start == buffer.count }

  /// Adds bytes read from the terminal.
  mutating func append(_ bytes: some Collection<UInt8>) {
    // NB: Consumed bytes are dropped once nothing is left (the usual case, free) or once they
    //     are most of a long buffer; an open paste keeps its offsets relative to the rest.
    if start > 0 && (start == buffer.count || start >= 4096) {
      buffer.removeSubrange(0..<start)
      if let (textStart, scanned) = paste { paste = (textStart - start, scanned - start) }
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next key, if the buffered bytes hold a whole one.
  ///
  /// - Parameter flush: No more bytes are coming soon: deliver an incomplete sequence as Esc
  ///   followed by its bytes, an incomplete character as unknown, a paste as it stands.
  mutating func next(flush: Bool) -> Parsed {
    while true {
      if paste != nil { return nextPaste(flush: flush) }
      guard start < buffer.count else { return .empty }
      let first = buffer[start]
      if first < 0x80 {
        if first == KeyDecoder.escapeByte {
          guard let parsed = nextSequence(flush: flush) else { continue }
          return parsed
        }
        start += 1
        return .key(KeyDecoder.decode(character: UInt32(first)))
      }
      return nextCharacter(flush: flush)
    }
  }

  // MARK: - Escape sequences

  /// Decodes what starts with Esc; `nil` after consuming bytes that give no key (a stray end
  /// of paste, or the start of one).
  private mutating func nextSequence(flush: Bool) -> Parsed? {
    let bytes = buffer[start...]
    switch sequences.match(bytes) {
    case .complete(let meaning, let length):
      start += length
      switch meaning {
      case .key(let key): return .key(key)
      case .pasteStart:
        paste = (start, start)
        return nil
      case .pasteEnd: return nil
      }
    case .prefix:
      return flush ? loneEscape() : .needsMoreBytes
    case .none:
      return unknownSequence(bytes, flush: flush)
    }
  }

  /// A sequence no table names: a whole CSI (`Esc [` parameters, final byte) or SS3 (`Esc O`
  /// and one byte) is swallowed as unknown; anything else makes the Esc a key of its own.
  private mutating func unknownSequence(_ bytes: ArraySlice<UInt8>, flush: Bool) -> Parsed {
    guard bytes.count > 1 else { return flush ? loneEscape() : .needsMoreBytes }
    let introducer = bytes[bytes.startIndex + 1]
    let body = bytes.dropFirst(2)
    switch introducer {
    case UInt8(ascii: "["):
      // NB: ECMA-48: parameter bytes 0x30-0x3F, then intermediate bytes 0x20-0x2F, then one
      //     final byte 0x40-0x7E.
      var index = body.startIndex
      while index < body.endIndex, (0x30...0x3F).contains(body[index]) { index += 1 }
      while index < body.endIndex, (0x20...0x2F).contains(body[index]) { index += 1 }
      guard index < body.endIndex else {
        if flush || index - bytes.startIndex >= Self.longestSequence { return loneEscape() }
        return .needsMoreBytes
      }
      guard (0x40...0x7E).contains(body[index]) else { return loneEscape() }
      start = index + 1
      return .key(.unknown(Int32(KeyDecoder.escapeByte)))
    case UInt8(ascii: "O"):
      guard let final = body.first else { return flush ? loneEscape() : .needsMoreBytes }
      guard (0x40...0x7E).contains(final) else { return loneEscape() }
      start += 3
      return .key(.unknown(Int32(KeyDecoder.escapeByte)))
    default:
      return loneEscape()
    }
  }

  /// Delivers the Esc at the start alone; what followed it is decoded on its own.
  private mutating func loneEscape() -> Parsed {
    start += 1
    return .key(.escape)
  }

  // MARK: - UTF-8

  /// Decodes a character of two to four UTF-8 bytes; a byte that cannot start or continue one
  /// is an unknown key of its own.
  private mutating func nextCharacter(flush: Bool) -> Parsed {
    let first = buffer[start]
    let length: Int
    var scalar: UInt32
    switch first {
    case 0xC2...0xDF: (length, scalar) = (2, UInt32(first & 0x1F))
    case 0xE0...0xEF: (length, scalar) = (3, UInt32(first & 0x0F))
    case 0xF0...0xF4: (length, scalar) = (4, UInt32(first & 0x07))
    default: return invalidByte()
    }
    let available = min(length, buffer.count - start)
    for offset in 1..<available {
      let byte = buffer[start + offset]
      guard byte & 0xC0 == 0x80 else { return invalidByte() }
      scalar = scalar << 6 | UInt32(byte & 0x3F)
    }
    guard available == length else { return flush ? invalidByte() : .needsMoreBytes }
    let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x1_0000
    guard scalar >= smallest, scalar <= 0x10_FFFF, !(0xD800...0xDFFF).contains(scalar) else {
      return invalidByte()
    }
    start += length
    return .key(KeyDecoder.decode(character: scalar))
  }

  private mutating func invalidByte() -> Parsed {
    let byte = buffer[start]
    start += 1
    return .key(.unknown(Int32(byte)))
  }

  // MARK: - Bracketed paste

  /// Delivers the pasted text once its end marker is buffered (or, with `flush`, what arrived).
  private mutating func nextPaste(flush: Bool) -> Parsed {
    guard let (textStart, scanned) = paste else { return .empty }
    let marker = Self.pasteEndMarker
    var index = scanned
    while index + marker.count <= buffer.count {
      if buffer[index] == marker[0], buffer[index..<index + marker.count].elementsEqual(marker) {
        paste = nil
        start = index + marker.count
        return .key(.paste(Self.pastedText(buffer[textStart..<index])))
      }
      index += 1
    }
    guard flush else {
      paste = (textStart, index)
      return .needsMoreBytes
    }
    paste = nil
    start = buffer.count
    return .key(.paste(Self.pastedText(buffer[textStart...])))
  }

  /// Pasted bytes as text: UTF-8 (invalid bytes become U+FFFD), and every line break ("\r\n",
  /// "\r" or "\n") as "\n".
  static func pastedText(_ bytes: ArraySlice<UInt8>) -> String {
    var normalized: [UInt8] = []
    normalized.reserveCapacity(bytes.count)
    var previousWasReturn = false
    for byte in bytes {
      defer { previousWasReturn = byte == 0x0D }
      switch byte {
      case 0x0D: normalized.append(0x0A)
      case 0x0A where previousWasReturn: continue
      default: normalized.append(byte)
      }
    }
    return String(decoding: normalized, as: UTF8.self)
  }
}
