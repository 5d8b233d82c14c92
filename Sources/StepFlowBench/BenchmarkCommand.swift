import StepFlowTerminal
import StepFlowText

/// The command line of `stepflow-bench`: which benchmarks to run, `--help`, `--smoke`.
enum BenchmarkCommand {
  static let usage =
    "usage: stepflow-bench [--smoke] [NAME...]   (stepflow-bench --help lists them)"

  /// Runs the benchmarks named (all of them when none is), in the order of the list.
  /// - Returns: the exit code: 0, or 64 for an unknown name or option (nothing is run then).
  static func run(_ arguments: [String], _ benchmarks: [Benchmark]) -> Int32 {
    var names: [String] = []
    for argument in arguments {
      switch argument {
      case "-h", "--help", "help":
        Platform.writeStdout(help(benchmarks))
        return 0
      case "--smoke":
        Bench.isSmoke = true
      default:
        names.append(argument)
      }
    }
    let known =
      benchmarks.map(\.name)
      + benchmarks.filter { $0.profile != nil }.map {
        $0.name + "-profile"
      }
    for name in names where !known.contains(name) {
      let shown = Sanitizer.sanitize(name)
      let what = name.hasPrefix("-") ? "option" : "benchmark"
      let suggestion = Suggestions.closest(to: name, in: known).map { " (did you mean \"\($0)\"?)" }
      Platform.writeStderr(
        "stepflow-bench: unknown \(what) \"\(shown)\"\(suggestion ?? "")\n\(usage)\n")
      return 64
    }
    for benchmark in benchmarks where names.isEmpty || names.contains(benchmark.name) {
      benchmark.run()
    }
    for benchmark in benchmarks where names.contains(benchmark.name + "-profile") {
      benchmark.profile?()
    }
    return 0
  }

  /// `--help`: what each benchmark measures.
  static func help(_ benchmarks: [Benchmark]) -> String {
    var lines = [
      "stepflow-bench: the speed and size figures of the README (build with -c release).",
      usage, "",
      "  --smoke       run each benchmark once with tiny sizes: checks that it runs, no figures",
      "                to trust (CI)",
      "",
      "benchmarks (all of them when none is named):",
    ]
    let width = (benchmarks.map { $0.name.count + ($0.profile == nil ? 0 : 8) }.max() ?? 0) + 2
    for benchmark in benchmarks {
      lines.append(
        "  " + benchmark.name + String(repeating: " ", count: width - benchmark.name.count)
          + benchmark.summary)
      if benchmark.profile != nil {
        let name = benchmark.name + "-profile"
        lines.append(
          "  " + name + String(repeating: " ", count: width - name.count)
            + "the same work in a loop, no figures (for perf or valgrind)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
