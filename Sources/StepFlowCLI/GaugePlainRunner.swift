import StepFlowCore
import StepFlowRender
import StepFlowTerminal

/// Runs `stepflow gauge` in plain mode: reads the gauge protocol from a file descriptor as it
/// arrives and writes ``GaugePlainReporter``'s lines, timed by the monotonic clock.
///
/// ```swift
/// let code = GaugePlainRunner(options: options).run()   // stdin → stdout
/// ```
package struct GaugePlainRunner: Sendable {
  package let options: GaugeOptions
  /// Where the percentages come from, where the lines go, and where a failure is told.
  package let input: Int32
  package let output: Int32
  package let errorOutput: Int32

  package init(options: GaugeOptions, input: Int32 = 0, output: Int32 = 1, errorOutput: Int32 = 2) {
    self.options = options
    self.input = input
    self.output = output
    self.errorOutput = errorOutput
  }

  /// Runs the gauge's command with its output passing straight through (nothing added, no
  /// escape sequence), until it ends; a terminating signal stops it first (SIGTERM to its
  /// group, SIGKILL after the grace period) and gives 128 + n; Ctrl-Z suspends it with stepflow.
  /// - Returns: the command's own status (128 + n when signal n killed it, 127/126 when it
  ///   could not start, 124 after `--timeout`).
  package func runCommand(_ command: CommandSpec) -> Int32 {
    let executor = TaskExecutor(passThrough: true)
    defer { executor.shutdown() }
    var waiter = TaskWaiter(executor)
    defer { waiter.finish() }
    executor.perform([
      .run(
        TaskID(.command, run: 0), .command(GaugeProgram.launch(command, timeout: options.timeout)))
    ])
    var interrupted: Int32?
    while true {
      switch waiter.next() {
      case .events(let events):
        for case .ended(_, let end) in events {
          return interrupted ?? GaugeCommand.report(end, timeout: options, errorOutput: errorOutput)
        }
      case .signalled(let code):
        interrupted = interrupted ?? code
      case .idle:
        return interrupted ?? ExitCode.notFinished
      }
    }
  }

  /// Reads until the input ends.
  /// - Returns: the exit code: 0 at the end of input, 124 when no input came for `--timeout`,
  ///   66 when the input cannot be read, 74 (with a message) when the output cannot be written
  ///   (`>/dev/full`, a closed stdout), as for every other command.
  package func run() -> Int32 {
    var parser = GaugeInputParser()
    var reporter = GaugePlainReporter(title: options.title, text: options.text)
    let origin = Platform.monotonicNow()
    while true {
      switch Platform.readChunk(input, timeout: options.timeout) {
      case .bytes(let bytes):
        let overlong = parser.overlongLines
        let lines = reporter.receive(parser.feed(bytes), at: Platform.monotonicNow() - origin)
        if parser.overlongLines > overlong {
          Platform.write(
            errorOutput,
            Array(
              ("stepflow: gauge: ignored a line longer than"
                + " \(Platform.sizeText(Platform.maxLineLength))\n").utf8))
        }
        guard write(lines) else { return writeFailed() }
      case .endOfFile:
        let now = Platform.monotonicNow() - origin
        var lines = reporter.receive(parser.finish(), at: now)
        lines += reporter.finish(at: now)
        return write(lines) ? ExitCode.finished : writeFailed()
      case .timedOut:
        Platform.write(
          errorOutput, Array("stepflow: gauge: no input for \(options.timeoutText)\n".utf8))
        return ExitCode.timeout
      case .failed(let reason):
        Platform.write(
          errorOutput, Array("stepflow: gauge: cannot read the input: \(reason)\n".utf8))
        return ExitCode.noInput
      }
    }
  }

  /// Says why the output could not be written (from `errno`, set by the failed write) and
  /// gives 74.
  private func writeFailed() -> Int32 {
    let reason = Platform.lastErrorDescription
    let what = output == 1 ? "standard output" : "the output"
    Platform.write(errorOutput, Array("stepflow: cannot write to \(what): \(reason)\n".utf8))
    return ExitCode.ioError
  }

  /// Writes lines, each with a newline; `false` when the output is closed.
  private func write(_ lines: [String]) -> Bool {
    guard !lines.isEmpty else { return true }
    return Platform.write(output, Array(lines.map { $0 + "\n" }.joined().utf8))
  }
}

extension GaugeOptions {
  /// The timeout as a person reads it: `2.5 seconds`.
  package var timeoutText: String {
    guard let timeout else { return "ever" }
    let milliseconds = Int(timeout.milliseconds.rounded())
    let whole = String(milliseconds / 1000)
    let fraction = milliseconds % 1000
    guard fraction != 0 else { return whole + (milliseconds == 1000 ? " second" : " seconds") }
    var decimals = String(fraction)
    while decimals.count < 3 { decimals = "0" + decimals }
    while decimals.last == "0" { decimals.removeLast() }
    return whole + "." + decimals + " seconds"
  }
}
