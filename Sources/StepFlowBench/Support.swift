import StepFlow
import StepFlowTerminal

// What every benchmark uses: timing (best of several rounds), the smoke mode, and one way to
// print a figure, a ratio and the aim beside it.

/// One benchmark: a name to run it by, a line for `--help`, and the work.
struct Benchmark {
  /// The name on the command line (`stepflow-bench NAME`).
  let name: String
  /// What it measures, for `--help`.
  let summary: String
  /// Runs it and prints its figures.
  let run: () -> Void
  /// A loop without figures for a profiler (`stepflow-bench NAME-profile`), if it has one.
  var profile: (() -> Void)? = nil
}

/// How the benchmarks are run: for figures, or as a quick smoke that only checks that each
/// one still runs (CI), with the fewest rounds and iterations.
enum Bench {
  nonisolated(unsafe) static var isSmoke = false

  /// `count`, or a handful in smoke mode.
  static func iterations(_ count: Int) -> Int { isSmoke ? min(count, 3) : count }

  /// `count` for sizes that make a figure (steps of a wizard, rows of a screen), or a small
  /// size in smoke mode, where only the code path matters.
  static func size(_ count: Int, smoke: Int) -> Int { isSmoke ? min(count, smoke) : count }
}

/// Runs `body` `rounds` times and returns the fastest round's duration.
func best(rounds: Int = 7, _ body: () -> Void) -> Duration {
  var fastest = Duration.seconds(1_000_000)
  for _ in 0..<(Bench.isSmoke ? 1 : rounds) {
    let start = Platform.monotonicNow()
    body()
    fastest = min(fastest, Platform.monotonicNow() - start)
  }
  return fastest
}

/// Runs the rounds of several bodies interleaved (a, b, a, b, …), so that a machine that gets
/// busier or quieter during the run moves every figure alike; the fastest round of each.
func bestInterleaved(rounds: Int = 7, _ bodies: [() -> Void]) -> [Duration] {
  var fastest = Array(repeating: Duration.seconds(1_000_000), count: bodies.count)
  for _ in 0..<(Bench.isSmoke ? 1 : rounds) {
    for (i, body) in bodies.enumerated() {
      let start = Platform.monotonicNow()
      body()
      fastest[i] = min(fastest[i], Platform.monotonicNow() - start)
    }
  }
  return fastest
}

func format(_ value: Double, decimals: Int = 1) -> String {
  guard value.isFinite else { return "\(value)" }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  return "\(rounded)"
}

/// Prints one figure and its aim.
func report(_ name: String, _ value: String, aim: String) {
  let pad = String(repeating: " ", count: max(1, 52 - name.count))
  print("\(name)\(pad)\(value)   (aim: \(aim))")
}

/// Prints a ratio against a reference measured in the same run, with its aim (`<= 2x`).
func reportRatio(_ name: String, _ value: Double, of reference: String, aim: String) {
  report(name, format(value, decimals: 2) + "x " + reference, aim: aim)
}

/// Keeps the optimizer from dropping the work measured.
nonisolated(unsafe) var checksum = 0
