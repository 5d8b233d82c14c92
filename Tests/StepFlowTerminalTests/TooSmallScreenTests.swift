import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender
@testable import StepFlowTerminal

@Suite struct TooSmallScreenTests {
  @Test func oneCentredLineWhenItFits() {
    let screen = TooSmallScreen(need: (60, 20), have: (50, 3), glyphs: .unicode)
    expectCanvas(
      screen.canvas(),
      ["", "    terminal too small (need 60×20, have 50×3)", ""])
    #expect(screen.canvas()[4, 1].style == Style.plain.bold)
  }

  @Test func twoLinesWhenNarrowAndAsciiWithAsciiGlyphs() {
    let screen = TooSmallScreen(need: (60, 20), have: (24, 4), glyphs: .ascii)
    expectCanvas(screen.canvas(), ["", "   terminal too small", " need 60x20, have 24x4", ""])
    #expect(screen.canvas().plainText.utf8.allSatisfy { $0 < 0x80 })
  }

  @Test func cutAtTheEdgeWhenEvenThatDoesNotFit() {
    let screen = TooSmallScreen(need: (60, 20), have: (10, 1), glyphs: .ascii)
    expectCanvas(screen.canvas(), ["terminal t"])
  }
}
