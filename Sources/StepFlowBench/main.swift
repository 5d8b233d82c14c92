import StepFlow
import StepFlowTerminal

// stepflow-bench: the speed and size figures the README reports. Run with
//   swift run -c release stepflow-bench [NAME...]
// Each figure is the best of several rounds, so that a busy machine disturbs it less; where a
// figure is an aim's ratio, the reference is measured in the same run, interleaved with it.
//
// One file a benchmark: to add one, write `func nameBenchmark()` in its own file and add a
// line to this list (kept in alphabetical order, so that two additions do not touch the same
// line).
let benchmarks: [Benchmark] = [
  Benchmark(
    name: "animation", summary: "animated step moves against the still move: CPU and bytes",
    run: animationBenchmark, profile: animationProfile),
  Benchmark(
    name: "animation-frames",
    summary: "a running session's moves frame by frame: time to draw and to write each",
    run: animationFramesBenchmark, profile: animationFramesProfile),
  Benchmark(
    name: "frames", summary: "bytes the frame writer sends: a move, an idle frame; diff speed",
    run: framesBenchmark),
  Benchmark(
    name: "gauge", summary: "gauge: bytes per 1 % update and per spinner frame",
    run: gaugeBenchmark),
  Benchmark(
    name: "list", summary: "a key in a list of 10 and 10,000 options; filtering 10,000 options",
    run: listBenchmark),
  Benchmark(
    name: "parse", summary: "parsing hostile files of 1 and 2 MiB: time and ratio (linear)",
    run: parseBenchmark),
  Benchmark(name: "render", summary: "drawing a 120x40 screen", run: renderBenchmark),
  Benchmark(
    name: "steps", summary: "a move, a key and a save at 10 and 100,000 steps; memory a step",
    run: stepsBenchmark),
  Benchmark(
    name: "strip", summary: "the step strip at 4, 100 and 10,000 steps", run: stripBenchmark),
  Benchmark(
    name: "update", summary: "commands per second through the pure update",
    run: updateBenchmark),
  Benchmark(
    name: "wizard", summary: "loading and validating a 10,000-step wizard file",
    run: wizardBenchmark, profile: wizardProfile),
]

exit(with: BenchmarkCommand.run(Array(CommandLine.arguments.dropFirst()), benchmarks))

func exit(with code: Int32) -> Never {
  if checksum == 42 { print("") }
  Platform.exitProcess(code)
}
