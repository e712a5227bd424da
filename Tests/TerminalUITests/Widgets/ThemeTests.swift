import Testing

@testable import TerminalUI

@Suite struct ThemeTests {
  @Test func monochromeKeepsAttributesAndDropsColours() {
    let mono = Theme.monochrome
    #expect(mono.error == Style(attributes: .bold))
    #expect(mono.focusedControl == Style(attributes: [.reverse, .bold]))
    #expect(mono.focusedLabel == Style(attributes: .bold))
  }

  @Test func everyRoleThatMustStandOutStillDoesWithoutColour() {
    let mono = Theme.monochrome
    #expect(mono.focusedControl != mono.control)
    #expect(mono.focusedControl != mono.text)
    #expect(mono.focusedLabel != mono.label)
    #expect(mono.focusedButton != mono.button)
    #expect(mono.dimmedButton != mono.button)
    #expect(mono.focusedDimmedButton != mono.dimmedButton)
    #expect(mono.placeholder != mono.text)
    #expect(mono.error != mono.label)
  }

  @Test func resolveHonoursNoColorAndDumbTerminals() {
    #expect(Theme.resolve(environment: [:]) == .color)
    #expect(Theme.resolve(environment: ["NO_COLOR": "1"]) == .monochrome)
    #expect(Theme.resolve(environment: ["NO_COLOR": ""]) == .color)
    #expect(Theme.resolve(environment: ["TERM": "dumb"]) == .monochrome)
    #expect(Theme.resolve(environment: ["TERM": "xterm-256color"]) == .color)
  }

  /// A theme of your own (what `FormLayout.run(theme:)` draws with) is kept as it is, and
  /// loses its colours, not its attributes, where colour is off.
  @Test func resolveKeepsAThemeOfYourOwnAndTakesItsColoursAway() {
    var mine = Theme.color
    mine.focusedLabel = Style(foreground: .magenta, attributes: [.bold, .underline])
    #expect(Theme.resolve(environment: ["TERM": "xterm-256color"], theme: mine) == mine)
    let plain = Theme.resolve(environment: ["NO_COLOR": "1"], theme: mine)
    #expect(plain == mine.withoutColors())
    #expect(plain.focusedLabel == Style(attributes: [.bold, .underline]))
    #expect(Theme.resolve(environment: ["TERM": "dumb"], theme: mine) == mine.withoutColors())
  }
}
