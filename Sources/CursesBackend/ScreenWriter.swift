import TerminalUI

/// Turns changed cells into the bytes a terminal needs, remembering what the terminal already
/// has: where its cursor is, which attributes and colours are on, whether the cursor shows.
///
/// ``TerminalUI/Terminal`` already sends only the cells that changed, so curses' own virtual
/// screen and second diff (`doupdate`) were paid for nothing on every key. The writer moves the
/// cursor only when the next cell is not where the previous one left it, changes attributes only
/// when the style changes, and keeps that state across frames: typing a character into a text
/// field writes that one character. Anything it cannot know (after curses wrote, after a stop)
/// is forgotten with ``forgetState()`` and set again explicitly.
///
/// ```swift
/// var writer = ScreenWriter(capabilities: .ansi, size: Size(columns: 80, rows: 24))
/// writer.put(Cell("y"), at: Position(column: 4, row: 2))   // "\e[3;5H" then "y" (after the style)
/// writer.placeCursor(Position(column: 5, row: 2))          // nothing: the cursor is already there
/// let bytes = writer.takeOutput()
/// ```
package struct ScreenWriter {
  package let capabilities: TerminalCapabilities
  /// The screen size, for the cells that would wrap or scroll.
  package var size: Size
  /// Where the terminal's cursor is, or `nil` when unknown (at start, after the last column).
  private var cursor: Position?
  /// The style the terminal writes with, or `nil` when unknown.
  private var style: Style?
  /// Whether the cursor shows, or `nil` when unknown.
  private var isCursorVisible: Bool?
  /// The bytes not yet written.
  private var output: [UInt8] = []

  package init(capabilities: TerminalCapabilities, size: Size) {
    self.capabilities = capabilities
    self.size = size
    output.reserveCapacity(4096)
  }

  /// Whether there are bytes to write.
  package var hasOutput: Bool { !output.isEmpty }

  /// Hands over the bytes produced so far, keeping the buffer for the next frame.
  package mutating func takeOutput() -> [UInt8] {
    defer { output.removeAll(keepingCapacity: true) }
    return output
  }

  /// Calls `body` with the bytes produced so far, then empties the buffer (no copy).
  package mutating func drainOutput(_ body: (UnsafeRawBufferPointer) -> Void) {
    output.withUnsafeBytes(body)
    output.removeAll(keepingCapacity: true)
  }

  /// Drops what was not yet written and assumes nothing about the terminal: the next cell is
  /// addressed and styled from scratch, and the cursor's visibility is set again.
  package mutating func forgetState() {
    output.removeAll(keepingCapacity: true)
    cursor = nil
    style = nil
    isCursorVisible = nil
  }

  /// Writes one cell (not a continuation) at its position.
  package mutating func put(_ cell: Cell, at position: Position) {
    let width = cell.width
    guard width > 0, position.row >= 0, position.row < size.rows, position.column >= 0,
      position.column + width <= size.columns
    else { return }
    let endsRow = position.column + width == size.columns
    if endsRow && position.row == size.rows - 1 && capabilities.scrollsAtLastCell { return }
    move(to: position)
    setStyle(cell.style)
    appendGlyph(cell.glyph)
    // NB: After the last column the terminal waits to wrap (or has wrapped): address the next move.
    cursor = endsRow ? nil : Position(column: position.column + width, row: position.row)
  }

  /// Leaves the cursor at `position` and shows it, or hides it for `nil`.
  package mutating func placeCursor(_ position: Position?) {
    guard let position else {
      if isCursorVisible != false {
        output += capabilities.hideCursor
        isCursorVisible = false
      }
      return
    }
    move(to: position)
    if isCursorVisible != true {
      output += capabilities.showCursor
      isCursorVisible = true
    }
  }

  /// Attributes off and the cursor shown, as a shell expects the terminal back.
  package mutating func restoreForShell() {
    output += capabilities.resetAttributes
    output += capabilities.showCursor
    style = .plain
    isCursorVisible = true
  }

  private mutating func move(to position: Position) {
    if let cursor, cursor.row == position.row {
      if cursor.column == position.column { return }
      if cursor.column == position.column + 1, !capabilities.cursorLeft.isEmpty {
        output += capabilities.cursorLeft
        self.cursor = position
        return
      }
      if cursor.column + 1 == position.column, !capabilities.cursorRight.isEmpty {
        output += capabilities.cursorRight
        self.cursor = position
        return
      }
    }
    capabilities.address(row: position.row, column: position.column, into: &output)
    cursor = position
  }

  private mutating func setStyle(_ wanted: Style) {
    var target = wanted
    if !capabilities.usesColor {
      target.foreground = .default
      target.background = .default
    } else if target.foreground != .default || target.background != .default {
      target.attributes.subtract(capabilities.attributesWithoutColor)
    }
    if let style, style == target { return }
    var current: Style = .plain
    if let style, Self.canReach(target, from: style) {
      current = style
    } else {
      output += capabilities.resetAttributes
    }
    let added = target.attributes.subtracting(current.attributes)
    if added.contains(.bold) { output += capabilities.bold }
    if added.contains(.dim) { output += capabilities.dim }
    if added.contains(.underline) { output += capabilities.underline }
    if added.contains(.reverse) { output += capabilities.reverse }
    if target.foreground != current.foreground, target.foreground != .default {
      output += capabilities.foregrounds[Int(target.foreground.rawValue)]
    }
    if target.background != current.background, target.background != .default {
      output += capabilities.backgrounds[Int(target.background.rawValue)]
    }
    style = target
  }

  /// Whether `target` can be set from `current` without sgr0: attributes and default colours can
  /// only be turned off all at once.
  private static func canReach(_ target: Style, from current: Style) -> Bool {
    current.attributes.isSubset(of: target.attributes)
      && (current.foreground == .default || target.foreground != .default)
      && (current.background == .default || target.background != .default)
  }

  private mutating func appendGlyph(_ glyph: Glyph) {
    guard let scalar = glyph.scalar else {
      output += glyph.string.utf8
      return
    }
    let value = scalar.value
    if value >= 0x20 && value < 0x7F {
      output.append(UInt8(truncatingIfNeeded: value))
    } else if value < 0x20 || (value >= 0x7F && value < 0xA0) {
      // NB: A control character would move the cursor or start a sequence: show it as "?".
      output.append(UInt8(ascii: "?"))
    } else {
      if let encoded = UTF8.encode(scalar) { output.append(contentsOf: encoded) }
    }
  }
}
