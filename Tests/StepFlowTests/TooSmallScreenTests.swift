import StepFlowTestSupport
import Testing

@testable import StepFlow

@Suite struct TooSmallScreenTests {
  @Test func oneCentredLineAndHowToQuitWhenItFits() {
    let screen = TooSmallScreen(need: (60, 20), have: (50, 4), glyphs: .unicode)
    expectCanvas(
      screen.canvas(),
      [
        "", "    terminal too small (need 60×20, have 50×4)", "               q or Ctrl-C to quit",
        "",
      ])
    #expect(screen.canvas()[4, 1].style == Style.plain.bold)
  }

  @Test func twoLinesWhenNarrowAndAsciiWithAsciiGlyphs() {
    let screen = TooSmallScreen(need: (60, 20), have: (24, 4), glyphs: .ascii)
    expectCanvas(
      screen.canvas(),
      ["   terminal too small", " need 60x20, have 24x4", "  q or Ctrl-C to quit", ""])
    #expect(screen.canvas().plainText.utf8.allSatisfy { $0 < 0x80 })
  }

  /// With two rows the sentence and how to quit; the program chooses the hint.
  @Test func twoRowsKeepHowToQuit() {
    let screen = TooSmallScreen(
      need: (30, 11), have: (24, 2), glyphs: .unicode, quitHint: "Ctrl-C to quit")
    expectCanvas(screen.canvas(), ["terminal too small (need", "     Ctrl-C to quit"])
  }

  /// A flow says `q` quits, except while a text field has the focus (`q` is typed there).
  @Test func aFlowSaysHowToQuit() throws {
    var program = FlowProgram(flow: OrderState.flow, options: FlowOptions())
    #expect(program.quitHint == "q or Ctrl-C to quit")
    #expect(program.minimumSize == (30, 11))
    program.apply(.next, at: .zero)
    program.apply(try Command.parse("tab 2"), at: .zero)
    program.apply(.enter, at: .zero)
    #expect(
      program.quitHint == "Ctrl-C to quit", "\(String(describing: program.state.editor?.focus))")
  }

  @Test func cutAtTheEdgeWhenEvenThatDoesNotFit() {
    let screen = TooSmallScreen(need: (60, 20), have: (10, 1), glyphs: .ascii)
    expectCanvas(screen.canvas(), ["terminal t"])
  }
}
