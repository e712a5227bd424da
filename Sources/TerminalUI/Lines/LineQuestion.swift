import ComposableForms
import IssueReporting

/// How a control is asked in the accessible line mode (``FormLayout/runLines(_:channel:)``):
/// its value in words, its options (numbered), what an answer looks like, and how an answer
/// becomes a binding action.
///
/// The built-in controls have one. Give a control of your own one with
/// ``FormControl/asked(_:)``; without it, line mode types the answer into the control key by
/// key, as if it had been typed in the form.
///
/// ```swift
/// Rating("Stars", \.$stars).asked(LineQuestion(
///   current: { "\($0.stars)" }, hint: "a number from 0 to 5",
///   answer: { text, _ throws(MisunderstoodAnswer) in
///     guard let stars = Int(text), (0...5).contains(stars) else { throw MisunderstoodAnswer("Type a number from 0 to 5") }
///     return .set(\.$stars, stars)
///   }))
/// ```
public struct LineQuestion<State> {
  /// The value as it reads now, shown in brackets after the question ("Weekly", "on"); empty
  /// for no value.
  public var current: (State) -> String
  /// The options an answer picks among, listed before the question.
  public var options: [String]
  /// Whether the options are listed with their numbers (answers may be numbers): not when
  /// options are numbers at other places (``OptionMatcher/numbersArePlaces(in:)``), which an
  /// ``OptionMatcher`` of them reads as written.
  public var isNumbered: Bool { OptionMatcher.numbersArePlaces(in: options) }
  /// Whether an option is chosen now (marked in the list).
  public var isChosen: (State, Int) -> Bool
  /// What an answer looks like, said with the question: "y or n", "a number from 0 to 150".
  public var hint: String
  /// Whether what is typed is a secret, not shown as it is typed nor echoed back.
  public var isSecret: Bool
  /// The binding action an answer stands for (`nil` when it changes nothing), or why the
  /// answer was not understood. An empty answer never reaches it: it keeps the value.
  public var answer: (_ text: String, _ state: State) throws(MisunderstoodAnswer) -> BindingAction<State>?

  public init(
    current: @escaping (State) -> String,
    options: [String] = [],
    isChosen: @escaping (State, Int) -> Bool = { _, _ in false },
    hint: String = "",
    isSecret: Bool = false,
    answer: @escaping (_ text: String, _ state: State) throws(MisunderstoodAnswer) -> BindingAction<State>?
  ) {
    self.current = current
    self.options = options
    self.isChosen = isChosen
    self.hint = hint
    self.isSecret = isSecret
    self.answer = answer
  }

  /// A question whose `answer` throws any error: the error's description is what the person
  /// reads (a ``MisunderstoodAnswer`` its message), so a plain `throws` closure needs no
  /// spelled-out error type.
  @_disfavoredOverload
  public init(
    current: @escaping (State) -> String,
    options: [String] = [],
    isChosen: @escaping (State, Int) -> Bool = { _, _ in false },
    hint: String = "",
    isSecret: Bool = false,
    answer: @escaping (_ text: String, _ state: State) throws -> BindingAction<State>?
  ) {
    self.init(
      current: current, options: options, isChosen: isChosen, hint: hint, isSecret: isSecret,
      answer: { text, state throws(MisunderstoodAnswer) in
        do {
          return try answer(text, state)
        } catch let misunderstood as MisunderstoodAnswer {
          throw misunderstood
        } catch {
          throw MisunderstoodAnswer(String(describing: error))
        }
      })
  }
}

/// An answer that was not understood in line mode, and what to type instead.
public struct MisunderstoodAnswer: Error, Hashable, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}

/// The words a yes-or-no answer is typed as, in line mode and in `--set`.
public enum YesOrNo {
  public static let yes = ["y", "yes", "on", "true", "1"]
  public static let no = ["n", "no", "off", "false", "0"]

  /// `true` or `false` for one of the words (case aside, spaces around it), else `nil`.
  public static func answer(_ text: String) -> Bool? {
    let word = text.trimmingSpaces.lowercased()
    if yes.contains(word) { return true }
    if no.contains(word) { return false }
    return nil
  }
}

extension LineQuestion {
  /// A yes-or-no question: one of ``YesOrNo``'s words, or the control's own `yes` or `no`.
  static func yesOrNo(
    _ keyPath: WritableKeyPath<State, BindingState<Bool>>, yes: String, no: String
  ) -> LineQuestion {
    LineQuestion(
      current: { $0[keyPath: keyPath].wrappedValue ? yes : no },
      hint: "y or n",
      answer: { text, _ throws(MisunderstoodAnswer) in
        if let answer = YesOrNo.answer(text) { return .set(keyPath, answer) }
        switch text.trimmingSpaces.lowercased() {
        case yes.lowercased(): return .set(keyPath, true)
        case no.lowercased(): return .set(keyPath, false)
        default: throw MisunderstoodAnswer("Type y for \(yes) or n for \(no)")
        }
      })
  }

  /// A text answer, made fit by `clean`: only spaces clear the text (an empty answer never
  /// gets here: it keeps it), and more than `maxLength` characters are refused.
  static func textAnswer(
    _ keyPath: WritableKeyPath<State, BindingState<String>>, maxLength: Int?,
    clean: @escaping (String) -> String
  ) -> (_ text: String, _ state: State) throws(MisunderstoodAnswer) -> BindingAction<State>? {
    { text, _ throws(MisunderstoodAnswer) in
      let value = text.allSatisfy(\.isWhitespace) ? "" : clean(text)
      // NB: An answer of control characters alone (Esc, then Enter) is no value: taken, it
      //     emptied the field without a word.
      if value.isEmpty && !text.allSatisfy(\.isWhitespace) {
        throw MisunderstoodAnswer("Type the text (Enter keeps the value, a space clears it)")
      }
      if let maxLength, value.count > maxLength {
        throw MisunderstoodAnswer("At most \(maxLength) characters")
      }
      return .set(keyPath, value)
    }
  }

  /// One choice among numbered options: its number or its title (as ``OptionMatcher`` finds
  /// it: a number up to the count is a place, as the list is numbered, so "3" among the
  /// options 10, 20 and 30 is 30; any other answer is a title). Options that are numbers at
  /// other places (1, 2, 4, 8) are listed without numbers and answered as written.
  /// A value the options do not hold (a list whose options follow the state) reads as `title`
  /// makes it, so Enter is not seen to keep nothing; with no options (names still loading), any
  /// answer but Enter is refused.
  static func oneOf<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, BindingState<Value>>, options: [Value], titles: [String],
    title: ((Value) -> String)? = nil,
    matchKey: @escaping @Sendable (String) -> String = { $0.lowercased() }
  ) -> LineQuestion {
    let current: (State) -> String = { state in
      let value = state[keyPath: keyPath].wrappedValue
      return options.firstIndex(of: value).map { titles[$0] } ?? title?(value) ?? ""
    }
    if options.isEmpty { return .noOptions(current: current) }
    let matcher = OptionMatcher(titles, matchKey: matchKey)
    return LineQuestion(
      current: current,
      options: titles,
      isChosen: { state, index in options[index] == state[keyPath: keyPath].wrappedValue },
      hint: matcher.numbersArePlaces ? "a number from 1 to \(titles.count)" : "an option as it is written",
      answer: { text, _ throws(MisunderstoodAnswer) in
        guard let index = matcher.index(of: text, orNumber: true) else {
          if let ambiguity = matcher.ambiguity(of: text, in: titles) {
            throw MisunderstoodAnswer(
              "\(text.trimmingSpaces) \(ambiguity): type \(matcher.numbersArePlaces ? "its number, or " : "")one as it is written")
          }
          throw MisunderstoodAnswer(
            matcher.numbersArePlaces
              ? "Type a number from 1 to \(titles.count), or an option as it is written"
              : "Type one of the options as it is written")
        }
        return .set(keyPath, options[index])
      })
  }

  /// A list's question while it has no options: Enter keeps the value, anything else is refused.
  static func noOptions(current: @escaping (State) -> String) -> LineQuestion {
    LineQuestion(
      current: current, hint: "no options yet: Enter keeps the value",
      answer: { _, _ throws(MisunderstoodAnswer) in
        throw MisunderstoodAnswer("There are no options to choose from yet: Enter keeps the value")
      })
  }
}

extension FormControl {
  /// This control asked in line mode as `question` says (see ``LineQuestion``).
  public func asked(_ question: LineQuestion<State>) -> FormControl {
    FormControl(copying: self, line: .some({ _ in question }))
  }

  /// This control asked in line mode as `question` says in the state it is asked in: options
  /// of its own that follow the state, as a list's do (a `Select` given an `options` closure).
  public func asked(_ question: @escaping (State) -> LineQuestion<State>) -> FormControl {
    FormControl(copying: self, line: .some(question))
  }

  /// This control asked with another hint, where the form's rules narrow what its control
  /// takes: a stepper from 0 to 150 whose rule wants 18 or more says "a number from 18 to 150".
  ///
  /// ```swift
  /// Stepper("Age", \.$age, range: 0...150).answerHint("a number from 18 to 150")
  /// ```
  ///
  /// A control without a line question (one of your own not yet ``asked(_:)``) has no hint to
  /// replace: a debug build reports the call, which changes nothing.
  public func answerHint(
    _ hint: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line callLine: UInt = #line, column: UInt = #column
  ) -> FormControl {
    guard let question = line else {
      reportUnasked("answerHint", fileID: fileID, filePath: filePath, line: callLine, column: column)
      return self
    }
    return FormControl(
      copying: self,
      line: .some({ state in
        var asked = question(state)
        asked.hint = hint
        return asked
      }))
  }
}

extension FormControl {
  /// This control's refusals in the form's own words where it knows more than the control:
  /// `explain` gets a refused answer (trimmed) and the state, and returns what to say instead,
  /// or `nil` to keep the control's own ("Type a number from 1 to 3, ...").
  ///
  /// ```swift
  /// Select("Region", \.$region, options: { $0.country.regions }).answerRefusal { text, state in
  ///   Country.allRegions.contains(text) ? "\(text) is not a region of \(state.country.name)" : nil
  /// }
  /// ```
  ///
  /// A control without a line question (one of your own not yet ``asked(_:)``) refuses
  /// nothing in words: a debug build reports the call, which changes nothing.
  public func answerRefusal(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line callLine: UInt = #line, column: UInt = #column,
    _ explain: @escaping (_ text: String, _ state: State) -> String?
  ) -> FormControl {
    guard let question = line else {
      reportUnasked("answerRefusal", fileID: fileID, filePath: filePath, line: callLine, column: column)
      return self
    }
    return FormControl(
      copying: self,
      line: .some({ state in
        var asked = question(state)
        let answer = asked.answer
        asked.answer = { text, state throws(MisunderstoodAnswer) in
          do throws(MisunderstoodAnswer) {
            return try answer(text, state)
          } catch {
            throw explain(text.trimmingSpaces, state).map(MisunderstoodAnswer.init) ?? error
          }
        }
        return asked
      }))
  }
}

extension String {
  /// The text without spaces and tabs at either end.
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}

extension FormControl {
  /// Reports a line-mode modifier on a control without a line question, where it does nothing.
  func reportUnasked(
    _ modifier: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    #if DEBUG
      reportIssue(
        """
        .\(modifier) on the control "\(label)" does nothing: it has no line question (line mode \
        types its answer key by key). Give it one first with .asked(LineQuestion(...)).
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    #endif
  }
}
