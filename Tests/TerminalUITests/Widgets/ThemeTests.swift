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
}
