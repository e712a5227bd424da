import ComposableForms

/// A number stepper bound to a bindable `Int`: Left/Right, -/+ or a click on an arrow (while
/// it has focus) step it, digits type a value
/// (Backspace takes the last one back; a digit that would pass the range's end is refused, and
/// the status line says so), and a pasted number in the range sets it. Digits on their way
/// into the range (3 of 3000 in 1024...65535) show as typed and leave the value as it was
/// until they make a number in the range, and Tab, Enter and clicks elsewhere wait until they
/// do or are taken back (Shift-Tab goes back, dropping them).
///
/// ```swift
/// Stepper("Age", \.$age, range: 0...150)
/// ```
public func Stepper<State>(
  _ label: String,
  _ keyPath: WritableKeyPath<State, BindingState<Int>>,
  range: ClosedRange<Int>
) -> FormControl<State> {
  FormControl(
    label: label, kind: .stepper, binding: BoundKeyPath(keyPath),
    draw: { state, context, area, buffer in
      StepperView(
        value: state[keyPath: keyPath].wrappedValue, range: range,
        pending: context.isFocused ? StepperDigits(range).pending(context.input.typed) : nil,
        isFocused: context.isFocused, isDisabled: context.isDisabled, theme: context.theme
      ).render(in: area, buffer: &buffer)
    },
    value: { .number($0[keyPath: keyPath].wrappedValue) },
    handle: { command, state, input in
      let value = state[keyPath: keyPath].wrappedValue
      let next: Int
      switch command {
      case .increment:
        input.typed = ""
        // NB: Compared before adding: a range may end at Int.max.
        next = value >= range.upperBound ? range.upperBound : max(value + 1, range.lowerBound)
      case .decrement:
        // NB: In a range on both sides of zero, the step down is also a minus sign: digits
        //     typed right after it type a negative number, so "-35" typed is -35.
        input.typed = StepperDigits.spansZero(range) ? StepperDigits.minus : ""
        next = value <= range.lowerBound ? range.lowerBound : min(value - 1, range.upperBound)
      case let .digit(digit):
        // NB: Digits type a new number: "1" then "0" is 10; in a range of negative numbers
        //     only, the digits after its minus sign. A digit no number in the range can start
        //     with is refused with a word why (starting again from it made 1500, typed into
        //     -1000...1000, a silent 0). A number on its way into the range (15 on its way to
        //     150 in 100...199) is shown as typed, the value left as it was: the range's
        //     nearest end put in its place was saved by a Tab or Enter after "3" of 3000.
        let typed = input.typed + String(digit)
        switch StepperDigits(range).number(typed) {
        case let .inRange(number):
          input.typed = typed
          next = number
        case .onItsWay:
          input.typed = typed
          input.notice = StepperDigits(range).onItsWayNotice(typed)
          return nil
        case let .refused(why):
          // NB: With nothing typed yet, there is no digit to take back.
          input.notice = input.typed.isEmpty ? why : why + ": Backspace takes a digit back"
          return nil
        }
      case .edit(.backspace):
        // NB: Takes the last digit off what was typed, or off the number shown: 18 becomes 1,
        //     and no digits left is 0 (the range's end nearest to it). Digits left on their way
        //     into the range (300 of 3000 in 1024...65535) leave the value as it was, and so
        //     does taking back the last of them: the value never changed.
        let sign = value < 0 && StepperDigits.spansZero(range) ? StepperDigits.minus : ""
        let wasPending = StepperDigits(range).pending(input.typed) != nil
        let digits = input.typed.isEmpty ? sign + String(value.magnitude) : input.typed
        input.typed = String(digits.dropLast())
        switch StepperDigits(range).number(input.typed) {
        case let .inRange(number):
          next = number
        case .onItsWay:
          input.notice = StepperDigits(range).onItsWayNotice(input.typed)
          return nil
        case .refused where wasPending:
          return nil
        case .refused:
          next = min(max(0, range.lowerBound), range.upperBound)
        }
      case let .edit(.paste(text)):
        // NB: A whole copied line comes with its line break: blanks around the number go.
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 1, let number = Int(words[0]), range.contains(number) else {
          input.notice = "Only a number from \(range.lowerBound) to \(range.upperBound) can be pasted here"
          return nil
        }
        input.typed = ""
        next = number
      case let .click(column, _):
        // NB: On its arrows (drawn with focus only; the click that gives focus is not handed
        //     on): left of the number steps down, right of it up, dropping typed digits.
        let shown = StepperDigits(range).pending(input.typed).map { $0 + "…" } ?? String(value)
        if column < StepperView.valueColumn {
          next = value <= range.lowerBound ? range.lowerBound : min(value - 1, range.upperBound)
        } else if column > StepperView.valueColumn + shown.count {
          next = value >= range.upperBound ? range.upperBound : max(value + 1, range.lowerBound)
        } else {
          return nil
        }
        input.typed = ""
      default:
        return nil
      }
      return next == value ? nil : .set(keyPath, next)
    },
    textAccess: nil, status: nil,
    line: LineQuestion(
      current: { "\($0[keyPath: keyPath].wrappedValue)" },
      hint: "a number from \(range.lowerBound) to \(range.upperBound)",
      answer: { text, _ throws(MisunderstoodAnswer) in
        guard let number = Int(text.trimmingSpaces), range.contains(number) else {
          throw MisunderstoodAnswer("Type a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return .set(keyPath, number)
      }),
    focusColumn: { _, _ in StepperView.valueColumn },
    leaving: { state, input in
      // NB: Digits on their way into the range are no number yet: leaving kept the number
      //     shown before them, so 80 typed over 8080 was saved as 8080 without a word.
      guard let typed = StepperDigits(range).pending(input.typed) else { return .leave }
      return .stay(
        "\(typed) is not from \(range.lowerBound) to \(range.upperBound) yet: type more digits, or Backspace to keep \(state[keyPath: keyPath].wrappedValue)"
      )
    })
}

/// What digits typed into a stepper make: a number in its range, one that more digits can
/// still take into it, or one no more digits can.
struct StepperDigits {
  enum Outcome: Equatable {
    case inRange(Int)
    /// Not in the range yet, but more digits can take it there.
    case onItsWay
    /// Why no more digits can make a number in the range.
    case refused(String)
  }

  /// What starts a negative number in ``ControlInput/typed``, in a range on both sides of zero.
  static let minus = "-"

  /// Whether the range holds numbers below zero and numbers from zero up.
  static func spansZero(_ range: ClosedRange<Int>) -> Bool {
    range.lowerBound < 0 && range.upperBound >= 0
  }

  let range: ClosedRange<Int>

  init(_ range: ClosedRange<Int>) {
    self.range = range
  }

  /// The number `typed` spells: digits, after a minus sign for a negative number where the
  /// range has both (in a range of negative numbers only, every number is).
  func number(_ typed: String) -> Outcome {
    let isNegative = range.upperBound < 0 || (range.lowerBound < 0 && typed.hasPrefix(Self.minus))
    let digits = typed.hasPrefix(Self.minus) ? String(typed.dropFirst()) : typed
    // NB: The range of what the digits spell (the numbers without their sign); -Int.min does
    //     not fit in an Int, so such a range's digits stop at Int.max.
    let magnitudes =
      isNegative
      ? max(0, -range.upperBound)...(range.lowerBound == .min ? .max : -range.lowerBound)
      : max(0, range.lowerBound)...range.upperBound
    guard let magnitude = Int(digits), magnitude <= magnitudes.upperBound else {
      return .refused(isNegative ? "At least \(range.lowerBound)" : "At most \(range.upperBound)")
    }
    if magnitudes.contains(magnitude) { return .inRange(isNegative ? -magnitude : magnitude) }
    // NB: A leading zero starts no number but 0 itself.
    guard magnitude > 0, canGrow(magnitude, into: magnitudes) else {
      return .refused("From \(range.lowerBound) to \(range.upperBound)")
    }
    return .onItsWay
  }

  /// The number `typed` spells as a person reads it (a range of negative numbers only takes
  /// digits alone) when it is on its way into the range, else `nil`: the stepper shows it in
  /// place of its value.
  func pending(_ typed: String) -> String? {
    guard !typed.isEmpty, number(typed) == .onItsWay else { return nil }
    return (range.upperBound < 0 ? Self.minus : "") + typed
  }

  /// What the status line says while typed digits are on their way into the range.
  func onItsWayNotice(_ typed: String) -> String {
    "\(pending(typed) ?? typed) so far: more digits make a number from \(range.lowerBound) to \(range.upperBound)"
  }

  /// Whether more digits after `magnitude` can make a number in `magnitudes`.
  private func canGrow(_ magnitude: Int, into magnitudes: ClosedRange<Int>) -> Bool {
    var scale = 1
    while true {
      let (grown, overflow) = scale.multipliedReportingOverflow(by: 10)
      guard !overflow else { return false }
      scale = grown
      let (first, overflowFirst) = magnitude.multipliedReportingOverflow(by: scale)
      guard !overflowFirst, first <= magnitudes.upperBound else { return false }
      // NB: The numbers these digits start: first...first + scale - 1.
      if first + (scale - 1) >= magnitudes.lowerBound { return true }
    }
  }
}
