/// What keys mean in a list (``ListLayout``): moving the selection, searching, choosing a row.
///
/// `ListKeymap.standard` follows the pagers and lists people know (less, tig, vim): the arrows
/// or `j`/`k` move, Page Up/Down and Home/End jump, `/` goes to the search field and Esc leaves
/// it, Enter chooses, Esc or `q` closes the list, `?` shows every key. A layout's own commands (`d` to delete, say)
/// come from the layout; Ctrl-C, Ctrl-L and a prompt's keys from the form ``Keymap``, so both
/// screens answer them alike.
///
/// ```swift
/// var keys = ListKeymap.standard
/// keys.close.remove(.character("q"))
/// ```
public struct ListKeymap: Hashable, Sendable {
  /// Keys that move the selection up one row.
  public var up: KeyBinding
  /// Keys that move the selection down one row.
  public var down: KeyBinding
  /// Keys that move a screenful up.
  public var pageUp: KeyBinding
  /// Keys that move a screenful down.
  public var pageDown: KeyBinding
  /// Keys that select the first row.
  public var first: KeyBinding
  /// Keys that select the last row.
  public var last: KeyBinding
  /// Keys that go to the search field (Tab there goes back to the rows).
  public var search: KeyBinding
  /// Keys that choose the selected row (and, in the search field, go back to the rows).
  public var choose: KeyBinding
  /// Keys that close the list (Esc clears a search first, in the search field or on the rows
  /// it narrowed).
  public var close: KeyBinding
  /// Keys that show every key of the list in a box over it (``KeysView``); any key hides it.
  public var keys: KeyBinding

  public init(
    up: KeyBinding, down: KeyBinding, pageUp: KeyBinding, pageDown: KeyBinding,
    first: KeyBinding, last: KeyBinding, search: KeyBinding, choose: KeyBinding, close: KeyBinding,
    keys: KeyBinding = KeyBinding([.character("?")], help: "keys")
  ) {
    self.up = up
    self.down = down
    self.pageUp = pageUp
    self.pageDown = pageDown
    self.first = first
    self.last = last
    self.search = search
    self.choose = choose
    self.close = close
    self.keys = keys
  }

  /// The standard keys (see the type's documentation).
  public static let standard = ListKeymap(
    up: KeyBinding([.up, .character("k"), .control("p")], help: "move"),
    down: KeyBinding([.down, .character("j"), .control("n")], help: "move"),
    pageUp: KeyBinding([.pageUp], help: "page"),
    pageDown: KeyBinding([.pageDown, .character(" ")], help: "page"),
    first: KeyBinding([.home, .character("g")], help: "first"),
    last: KeyBinding([.end, .character("G")], help: "last"),
    search: KeyBinding([.character("/"), .tab], help: "search"),
    choose: KeyBinding([.enter], help: "choose"),
    close: KeyBinding([.escape, .character("q")], help: "quit")
  )
}
