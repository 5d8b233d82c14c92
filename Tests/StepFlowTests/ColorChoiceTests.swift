import Testing

@testable import StepFlow

@Suite struct ColorChoiceTests {
  @Test func colourChoiceFollowsTheConventions() {
    let tty = ["TERM": "xterm-256color"]
    #expect(ColorChoice.auto.depth(environment: tty, isTerminal: true) == .ansi256)
    #expect(ColorChoice.auto.depth(environment: tty, isTerminal: false) == nil)
    #expect(
      ColorChoice.auto.depth(environment: ["NO_COLOR": "1", "TERM": "xterm"], isTerminal: true)
        == nil)
    #expect(
      ColorChoice.auto.depth(
        environment: ["CLICOLOR_FORCE": "1", "TERM": "xterm"], isTerminal: false)
        == .ansi16)
    #expect(ColorChoice.never.depth(environment: tty, isTerminal: true) == nil)
    #expect(ColorChoice.always.depth(environment: ["TERM": "dumb"], isTerminal: false) == .ansi16)
  }
}
