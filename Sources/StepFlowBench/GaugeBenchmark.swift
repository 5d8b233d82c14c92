import StepFlow
import StepFlowCLI
import StepFlowTerminal

/// The gauge: bytes per 1 % update and per spinner frame, at 80 columns.
func gaugeBenchmark() {
  func gaugeBytes(
    _ arguments: [String], updates: Int, step: (inout GaugeProgram, Int, inout Duration) -> Void
  ) -> Double {
    guard let options = try? GaugeOptions.parse(arguments) else { return .nan }
    var options2 = options
    options2.noAnimation = true
    var program = GaugeProgram(options: options2, glyphs: .unicode)
    var writer = FrameWriter(depth: .ansi256)
    var now = Duration.zero
    _ = program.handle(.resize(width: 80, height: 24), at: now)
    _ = writer.frame(program.view(width: 80, height: 24, at: now))
    var total = 0
    for i in 1...updates {
      step(&program, i, &now)
      total += writer.frame(program.view(width: 80, height: 24, at: now)).count
    }
    return Double(total) / Double(updates)
  }
  let perPercent = gaugeBytes(["--bar", "--label"], updates: 100) { program, i, now in
    now += .milliseconds(30)
    _ = program.handle(.input(Array("\(i)\n".utf8)), at: now)
  }
  report(
    "gauge --bar --label: bytes per 1 % update", format(perPercent) + " B",
    aim: "<= 32 B (dialog: ~64)")
  let perSpin = gaugeBytes(["--spinner", "--label"], updates: 50) { program, _, now in
    now += .milliseconds(80)
    _ = program.handle(.tick, at: now)
  }
  report("gauge --spinner: bytes per spinner frame", format(perSpin) + " B", aim: "<= 24 B")
}
