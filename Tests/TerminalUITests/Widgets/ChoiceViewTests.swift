import Testing

@testable import TerminalUI

@Suite struct ToggleViewTests {
  @Test func onAndOff() {
    #expect(rendered(ToggleView(isOn: true)).lines == ["[x] On"])
    #expect(rendered(ToggleView(isOn: false)).lines == ["[ ] Off"])
    #expect(rendered(ToggleView(isOn: true, onLabel: "Yes", offLabel: "No")).lines == ["[x] Yes"])
  }

  @Test func stylesFollowFocusAndAvailability() {
    let theme = Theme.color
    #expect(rendered(ToggleView(isOn: true)).style(column: 0) == theme.control)
    #expect(rendered(ToggleView(isOn: true, isFocused: true)).style(column: 5) == theme.focusedControl)
    #expect(rendered(ToggleView(isOn: true, isFocused: true, isDisabled: true)).style(column: 0) == theme.disabled)
  }
}

@Suite struct PickerViewTests {
  private let digests = ["Daily", "Weekly", "Off"]

  @Test func focusedShowsArrowsAroundTheSelection() {
    let picker = PickerView(options: digests, selectedIndex: 1, isFocused: true)
    #expect(rendered(picker).lines == ["‹ Weekly ›"])
    #expect(rendered(picker).style(column: 0) == Theme.color.focusedControl)
  }

  @Test func arrowsStayPutWhileCycling() {
    #expect(rendered(PickerView(options: digests, selectedIndex: 2, isFocused: true)).lines == ["‹ Off    ›"])
  }

  @Test func unfocusedShowsTheBareOption() {
    #expect(rendered(PickerView(options: digests, selectedIndex: 0)).lines == ["Daily"])
  }

  @Test func disabledShowsNoArrowsAndIsDimmed() {
    let picker = PickerView(options: digests, selectedIndex: 0, isFocused: true, isDisabled: true)
    #expect(rendered(picker).lines == ["Daily"])
    #expect(rendered(picker).style(column: 0) == Theme.color.disabled)
  }

  @Test func outOfRangeSelectionShowsNoOption() {
    #expect(rendered(PickerView(options: digests, selectedIndex: 7, isFocused: true)).lines == ["‹        ›"])
    #expect(rendered(PickerView(options: [], selectedIndex: 0, isFocused: true)).lines == ["‹  ›"])
  }
}

@Suite struct StepperViewTests {
  @Test func focusedShowsMarkers() {
    #expect(rendered(StepperView(value: 18, range: 0...150, isFocused: true)).lines == ["‹ 18 ›"])
    #expect(rendered(StepperView(value: 18, markers: .signs, isFocused: true)).lines == ["- 18 +"])
    // Digits on their way into the range show in place of the value, while focused only.
    #expect(rendered(StepperView(value: 8080, range: 1024...65535, pending: "3", isFocused: true)).lines == ["‹ 3… ›"])
    #expect(rendered(StepperView(value: 8080, range: 1024...65535, pending: "3")).lines == ["8080"])
  }

  @Test func unfocusedShowsTheBareNumber() {
    #expect(rendered(StepperView(value: 18)).lines == ["18"])
    #expect(rendered(StepperView(value: 18)).style(column: 0) == Theme.color.control)
  }

  @Test func boundsHideTheBlockedMarker() {
    #expect(rendered(StepperView(value: 0, range: 0...150, isFocused: true)).lines == ["  0 ›"])
    #expect(rendered(StepperView(value: 150, range: 0...150, markers: .signs, isFocused: true)).lines == ["- 150"])
  }

  @Test func disabledIsDimmedWithoutMarkers() {
    let stepper = StepperView(value: 3, isFocused: true, isDisabled: true)
    #expect(rendered(stepper).lines == ["3"])
    #expect(rendered(stepper).style(column: 0) == Theme.color.disabled)
  }
}

@Suite struct ButtonViewTests {
  @Test func drawsTheTitleInBrackets() {
    #expect(rendered(ButtonView(title: "Save")).lines == ["[ Save ]"])
    #expect(ButtonView(title: "Save").width == 8)
  }

  @Test func stylesForFocusAndDimming() {
    let theme = Theme.color
    #expect(rendered(ButtonView(title: "Save")).style(column: 0) == theme.button)
    #expect(rendered(ButtonView(title: "Save", isFocused: true)).style(column: 0) == theme.focusedButton)
    #expect(rendered(ButtonView(title: "Save", isDimmed: true)).style(column: 0) == theme.dimmedButton)
    let both = rendered(ButtonView(title: "Save", isFocused: true, isDimmed: true))
    #expect(both.lines == ["[ Save ]"])
    #expect(both.style(column: 7) == theme.focusedDimmedButton)
  }

  @Test func clippedToItsArea() {
    #expect(rendered(ButtonView(title: "Cancel"), columns: 6).lines == ["[ Canc"])
  }
}
