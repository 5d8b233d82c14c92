import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender

@Suite struct ProgressLabelTests {
  @Test func percentIsCentredAndRoundedDown() throws {
    // 9 columns: `0%` starts at (9 − 2) / 2 = 3, `37%` at 3, `100%` at 2; on the middle row.
    expectCanvas(try renderProgress([.label()], ratio: 0, width: 9, height: 3), ["", "   0%", ""])
    expectCanvas(
      try renderProgress([.label()], ratio: 0.37, width: 9, height: 3), ["", "   37%", ""])
    expectCanvas(
      try renderProgress([.label()], ratio: 1, width: 9, height: 3), ["", "  100%", ""])
    #expect(LabelProgressor.percent(of: 0.999) == 99)
    #expect(LabelProgressor.percent(of: 0.29) == 29)
    #expect(LabelProgressor.percent(of: 1.5) == 100)
  }

  @Test func labelIsTheSameInAscii() throws {
    expectCanvas(
      try renderProgress([.label()], ratio: 0.37, width: 9, height: 1, glyphs: .ascii),
      ["   37%"])
  }

  @Test func labelStyleDefaultsToBoldAndKeepsTheBackdrop() throws {
    let plain = try renderProgress([.label()], ratio: 0.5, width: 5, height: 1)
    #expect(plain[1, 0].style == Style(attributes: .bold))
    let tinted = try renderProgress(
      [.color(.init(color: .white, opacity: 0.5)), .label(.init(style: Style(foreground: .red)))],
      ratio: 0.5, width: 5, height: 1)
    #expect(tinted[1, 0].symbol == "5")
    #expect(tinted[1, 0].style == Style(foreground: .red, background: .rgb(128, 128, 128)))
  }

  @Test func endingCountsUpToOneHundred() {
    var label = LabelProgressor()
    label.update(progress: 0.6)
    let timing = ProgressTiming(maxEndingDuration: .seconds(1))
    #expect(label.end(at: .seconds(5), timing: timing) == .milliseconds(400))
    #expect(label.text(at: .seconds(5)) == "60%")
    #expect(label.text(at: .milliseconds(5200)) == "80%", "mid-way")
    #expect(label.text(at: .milliseconds(5400)) == "100%")
    #expect(label.text(at: .seconds(9)) == "100%")
    var canvas = Canvas(width: 7, height: 1)
    label.render(into: &canvas, area: canvas.bounds, at: .milliseconds(5300), glyphs: .unicode)
    expectCanvas(canvas, ["  90%"])
    #expect(label.nextFrame(after: .milliseconds(5000)) == .milliseconds(5050))
    #expect(label.nextFrame(after: .milliseconds(5380)) == .milliseconds(5400))
    #expect(label.nextFrame(after: .milliseconds(5400)) == nil)
  }

  @Test func endingFromOneHundredTakesNoTime() {
    var label = LabelProgressor()
    label.update(progress: 1)
    #expect(label.end(at: .seconds(1), timing: ProgressTiming()) == .zero)
  }
}
