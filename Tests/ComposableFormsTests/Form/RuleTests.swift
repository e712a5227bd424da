import ComposableForms
import Testing

/// Every ready-made rule, and how `Validate` combines them.
struct RuleTests {
  // MARK: - Ready-made rules

  @Test(arguments: [
    "", " ", "   ", "\t", "\n", " \t\n ", "\u{00A0}", "\r\n", " \u{3000} ", "\u{00A0}\t", "\t\u{2003}",
    // Invisible characters alone: a zero-width space, joiner, word joiner, byte order mark.
    "\u{200B}", " \u{200B}\u{200B} ", "\u{200D}", "\u{2060}\u{FEFF}", "\u{200B} \u{FE0F}",
  ])
  func requiredRejectsEmptyWhitespaceAndInvisibleOnly(value: String) {
    #expect(Rule<String>.required("Required").validate(value) == "Required")
  }

  @Test(arguments: [
    "a", " a ", "Blob", "\tx\n", "😀", " e\u{301} ", "\u{00A0}a\u{00A0}", "a\u{3000}", " 日本 ",
    "\u{200B}a", "é", "\u{200D}😀",
  ])
  func requiredAcceptsAnythingWithAVisibleCharacter(value: String) {
    #expect(Rule<String>.required("Required").validate(value) == nil)
  }

  enum Plan: Equatable { case free, pro }
  struct Order: Equatable { @BindingState var plan: Plan? }
  enum OrderField: FormField { case plan }

  @Test func requiredOnAnOptionalWantsAValue() {
    let rules = FormRules<Order, OrderField>(Validate(.plan, \.$plan, .required("Choose a plan")))
    #expect(rules.syncError(for: .plan, in: Order(plan: nil)) == "Choose a plan")
    #expect(rules.syncError(for: .plan, in: Order(plan: .free)) == nil)
  }

  @Test func requiredOnAnOptionalTextWantsVisibleText() {
    let rule = Rule<String?>.required("Required")
    #expect(rule.validate(nil) == "Required")
    #expect(rule.validate("  ") == "Required")
    #expect(rule.validate("\u{200B}") == "Required")
    #expect(rule.validate(" a ") == nil)
  }

  @Test func containsLooksForTheWholeText() {
    let rule = Rule<String>.contains("@", "Needs an @")
    #expect(rule.validate("blob@") == nil)
    #expect(rule.validate("@") == nil)
    #expect(rule.validate("blob") == "Needs an @")
    #expect(rule.validate("") == "Needs an @")
    let word = Rule<String>.contains("ab", "Needs ab")
    #expect(word.validate("xaby") == nil)
    #expect(word.validate("a b") == "Needs ab")
  }

  @Test(arguments: [
    "blob@example.com", "b@e.co", "first.last@sub.example.org", " blob@example.com ",
    "blob+tag@example.com",
  ])
  func emailAcceptsGoodShapes(value: String) {
    #expect(Rule<String>.email("Bad email").validate(value) == nil)
  }

  @Test(arguments: [
    "", "blob", "blob@", "@example.com", "blob@example", "blob@.com", "blob@example.",
    "blob@@example.com", "bl ob@example.com", "blob@exa mple.com", "a@b@c.com",
    "bl\tob@example.com", "blob@.example.com", "blob@example..com",
    "zw\u{200B}@example.com", "blob@exam\u{2060}ple.com", "\u{202E}moc.elpmaxe@bolb",
  ])
  func emailRejectsBadShapes(value: String) {
    #expect(Rule<String>.email("Bad email").validate(value) == "Bad email")
  }

  /// With `allowsHostAlone`, a domain of one label passes; every other shape is still refused.
  @Test func emailWithAHostAloneTakesOneLabelAndNothingLooser() {
    let rule = Rule<String>.email("Bad email", allowsHostAlone: true)
    #expect(rule.validate("ops@localhost") == nil)
    #expect(rule.validate("blob@example.com") == nil)
    for bad in ["blob@", "@localhost", "blob@.", "blob@localhost.", "a@b@c", "bl ob@localhost"] {
      #expect(rule.validate(bad) == "Bad email", "\(bad)")
    }
  }

  @Test func maxLengthCountsGraphemesAsAPersonCountsThem() {
    let rule = Rule<String>.maxLength(3, "Too long")
    #expect(rule.validate("") == nil)
    #expect(rule.validate("abc") == nil)
    #expect(rule.validate("abcd") == "Too long")
    // One family emoji is seven scalars but one character.
    #expect(rule.validate("👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦") == nil)
    #expect(rule.validate("👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦") == "Too long")
    // "e" plus a combining accent is one character, as are flags.
    #expect(rule.validate("e\u{301}e\u{301}e\u{301}") == nil)
    #expect(rule.validate("🇫🇷🇯🇵🇧🇷") == nil)
    #expect(rule.validate("日本語") == nil)
    #expect(rule.validate("日本語だ") == "Too long")
  }

  @Test func rangeIncludesBothEnds() {
    let rule = Rule<Int>.range(0...150, "Out of range")
    #expect(rule.validate(-1) == "Out of range")
    #expect(rule.validate(0) == nil)
    #expect(rule.validate(75) == nil)
    #expect(rule.validate(150) == nil)
    #expect(rule.validate(151) == "Out of range")
    let letters = Rule<String>.range("b"..."d", "Not b to d")
    #expect(letters.validate("c") == nil)
    #expect(letters.validate("a") == "Not b to d")
  }

  @Test func atLeastIncludesTheMinimum() {
    let rule = Rule<Int>.atLeast(18, "Too young")
    #expect(rule.validate(17) == "Too young")
    #expect(rule.validate(18) == nil)
    #expect(rule.validate(Int.max) == nil)
    #expect(rule.validate(Int.min) == "Too young")
    #expect(Rule<Double>.atLeast(0.5, "Too small").validate(0.49) == "Too small")
  }

  @Test func customRunsTheClosureAndMatchesInit() {
    let even = Rule<Int>.custom { $0.isMultiple(of: 2) ? nil : "Must be even" }
    #expect(even.validate(4) == nil)
    #expect(even.validate(3) == "Must be even")
    let same = Rule<Int> { $0.isMultiple(of: 2) ? nil : "Must be even" }
    for value in -3...3 { #expect(even.validate(value) == same.validate(value)) }
  }

  // MARK: - Validate

  struct Account: Equatable {
    var name = ""
    var password = ""
    var confirmation = ""
    var enabled = true
  }

  enum Field: FormField { case name, password, confirmation }

  @Test func severalRulesTheFirstFailingMessageWins() {
    let rules = FormRules<Account, Field>(
      Validate(
        .name, \.name,
        .required("Required"),
        .maxLength(5, "At most 5"),
        .custom { $0.first?.isUppercase == true ? nil : "Capital first" }))
    #expect(rules.syncError(for: .name, in: Account(name: "  ")) == "Required")
    #expect(rules.syncError(for: .name, in: Account(name: "blobbyx")) == "At most 5")
    #expect(rules.syncError(for: .name, in: Account(name: "Blobbyx")) == "At most 5")
    #expect(rules.syncError(for: .name, in: Account(name: "blob")) == "Capital first")
    #expect(rules.syncError(for: .name, in: Account(name: "Blob")) == nil)
  }

  struct Profile: Equatable {
    @BindingState var nickname = ""
    @BindingState var age = 30
  }

  enum ProfileField: FormField { case nickname, age }

  @Test func aCheckOfABindableFieldNeedsNoTypeForItsValue() {
    // `\.$nickname` also reads as a key path to a Hashable `BindingState<String>`: the binding's
    // overload must win without the closure naming its parameter's type.
    let rules = FormRules<Profile, ProfileField>(
      Validate(.nickname, \.$nickname).checked(\.$nickname) { _ in nil },
      Validate(.age, \.$age).checked(\.age) { age in age > 150 ? "Really?" : nil })
    #expect(rules.checkedFields == [.nickname, .age])
    #expect(rules.bindings[.nickname] == BoundKeyPath(\Profile.$nickname), "the bindable field, even with no rule")
  }

  @Test func aRuleReadsABindableFieldByItsBinding() {
    let rules = FormRules<Profile, ProfileField>(
      Validate(.nickname, \.$nickname, .required("Required"), .maxLength(4, "At most 4")),
      Validate(.age, \.$age, .atLeast(18, "Too young")))
    var profile = Profile()
    #expect(rules.syncError(for: .nickname, in: profile) == "Required")
    #expect(rules.syncError(for: .age, in: profile) == nil)
    BindingAction<Profile>.set(\.$nickname, "Blobby").apply(to: &profile)
    profile.age = 12
    #expect(rules.syncError(for: .nickname, in: profile) == "At most 4")
    #expect(rules.syncError(for: .age, in: profile) == "Too young")
    profile.nickname = "Blob"
    #expect(rules.syncError(for: .nickname, in: profile) == nil)
  }

  @Test func twoValidatesForOneFieldRunInOrder() {
    let rules = FormRules<Account, Field>(
      Validate(.name, \.name, .required("Required")),
      Validate(.name, \.name, .maxLength(3, "At most 3")))
    #expect(rules.syncError(for: .name, in: Account(name: "")) == "Required")
    #expect(rules.syncError(for: .name, in: Account(name: "Blob")) == "At most 3")
    #expect(rules.syncError(for: .name, in: Account(name: "Bo")) == nil)
  }

  @Test func stateClosureInitialiserSeesTheWholeState() {
    let rules = FormRules<Account, Field>(
      Validate(.password, \.password, .required("Choose a password")),
      Validate(.confirmation) { state in
        state.confirmation == state.password ? nil : "Passwords differ"
      })
    #expect(rules.syncError(for: .confirmation, in: Account(password: "a", confirmation: "a")) == nil)
    #expect(
      rules.syncError(for: .confirmation, in: Account(password: "a", confirmation: "b"))
        == "Passwords differ")
    #expect(rules.syncError(for: .password, in: Account()) == "Choose a password")
  }

  @Test func aFieldWithoutRulesIsValidAndADisabledFieldHasNoError() {
    let rules = FormRules<Account, Field>(
      Validate(.password, \.password, .required("Choose a password")),
      isEnabled: { state, field in field == .password ? state.enabled : true })
    #expect(rules.syncError(for: .name, in: Account()) == nil)
    #expect(rules.syncError(for: .password, in: Account()) == "Choose a password")
    #expect(rules.syncError(for: .password, in: Account(enabled: false)) == nil)
    #expect(!rules.isEnabled(.password, in: Account(enabled: false)))
    #expect(rules.isValid(Account(enabled: false), form: FormState<Field>()))
    #expect(!rules.isValid(Account(), form: FormState<Field>()))
  }
}

@Suite struct HiddenCharacterRuleTests {
  @Test func spacesInsideAndInvisibleCharactersAreRefused() {
    let rule = Rule<String>.noHiddenCharacters("Hidden")
    for bad in ["a b@example.com", "zw\u{200B}@example.com", "a\u{200C}b", "a\u{2060}b", "\u{FEFF}ab", "a\u{AD}b",
      "a\u{180E}b", "a\u{E0041}b", "a\u{202E}b", "a\u{3000}b"] {
      #expect(rule.validate(bad) == "Hidden", "\(bad.debugDescription)")
    }
    for good in ["ada@example.com", " ada@example.com ", "josé@example.es", "", "漢字@例え.jp"] {
      #expect(rule.validate(good) == nil, "\(good)")
    }
  }
}

@Suite struct ControlCharacterRuleTests {
  @Test func controlCharactersAreRefusedAndEverythingElseIsNot() {
    let rule = Rule<String>.noControlCharacters("No control characters")
    for bad in ["a\u{0}b", "tab\there", "line\nbreak", "del\u{7F}", "c1\u{9B}", "\u{1B}[2J", "x\u{202E}y", "\u{2066}a\u{2069}"] {
      #expect(rule.validate(bad) == "No control characters", "\(bad.debugDescription)")
    }
    for good in ["Ada Lovelace", "é漢字👍", "", "a-b_c.d@e", "👨\u{200D}👩\u{200D}👧", "می\u{200C}خواهم"] {
      #expect(rule.validate(good) == nil, "\(good)")
    }
  }
}
