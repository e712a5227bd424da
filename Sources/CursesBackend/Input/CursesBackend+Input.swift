import CNcurses
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A bracketed paste under way past its first part.
struct PasteInProgress {
  /// The characters read so far.
  var delivered: Int
  /// When its last byte came.
  var lastInput: ContinuousClock.Instant
  /// Whether the last character was a carriage return (a line feed after it is the same break,
  /// even in the next part).
  var previousWasReturn = false
}

extension CursesBackend {
  /// How often a paste being read looks for signals and its time limit.
  static let pastePollMilliseconds: Int32 = 100
  /// How long the rest of a paste's end marker may take after its Esc (a pause on a slow link
  /// longer than the escape delay split it).
  static let pasteEndWaitMilliseconds: Int32 = 1000
  /// How long one part of a paste may take before it is delivered, so a slow paste shows as
  /// it comes instead of freezing the screen (the rest follows as more of the paste).
  static let pasteTimeLimit: Duration = .seconds(2)
  /// How many characters a paste brings; the rest, up to its end marker, is read and dropped.
  static let pasteCharacterLimit = 100_000
  /// How long a paste whose end marker never came may stay quiet before input counts as keys
  /// again (a terminal that lost it): a paste that merely pauses, on a slow link, is never
  /// read as keys, where Enter would submit the form.
  static let pasteAbandonTime: Duration = .seconds(3)
  /// How long the rest of something begun (a character's UTF-8 bytes, a mouse report) may
  /// take to arrive: the escape delay (`ESCDELAY`), which says how slow the link may be, from
  /// 100 ms to a second. A character split by a pause shorter than that is one character, not
  /// one U+FFFD per byte; a stray byte (a Latin-1 terminal's) holds the next key no longer.
  static var continuationMilliseconds: Int32 { min(1000, max(100, get_escdelay())) }

  /// Reads one key curses already has or can read without blocking; `nil` when there is none.
  ///
  /// A lone Esc waits the escape delay (`ESCDELAY`) to tell it from the start of a sequence.
  func readKey() -> TerminalEvent? {
    if let paste = pasteInProgress {
      guard ContinuousClock.now - paste.lastInput < Self.pasteAbandonTime else {
        pasteInProgress = nil
        return readKey()
      }
      guard hasPendingInput() else { return nil }
      return .key(.paste(collectPaste()))
    }
    while true {
      let (status, character) = readCharacter()
      if status == cn_key_code_yes() {
        let code = Int32(bitPattern: UInt32(character))
        if code == KeyBindings.pasteStartCode { return .key(.paste(collectPaste())) }
        if code == KeyBindings.pasteEndCode { continue }
        if code == cn_key_mouse() {
          var column: Int32 = 0
          var row: Int32 = 0
          let position = { Position(column: Int(column), row: Int(row)) }
          switch cn_read_mouse(&column, &row) {
          case 1: return .key(.mouse(MouseEvent(.press, at: position())))
          case 2: return .key(.mouse(MouseEvent(.wheelUp, at: position())))
          case 3: return .key(.mouse(MouseEvent(.wheelDown, at: position())))
          case -1 where !reportsMouse:
            // NB: The mouse is off (--no-mouse) but the terminal reports it (a killed program
            //     left it on): curses matched the report's start (terminfo's `kmous`), and its
            //     rest is no text to type into a field.
            skipMouseReportRest()
            continue
          default: continue  // another button: nothing a form does
          }
        }
        let key = terminfoKeys[code] ?? KeyDecoder.decode(functionKey: code)
        if key == .resize {
          absorbWindowChangeSignals()
          followDeviceSize()
        }
        return .key(key)
      }
      guard status == cn_ok() else { return nil }
      let code = UInt32(character)
      if code == KeyDecoder.suspendByte && suspendsOnControlZ { return suspend() }
      if code == 27, let key = keyAfterEscape() { return .key(key) }
      return .key(KeyDecoder.decode(character: code))
    }
  }

  /// After curses gave Esc: when a CSI or SS3 sequence came with it (`Esc [` or `Esc O`, within
  /// the escape delay, so curses already holds it), it is a key curses does not know (one
  /// terminfo does not list, such as F13 or Ctrl-PageUp on some terminals). It is read to its
  /// end and is one unknown key, so its bytes do not arrive as text.
  ///
  /// A printable character, Backspace, Left or Right that came with the Esc is that key pressed
  /// with Alt: terminals send Alt-B as `Esc b`, and read as Esc and a letter it would cancel the
  /// form (readline's word keys are a habit). Esc followed by anything else (a second Esc,
  /// Ctrl-C, Enter) is Esc and then that key.
  ///
  /// NB: curses matches only the sequences it was taught and hands back every byte of any other
  ///     one; telling where such a sequence ends (ECMA-48's CSI and SS3 forms) is left to us.
  private func keyAfterEscape() -> Key? {
    let (status, character) = readCharacter()
    if status == cn_key_code_yes() {
      // NB: Backspace comes as curses' own key where terminfo names its byte (`kbs`).
      // Left and Right too: rxvt sends Alt-Left as Esc and Left's own sequence.
      let code = Int32(bitPattern: UInt32(character))
      switch KeyDecoder.decode(functionKey: code) {
      case .backspace: return .alt(.backspace)
      case .left: return .alt(.left)
      case .right: return .alt(.right)
      default: break
      }
      _ = ungetch(code)
      return nil
    }
    guard status == cn_ok() else { return nil }
    let next = UInt32(character)
    switch next {
    case 0x5B:  // "[": parameters and intermediates up to a final byte from @ to ~
      for index in 0..<32 {
        guard let byte = pendingCharacter() else { break }
        // NB: `Esc [ M` and three bytes is an X10 mouse report (the mouse left on by a killed
        //     program, or a terminal that sends no other kind): none of it is text.
        if index == 0, byte == UInt32(UInt8(ascii: "M")) {
          skipMouseReportRest(x10: true)
          break
        }
        if (0x40...0x7E).contains(byte) { break }
        guard (0x20...0x3F).contains(byte) else {
          _ = unget_wch(wchar_t(byte))
          break
        }
      }
      return .unknown(27)
    case 0x4F:  // "O", parameters (`Esc O 2 P`, `Esc O 1;5A`: modified keys), a final byte
      for _ in 0..<32 {
        guard let byte = pendingCharacter() else { break }
        if (0x40...0x7E).contains(byte) { break }
        guard (0x30...0x3F).contains(byte) else {
          _ = unget_wch(wchar_t(byte))
          break
        }
      }
      return .unknown(27)
    default:
      switch KeyDecoder.decode(character: next) {
      case let .character(character): return .alt(.character(character))
      case .backspace: return .alt(.backspace)
      default:
        _ = unget_wch(wchar_t(next))
        return nil
      }
    }
  }

  /// Reads past the rest of a mouse report whose start was read: an SGR one's (`0;25;9M`:
  /// digits and semicolons, then `M` or `m`), or, after `Esc [ M`, an X10 one's three bytes.
  /// A report split by a slow link is waited for a moment, as a character's bytes are;
  /// anything else is left for the next read.
  private func skipMouseReportRest(x10: Bool = false) {
    for index in 0..<32 {
      guard let byte = characterSoon() else { return }
      if x10 {
        if index == 2 { return }
        continue
      }
      if byte == UInt32(UInt8(ascii: "M")) || byte == UInt32(UInt8(ascii: "m")) { return }
      guard (0x30...0x3B).contains(byte) else {
        _ = unget_wch(wchar_t(byte))
        return
      }
    }
  }

  /// The next character if it comes within a moment (``continuationMilliseconds``), as the
  /// rest of something already begun; a function key is put back.
  private func characterSoon() -> UInt32? {
    wtimeout(screen.window, Self.continuationMilliseconds)
    defer { wtimeout(screen.window, 0) }
    let (status, character) = readCharacter(delay: Self.continuationMilliseconds)
    if status == cn_key_code_yes() {
      _ = ungetch(Int32(bitPattern: UInt32(character)))
      return nil
    }
    return status == cn_ok() ? UInt32(character) : nil
  }

  /// Whether curses holds input it can hand over at once (put back for the next read).
  private func hasPendingInput() -> Bool {
    let next = wgetch(screen.window)
    guard next != ERR else { return false }
    _ = ungetch(next)
    return true
  }

  /// The next character curses already holds or can read at once; `nil` when there is none
  /// (or it is a function key, which is put back).
  private func pendingCharacter() -> UInt32? {
    let (status, character) = readCharacter()
    if status == cn_key_code_yes() {
      _ = ungetch(Int32(bitPattern: UInt32(character)))
      return nil
    }
    return status == cn_ok() ? UInt32(character) : nil
  }

  /// The next character: `OK` and a Unicode scalar, `KEY_CODE_YES` and a function key's code
  /// (keypad, terminfo, `define_key`), or `ERR` when none can be read without waiting.
  ///
  /// NB: Not `wget_wch` where the locale is UTF-8 or ASCII: ncurses 6.4's goes on reading after
  ///     a byte its locale cannot decode until its buffer is full, then gives up on all of it,
  ///     so one `é` typed in the C locale, or one stray byte in a paste, lost the text after it
  ///     (and the C locale decodes no byte above 127). `wgetch` hands over the bytes and still
  ///     decodes function keys; the standard library decodes the UTF-8 (a bad sequence becomes
  ///     U+FFFD, and the bytes after it stay). Other locales' encodings are left to curses.
  /// `delay` is the read timeout curses has now (0 but in a paste), put back afterwards.
  func readCharacter(delay: Int32 = 0) -> (status: Int32, character: UInt32) {
    guard decodesUTF8 else {
      var character: wint_t = 0
      let status = wget_wch(screen.window, &character)
      return (status, UInt32(character))
    }
    let first = wgetch(screen.window)
    if first == ERR { return (ERR, 0) }
    if first >= KEY_MIN { return (cn_key_code_yes(), UInt32(first)) }
    let lead = UInt8(truncatingIfNeeded: first)
    guard lead >= 0x80 else { return (cn_ok(), UInt32(lead)) }
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    var bytes = [lead]
    // NB: A character's bytes can come in two reads (a link splits them): the rest is waited
    //     for a moment, as curses waits for the rest of an escape sequence.
    wtimeout(screen.window, max(delay, Self.continuationMilliseconds))
    defer { wtimeout(screen.window, delay) }
    while bytes.count < length {
      let next = wgetch(screen.window)
      guard next != ERR else { break }
      guard (0x80...0xBF).contains(next) else {
        _ = ungetch(next)  // NB: Not part of this character: it is the next key.
        break
      }
      bytes.append(UInt8(next))
    }
    let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first ?? "\u{FFFD}"
    return (cn_ok(), scalar.value)
  }

  /// curses has just measured the new size, so the SIGWINCH bytes already relayed would only
  /// report the same resize again: drop them, keeping any other signal.
  private func absorbWindowChangeSignals() {
    awaitsResize = false
    pendingSignals += signals.takeSignals()
    pendingSignals.removeAll { $0 == cn_sigwinch() }
  }

  /// Gathers everything up to the end-of-paste marker into one string (line breaks as "\n").
  /// A paste that runs past the time limit, or is interrupted by a signal (SIGTERM, a resize),
  /// is delivered as it stands, and the signal takes its turn; what comes after is more of the
  /// paste (``pasteInProgress``), up to its end marker, with characters past the size limit
  /// dropped. A pause does not end it: on a slow link a paste pauses, and its parts would land
  /// as separate pastes (a stepper would take the second number for the whole).
  private func collectPaste() -> String {
    var paste = pasteInProgress ?? PasteInProgress(delivered: 0, lastInput: .now)
    var text = ""
    let deadline = ContinuousClock.now.advanced(by: Self.pasteTimeLimit)
    wtimeout(screen.window, Self.pastePollMilliseconds)
    defer { wtimeout(screen.window, 0) }
    // NB: Until the end marker comes, what follows is more of this paste.
    pasteInProgress = paste
    defer { pasteInProgress = pasteInProgress.map { _ in paste } }
    while ContinuousClock.now < deadline {
      let signals = self.signals.takeSignals()
      if !signals.isEmpty {
        pendingSignals += signals
        return text
      }
      let (status, character) = readCharacter(delay: Self.pastePollMilliseconds)
      if status == cn_ok() || status == cn_key_code_yes() { paste.lastInput = .now }
      if status == cn_key_code_yes() {
        let code = Int32(bitPattern: UInt32(character))
        if code == KeyBindings.pasteEndCode {
          pasteInProgress = nil
          return text
        }
        if code == cn_key_resize() { awaitsResize = true }
        if code == cn_key_enter() { text.append("\n") }
        paste.previousWasReturn = false
        continue
      }
      guard status == cn_ok() else { continue }
      let code = UInt32(character)
      // NB: The end marker split by a pause longer than the escape delay comes as its bytes.
      if code == 27, readsRestOfPasteEnd() {
        pasteInProgress = nil
        return text
      }
      defer { paste.previousWasReturn = code == 13 }
      paste.delivered += 1
      guard paste.delivered <= Self.pasteCharacterLimit else { continue }
      switch code {
      case 13: text.append("\n")
      case 10 where paste.previousWasReturn: continue
      case 10: text.append("\n")
      default:
        if let scalar = Unicode.Scalar(code) { text.unicodeScalars.append(scalar) }
      }
    }
    return text
  }

  /// After an Esc inside a paste: whether the rest of the end marker (`[201~`) follows, waited
  /// for as a paste's bytes are; anything else read is put back, to be read as the paste's.
  private func readsRestOfPasteEnd() -> Bool {
    let rest = Array("[201~".unicodeScalars.map(\.value))
    var read: [UInt32] = []
    wtimeout(screen.window, Self.pasteEndWaitMilliseconds)
    defer { wtimeout(screen.window, Self.pastePollMilliseconds) }
    while read.count < rest.count {
      let (status, character) = readCharacter(delay: Self.pasteEndWaitMilliseconds)
      guard status == cn_ok(), UInt32(character) == rest[read.count] else {
        if status == cn_ok() { read.append(UInt32(character)) }
        if status == cn_key_code_yes() { _ = ungetch(Int32(bitPattern: UInt32(character))) }
        break
      }
      read.append(UInt32(character))
    }
    guard read != rest else { return true }
    for character in read.reversed() { _ = unget_wch(wchar_t(character)) }
    return false
  }

  /// Hands the terminal back to the shell and stops like a shell job (Ctrl-Z); returns once the
  /// program is continued, with curses mode restored.
  func suspend() -> TerminalEvent {
    leaveCursesMode()
    ignoresNextContinue = true
    signals.stopProcess()
    return resume()
  }

  /// Puts the terminal back in curses mode after a stop; the caller then clears and redraws.
  ///
  /// Continued in the background (`bg`), the program stops again at once: a form cannot run
  /// there, and drawing or switching the terminal to raw mode would land on the shell's screen.
  /// It resumes for real when it is continued in the foreground (`fg`).
  func resume() -> TerminalEvent {
    while !isInForeground {
      signals.stopProcess()
    }
    enterCursesMode()
    return .resumed
  }

  /// Gives the terminal back as the shell had it (for a stop, or another program on it).
  func leaveCursesMode() {
    setBracketedPaste(false)
    endwin()
  }

  /// Takes the terminal back into curses mode and repaints the whole screen.
  func enterCursesMode() {
    _ = reset_prog_mode()
    _ = clearok(screen.window, true)
    _ = wnoutrefresh(screen.window)
    _ = doupdate()
    setBracketedPaste(true)
  }

  /// Whether this process's group owns the terminal now; `true` when that cannot be told (the
  /// input is not a terminal, as in tests over pipes).
  var isInForeground: Bool {
    let owner = tcgetpgrp(screen.inputFD)
    return owner < 0 || owner == getpgrp()
  }
}
