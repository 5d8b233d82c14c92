import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender

/// Renders one indicator made of `types` at `ratio` on a blank canvas, with no fades, at `now`.
func renderProgress(
  _ types: [ProgressorType], ratio: Double, width: Int, height: Int,
  glyphs: GlyphStyle = .unicode, at now: Duration = .seconds(1)
) throws -> Canvas {
  var indicators = ProgressIndicators<String>(timing: .instant)
  try indicators.start(in: "r", types, at: .zero)
  indicators.update(ratio, in: "r", at: .zero)
  var canvas = Canvas(width: width, height: height)
  indicators.render("r", into: &canvas, area: canvas.bounds, at: now, glyphs: .for(glyphs))
  return canvas
}

@Suite struct ProgressBarTests {
  @Test func proportionalBarFillsWithEighthBlocks() throws {
    expectCanvas(try renderProgress([.bar()], ratio: 0, width: 10, height: 2), ["░░░░░░░░░░", ""])
    // 37 % of 10 cells is 29.6 eighths: three full cells and five eighths.
    expectCanvas(
      try renderProgress([.bar()], ratio: 0.37, width: 10, height: 2), ["███▋░░░░░░", ""])
    expectCanvas(try renderProgress([.bar()], ratio: 1, width: 10, height: 2), ["██████████", ""])
    expectCanvas(try renderProgress([.bar()], ratio: 0.0125, width: 10, height: 1), ["▏░░░░░░░░░"])
  }

  @Test func asciiBarUsesHashesAndDashesOnly() throws {
    expectCanvas(
      try renderProgress([.bar()], ratio: 0, width: 10, height: 1, glyphs: .ascii), ["----------"])
    expectCanvas(
      try renderProgress([.bar()], ratio: 0.37, width: 10, height: 1, glyphs: .ascii),
      ["###-------"])
    expectCanvas(
      try renderProgress([.bar()], ratio: 1, width: 10, height: 1, glyphs: .ascii), ["##########"])
  }

  @Test func bottomBarOfTwoRowsWithoutTrack() throws {
    let parameter = BarProgressorParameter(side: .bottom, height: 2, showsTrack: false)
    expectCanvas(
      try renderProgress([.bar(parameter)], ratio: 0.5, width: 8, height: 4),
      ["", "", "████", "████"])
  }

  @Test func barIsDrawnInItsColourAndTheTrackDimmed() throws {
    let canvas = try renderProgress([.bar(.init(color: .blue))], ratio: 0.5, width: 4, height: 1)
    #expect(canvas[0, 0].style == Style(foreground: .blue))
    #expect(canvas[3, 0].style == Style(foreground: .blue, attributes: .dim))
  }

  @Test func barKeepsTheBackgroundUnderIt() throws {
    var indicators = ProgressIndicators<Int>(timing: .instant)
    try indicators.start(in: 1, .bar(), at: .zero)
    var canvas = Canvas(width: 4, height: 1, style: Style(background: .teal))
    indicators.render(1, into: &canvas, area: canvas.bounds, at: .zero, glyphs: .unicode)
    #expect(canvas[0, 0].style == Style(foreground: .gray, background: .teal, attributes: .dim))
  }

  @Test func endlessBarMovesASegmentOneCellPerStep() throws {
    // 8 cells: a 2-cell segment, 50 ms a cell; it enters on the left, leaves on the right, and
    // the cycle (8 + 2 steps) starts again.
    let bar: [ProgressorType] = [.bar(.endless)]
    let frames: [(ms: Int, line: String)] = [
      (0, "█░░░░░░░"), (50, "██░░░░░░"), (100, "░██░░░░░"), (350, "░░░░░░██"),
      (400, "░░░░░░░█"), (450, "░░░░░░░░"), (500, "█░░░░░░░"),
    ]
    for frame in frames {
      expectCanvas(
        try renderProgress(bar, ratio: 0.9, width: 8, height: 1, at: .milliseconds(frame.ms)),
        [frame.line], "at \(frame.ms) ms")
    }
  }

  @Test func endlessBarAnimatesForEverAndProportionalDoesNot() {
    var endless = BarProgressor(.endless)
    _ = endless.start(parameter: nil, at: .seconds(1), timing: ProgressTiming())
    #expect(endless.nextFrame(after: .seconds(1)) == .milliseconds(1050))
    #expect(endless.nextFrame(after: .milliseconds(60_020)) == .milliseconds(60_050))
    var proportional = BarProgressor()
    _ = proportional.start(parameter: nil, at: .seconds(1), timing: ProgressTiming())
    #expect(proportional.nextFrame(after: .seconds(2)) == nil)
  }

  @Test func endingFillsTheBarInProportionToWhatIsLeft() {
    var bar = BarProgressor()
    bar.update(progress: 0.5)
    let duration = bar.end(at: .seconds(10), timing: ProgressTiming())
    #expect(duration == .milliseconds(500))
    var canvas = Canvas(width: 8, height: 1)
    bar.render(into: &canvas, area: canvas.bounds, at: .milliseconds(10_250), glyphs: .unicode)
    expectCanvas(canvas, ["██████░░"], "mid-way: 75 %")
    bar.update(progress: 0.1)
    #expect(bar.progress == 0.5, "updates after the end are ignored")
    #expect(bar.nextFrame(after: .milliseconds(10_480)) == .milliseconds(10_500))
    #expect(bar.nextFrame(after: .milliseconds(10_500)) == nil)
  }
}
