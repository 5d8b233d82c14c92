import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender

@Suite struct ProgressBackdropTests {
  /// A canvas with text in `style`, the backdrop's typical content.
  func picture(_ style: Style) -> Canvas {
    var canvas = Canvas(width: 6, height: 2, style: style)
    canvas.draw("photo", x: 0, y: 0, style: style)
    return canvas
  }

  func render(_ type: ProgressorType, over canvas: Canvas) throws -> Canvas {
    var indicators = ProgressIndicators<Int>(timing: .instant)
    try indicators.start(in: 0, type, at: .zero)
    var result = canvas
    indicators.render(0, into: &result, area: result.bounds, at: .zero, glyphs: .unicode)
    return result
  }

  @Test func colourBackdropBlendsEveryBackgroundHalfWayToWhite() throws {
    let tinted = try render(.color(), over: picture(Style(foreground: .black, background: .blue)))
    expectCanvas(tinted, ["photo", ""], "the text stays")
    #expect(tinted[0, 0].style == Style(foreground: .black, background: .rgb(128, 189, 255)))
    #expect(tinted[5, 1].style.background == .rgb(128, 189, 255))
  }

  @Test func colourBackdropOnTheDefaultBackgroundIsAGrey() throws {
    let tinted = try render(.color(), over: picture(.plain))
    #expect(tinted[2, 1].style == Style(background: .rgb(128, 128, 128)))
    let red = try render(.color(.init(color: .red, opacity: 1)), over: picture(.plain))
    #expect(red[2, 1].style.background == .red)
  }

  @Test func lightBlurDimsTowardWhite() throws {
    let blurred = try render(
      .blur(.light), over: picture(Style(foreground: .black, background: .rgb(100, 100, 100))))
    expectCanvas(blurred, ["photo", ""])
    // Background 60 % toward white: 100 + 0.6 × 155 = 193; text half-way to it.
    #expect(
      blurred[0, 0].style
        == Style(foreground: .rgb(97, 97, 97), background: .rgb(193, 193, 193), attributes: .dim))
  }

  @Test func darkBlurDimsTowardBlack() throws {
    let blurred = try render(
      .blur(.dark), over: picture(Style(foreground: .white, background: .rgb(100, 100, 100))))
    #expect(
      blurred[0, 0].style
        == Style(foreground: .rgb(148, 148, 148), background: .rgb(40, 40, 40), attributes: .dim))
  }

  @Test func blurWithoutKnownColoursOnlyDims() throws {
    let blurred = try render(.blur(), over: picture(.plain))
    #expect(blurred[0, 0].style == Style(attributes: .dim))
    #expect(blurred[5, 1].style == Style(attributes: .dim))
  }

  @Test func dismissableDrawsNothingAndKnowsItsKeys() throws {
    let canvas = try render(.dismissable, over: picture(.plain))
    #expect(canvas == picture(.plain))
    for key in [Key.escape, .enter, .character(" "), .character("q")] {
      #expect(DismissableProgressor.dismisses(key))
    }
    #expect(!DismissableProgressor.dismisses(.character("x")))
    #expect(!DismissableProgressor.dismisses(.tab))
  }
}
