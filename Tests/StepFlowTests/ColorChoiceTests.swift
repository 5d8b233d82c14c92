import Testing

@testable import StepFlow

@Suite struct ColorChoiceTests {
  @Test func colourChoiceFollowsTheConventions() {
    let tty = ["TERM": "xterm-256color"]
    #expect(ColorChoice.depth(choice: "auto", environment: tty, isTerminal: true) == .ansi256)
    #expect(ColorChoice.depth(choice: "auto", environment: tty, isTerminal: false) == nil)
    #expect(
      ColorChoice.depth(
        choice: "auto", environment: ["NO_COLOR": "1", "TERM": "xterm"], isTerminal: true)
        == nil)
    #expect(
      ColorChoice.depth(
        choice: "auto", environment: ["CLICOLOR_FORCE": "1", "TERM": "xterm"], isTerminal: false)
        == .ansi16)
    #expect(ColorChoice.depth(choice: "never", environment: tty, isTerminal: true) == nil)
    #expect(
      ColorChoice.depth(choice: "always", environment: ["TERM": "dumb"], isTerminal: false)
        == .ansi16)
  }
}
