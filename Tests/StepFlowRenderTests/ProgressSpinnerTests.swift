import StepFlowTestSupport
import Testing

@testable import StepFlowCore
@testable import StepFlowRender

@Suite struct ProgressSpinnerTests {
  @Test func frameIsAFunctionOfTheTimeSinceItStarted() {
    var spinner = SpinnerProgressor()
    _ = spinner.start(parameter: nil, at: .seconds(2), timing: ProgressTiming())
    let frames = [0, 79, 80, 160, 799, 800].map {
      spinner.symbol(at: .seconds(2) + .milliseconds($0), glyphs: .unicode)
    }
    #expect(frames == ["⠋", "⠋", "⠙", "⠹", "⠏", "⠋"])
    #expect(spinner.symbol(at: .milliseconds(2080), glyphs: .ascii) == "/")
    #expect(spinner.symbol(at: .milliseconds(2240), glyphs: .ascii) == "\\")
  }

  @Test func lineSpinner() {
    var spinner = SpinnerProgressor(.init(frames: .line, interval: .milliseconds(100)))
    _ = spinner.start(parameter: nil, at: .zero, timing: ProgressTiming())
    let frames = [0, 100, 200, 300, 400].map {
      spinner.symbol(at: .milliseconds($0), glyphs: .unicode)
    }
    #expect(frames == ["|", "/", "-", "\\", "|"])
  }

  @Test func spinnerIsCentredAndSpinsUntilItEnds() throws {
    expectCanvas(
      try renderProgress([.spinner()], ratio: 0, width: 5, height: 3, at: .milliseconds(170)),
      ["", "  ⠹", ""])
    expectCanvas(
      try renderProgress(
        [.activityIndicator], ratio: 0, width: 5, height: 3, glyphs: .ascii, at: .zero),
      ["", "  |", ""])
    var spinner = SpinnerProgressor()
    _ = spinner.start(parameter: nil, at: .zero, timing: ProgressTiming())
    #expect(spinner.nextFrame(after: .milliseconds(100)) == .milliseconds(160))
    #expect(spinner.end(at: .milliseconds(170), timing: ProgressTiming()) == .zero)
    #expect(spinner.nextFrame(after: .milliseconds(170)) == nil)
    #expect(spinner.symbol(at: .seconds(5), glyphs: .unicode) == "⠹", "frozen while fading out")
  }
}
