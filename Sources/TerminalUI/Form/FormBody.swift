import ComposableForms

/// The rows of a form's body, modelled sparsely: a blank row, each control of the page shown
/// (``range``) followed by its note (when the note does not fit beside it) and its error, then
/// a blank row and the buttons.
///
/// Only controls with an extra row are stored, so finding a row or drawing the visible ones
/// costs the same in a form of ten fields or ten thousand.
struct FormBody<State> {
  /// A control with rows under it.
  struct Extra {
    let index: Int
    var note: StatusView.Status?
    /// The rows the note takes, wrapped to the width (``StatusView/lines(width:height:)``).
    var noteRows = 0
    /// The error's lines, wrapped to the width (``ErrorView/lines(_:width:)``).
    var errorLines: [String] = []
    var rowCount: Int { noteRows + errorLines.count }
  }

  let controls: [FormControl<State>]
  /// The positions of the controls shown: the page's, or all of them.
  let range: Range<Int>
  /// Controls with extra rows, by ascending index.
  let extras: [Extra]
  /// `extraRowsBefore[k]`: the extra rows of `extras[0..<k]`.
  private let extraRowsBefore: [Int]
  /// `controlRowsBefore[i]`: the rows of `controls[0..<i]`, each with its description
  /// (``TallRowsCache/Rows``); `nil` when every control takes one row.
  private let controlRowsBefore: [Int]?
  /// `ownRows[i]`: the rows of `controls[i]` itself, without its description; `nil` when
  /// every control takes one row.
  private let ownRows: [Int]?
  /// The width of the control column, which descriptions and notes are wrapped to.
  let textWidth: Int

  init(
    controls: [FormControl<State>], range: Range<Int>? = nil, extras: [Extra],
    rows: TallRowsCache.Rows?, textWidth: Int
  ) {
    self.controls = controls
    self.range = range ?? controls.indices
    self.controlRowsBefore = rows?.before
    self.ownRows = rows?.own
    self.textWidth = textWidth
    self.extras = extras.sorted { $0.index < $1.index }
    var running = 0
    var prefix = [0]
    for extra in self.extras {
      running += extra.rowCount
      prefix.append(running)
    }
    self.extraRowsBefore = prefix
  }

  /// Every row, the buttons last.
  var rowCount: Int { 1 + rowsOfControls(before: range.upperBound) + (extraRowsBefore.last ?? 0) + 2 }

  /// The rows of the shown controls before `index`.
  private func rowsOfControls(before index: Int) -> Int {
    (controlRowsBefore?[index] ?? index) - (controlRowsBefore?[range.lowerBound] ?? range.lowerBound)
  }

  var buttonsRow: Int { rowCount - 1 }

  /// The row of the control at `index`.
  func row(ofControl index: Int) -> Int {
    1 + rowsOfControls(before: index) + extraRowsBefore[extrasBefore(index)]
  }

  /// The rows of the control at `index`: its own (with its description), its note and its
  /// error.
  func rows(ofControl index: Int) -> ClosedRange<Int> {
    let start = row(ofControl: index)
    let position = extrasBefore(index)
    let extra = position < extras.count && extras[position].index == index ? extras[position].rowCount : 0
    return start...(start + height(ofControl: index) - 1 + extra)
  }

  /// The rows of the control at `index` itself and its description.
  func height(ofControl index: Int) -> Int {
    controlRowsBefore.map { $0[index + 1] - $0[index] } ?? 1
  }

  /// The rows of the control at `index` itself.
  func ownRows(ofControl index: Int) -> Int {
    ownRows?[index] ?? 1
  }

  /// How many extras belong to controls before `index` (binary search).
  private func extrasBefore(_ index: Int) -> Int {
    var low = 0
    var high = extras.count
    while low < high {
      let middle = (low + high) / 2
      if extras[middle].index < index { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The control whose rows contain `row`, for a row past the first blank and before the
  /// trailing blank (binary search over controls).
  func control(atRow row: Int) -> Int {
    var low = range.lowerBound
    var high = range.upperBound - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if self.row(ofControl: middle) <= row { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The extra of the control at `index`, if it has one.
  func extra(ofControl index: Int) -> Extra? {
    let position = extrasBefore(index)
    return position < extras.count && extras[position].index == index ? extras[position] : nil
  }
}
