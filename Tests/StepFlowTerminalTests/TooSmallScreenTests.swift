import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender
@testable import StepFlowTerminal

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

  /// A hint wider than the screen (the y/n question) wraps onto the rows left.
  @Test func aWideHintWraps() {
    let screen = TooSmallScreen(
      need: (30, 11), have: (24, 6), glyphs: .unicode,
      quitHint: "Quit and lose your answers? y/n")
    expectCanvas(
      screen.canvas(),
      [
        "", "   terminal too small", " need 30×11, have 24×6", "   Quit and lose your",
        "      answers? y/n", "",
      ])
  }

  /// Narrower than the sizes, they go on two rows ("have 20×" was cut at 20 columns).
  @Test func theSizesWrapWhenNarrow() {
    let screen = TooSmallScreen(need: (30, 11), have: (20, 6), glyphs: .unicode)
    expectCanvas(
      screen.canvas(),
      [
        "", " terminal too small", "    need 30×11,", "     have 20×6", "q or Ctrl-C to quit", "",
      ])
  }

  @Test func cutAtTheEdgeWhenEvenThatDoesNotFit() {
    let screen = TooSmallScreen(need: (60, 20), have: (10, 1), glyphs: .ascii)
    expectCanvas(screen.canvas(), ["terminal t"])
  }
}
