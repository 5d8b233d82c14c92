import StepFlow

/// The strip costs the same for 4 steps and for 10,000.
func stripBenchmark() {
  func stripTime(_ count: Int) -> Duration {
    let steps = (0..<count).map {
      StepDefinition(id: "s\($0)", title: "Step \($0)", icon: .symbol("star"))
    }
    let flow = FlowDefinition(
      id: "n", title: "n", steps: steps, strip: StripStyle(position: .inline, shape: .dots(4)),
      navigation: .tap)
    let p = Progression(
      count: count, startsEmpty: false, reachedCount: count / 2 + 1, current: count / 2)
    let strip = StepStrip(flow: flow, progression: p, theme: flow.theme, glyphs: .unicode)
    var canvas = Canvas(width: 80, height: strip.height)
    let rounds = Bench.iterations(20_000)
    return best {
      for _ in 0..<rounds { strip.render(into: &canvas, area: canvas.bounds) }
      checksum &+= canvas.width
    } / rounds
  }
  let four = stripTime(4)
  let hundred = stripTime(100)
  let many = stripTime(10_000)
  report(
    "draw the strip: 4 steps (all 4 shown), 80 columns",
    format(four.milliseconds * 1000, decimals: 2) + " µs", aim: "")
  report(
    "draw the strip: 100 steps (a window of 11), 80 columns",
    format(hundred.milliseconds * 1000, decimals: 2) + " µs", aim: "same as 10,000")
  report(
    "draw the strip: 10,000 steps (a window of 11), 80 columns",
    format(many.milliseconds * 1000, decimals: 2) + " µs", aim: "same as 100")
}
