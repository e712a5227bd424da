import TerminalUI

/// The escape sequences a terminal sends for named keys, and what each one means.
///
/// The terminal's own key strings come from terminfo (`kcuu1`, `khome`, ...). They describe the
/// terminal in "keypad transmit" mode (`\EOA` for Up on xterm), but terminals behind multiplexers
/// or with odd settings still send the normal-mode forms (`\E[A`), so both are always known.
/// Function keys the form has no use for (`kf1`...) are known too, so they are swallowed whole
/// instead of typing their tail into a field. Only sequences that start with Esc are kept: single
/// bytes (`kbs` is `^?` or `^H`) decode on their own.
///
/// ```swift
/// let table = KeySequences(terminfo: { name in name == "kcuu1" ? Array("\u{1B}OA".utf8) : nil })
/// table.match(Array("\u{1B}OA".utf8)[...])   // .complete(.key(.up), length: 3)
/// table.match(Array("\u{1B}[20".utf8)[...])  // .prefix (of the paste start marker)
/// ```
struct KeySequences: Sendable {
  /// What a sequence stands for.
  enum Meaning: Equatable, Sendable {
    case key(Key)
    /// `\E[200~`: what follows is pasted text, up to ``pasteEnd``.
    case pasteStart
    /// `\E[201~`: the end of a bracketed paste.
    case pasteEnd
  }

  /// How buffered bytes that start with Esc compare with the known sequences.
  enum Match: Equatable, Sendable {
    /// The bytes start with this sequence, `length` bytes long.
    case complete(Meaning, length: Int)
    /// The bytes are the start of a known sequence: more may be on the way.
    case prefix
    /// No known sequence starts like this.
    case none
  }

  /// The terminfo key capabilities read, and the keys they name.
  static let terminfoKeys: [(capability: String, key: Key)] = [
    ("kcuu1", .up), ("kcud1", .down), ("kcub1", .left), ("kcuf1", .right),
    ("khome", .home), ("kend", .end), ("kdch1", .delete), ("kbs", .backspace),
    ("kent", .enter), ("kcbt", .backTab), ("kpp", .pageUp), ("knp", .pageDown),
  ]

  /// Function keys with no meaning in a form: read so they can be swallowed whole.
  static let ignoredCapabilities = (1...12).map { "kf\($0)" } + ["kich1"]

  /// The normal-mode and common alternative forms, known whatever terminfo says.
  static let fallbacks: [(sequence: String, meaning: Meaning)] = [
    ("\u{1B}[A", .key(.up)), ("\u{1B}OA", .key(.up)),
    ("\u{1B}[B", .key(.down)), ("\u{1B}OB", .key(.down)),
    ("\u{1B}[C", .key(.right)), ("\u{1B}OC", .key(.right)),
    ("\u{1B}[D", .key(.left)), ("\u{1B}OD", .key(.left)),
    ("\u{1B}[H", .key(.home)), ("\u{1B}OH", .key(.home)), ("\u{1B}[1~", .key(.home)),
    ("\u{1B}[7~", .key(.home)),
    ("\u{1B}[F", .key(.end)), ("\u{1B}OF", .key(.end)), ("\u{1B}[4~", .key(.end)),
    ("\u{1B}[8~", .key(.end)),
    ("\u{1B}[3~", .key(.delete)),
    ("\u{1B}[5~", .key(.pageUp)), ("\u{1B}[6~", .key(.pageDown)),
    ("\u{1B}[Z", .key(.backTab)),
    ("\u{1B}OM", .key(.enter)),
    ("\u{1B}[200~", .pasteStart), ("\u{1B}[201~", .pasteEnd),
  ]

  private var sequences: [(bytes: [UInt8], meaning: Meaning)] = []

  /// Builds the table from a terminfo lookup (`nil` for an absent capability) and the fallbacks.
  /// When terminfo and a fallback disagree about a sequence, terminfo wins.
  init(terminfo: (String) -> [UInt8]?) {
    for (capability, key) in Self.terminfoKeys {
      if let bytes = terminfo(capability) { add(bytes, .key(key)) }
    }
    for capability in Self.ignoredCapabilities {
      if let bytes = terminfo(capability) { add(bytes, .key(.unknown(Int32(KeyDecoder.escapeByte)))) }
    }
    for (sequence, meaning) in Self.fallbacks { add(Array(sequence.utf8), meaning) }
  }

  /// Keeps a sequence that starts with Esc and is not known yet.
  private mutating func add(_ bytes: [UInt8], _ meaning: Meaning) {
    guard bytes.count > 1, bytes.first == KeyDecoder.escapeByte,
      !sequences.contains(where: { $0.bytes == bytes })
    else { return }
    sequences.append((bytes, meaning))
  }

  /// Compares buffered bytes (starting with Esc) with every known sequence; the longest
  /// complete one wins.
  func match(_ bytes: ArraySlice<UInt8>) -> Match {
    var best: (meaning: Meaning, length: Int)?
    var isPrefix = false
    for sequence in sequences {
      if bytes.count >= sequence.bytes.count {
        if bytes.starts(with: sequence.bytes), sequence.bytes.count > (best?.length ?? 0) {
          best = (sequence.meaning, sequence.bytes.count)
        }
      } else if sequence.bytes.starts(with: bytes) {
        isPrefix = true
      }
    }
    if let best { return .complete(best.meaning, length: best.length) }
    return isPrefix ? .prefix : .none
  }
}
